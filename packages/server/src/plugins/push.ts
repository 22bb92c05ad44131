import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import type { Executor } from '../db/executor';
import { appSettings } from '../db/schema';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the push service answered: delivered, the subscription is gone (404/410), or it failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export type Push = {
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey: string;
  /** Encrypts and sends one notification; never throws. */
  send(target: PushTarget, payload: unknown): Promise<PushOutcome>;
};

declare module 'fastify' {
  interface FastifyInstance {
    push: Push;
  }
}

const VAPID_SETTING = 'vapid_keys';
/** A push service that has not answered by then is given up on. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for an offline browser. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The server's VAPID key pair, generated on the first start and kept in `app_settings`. Insert if
 * absent, then read: processes starting together all end up with the one pair that was stored.
 */
export async function vapidKeys(db: Executor): Promise<VapidKeys> {
  await db.insert(appSettings).values({ key: VAPID_SETTING, value: webpush.generateVAPIDKeys() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VAPID_SETTING));
  const keys = row?.value as Partial<VapidKeys> | undefined;
  if (!keys?.publicKey || !keys.privateKey) throw new Error('VAPID keys are missing from app_settings');
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * Web Push (RFC 8030/8291/8292). `web-push` encrypts the payload (aes128gcm) and signs the VAPID
 * header; the request itself goes out with fetch, with a timeout and without following redirects.
 */
export const pushPlugin = fp(async (app: FastifyInstance) => {
  const keys = await vapidKeys(app.db);
  const vapidDetails = { subject: app.config.vapidSubject, ...keys };

  async function send(target: PushTarget, payload: unknown): Promise<PushOutcome> {
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm' },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          // fetch sets the length itself.
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body,
        redirect: 'error',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) {
        app.log.warn({ status: response.status, host: new URL(target.endpoint).host }, 'push service refused');
        return 'failed';
      }
      return 'sent';
    } catch (error) {
      app.log.warn({ err: error }, 'push could not be sent');
      return 'failed';
    }
  }

  app.decorate('push', { publicKey: keys.publicKey, send } satisfies Push);
});
