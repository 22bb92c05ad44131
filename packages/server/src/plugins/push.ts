import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/executor';
import { appSettings } from '../db/schema';
import {
  type HostResolver,
  isPublicAddress,
  nonPublicReason,
  publicOnlyLookup,
  resolveHost,
} from '../lib/public-address';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** What the push service answered: delivered, the subscription is gone (404/410), or it failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export type Push = {
  /** The VAPID public key (base64url) browsers subscribe with. */
  publicKey: string;
  /** Encrypts and sends one notification; never throws. */
  send(target: PushTarget, payload: unknown): Promise<PushOutcome>;
  /** Why an endpoint may not be stored (not https, not a public address), or null. */
  endpointProblem(endpoint: string): Promise<string | null>;
  /** How host names are resolved for that check (tests give reserved test names an address). */
  resolveHost: HostResolver;
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
  const read = async () => {
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, VAPID_SETTING));
    return row?.value as Partial<VapidKeys> | undefined;
  };
  let keys = await read();
  if (!keys) {
    const { default: webpush } = await webPush();
    await db
      .insert(appSettings)
      .values({ key: VAPID_SETTING, value: webpush.generateVAPIDKeys() })
      .onConflictDoNothing();
    keys = await read();
  }
  if (!keys?.publicKey || !keys.privateKey) throw new Error('VAPID keys are missing from app_settings');
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * `web-push`, loaded when first needed (the first start's keys, the first push) rather than with the
 * server: about 40 ms of a later start on one core.
 */
function webPush() {
  return import('web-push');
}

/**
 * Web Push (RFC 8030/8291/8292). `web-push` encrypts the payload (aes128gcm) and signs the VAPID
 * header; the request itself goes out with node:https, with a timeout, without following redirects,
 * and only to public addresses.
 */
export const pushPlugin = fp(async (app: FastifyInstance) => {
  const keys = await vapidKeys(app.db);
  const vapidDetails = { subject: app.config.vapidSubject, ...keys };

  const allowPrivate = app.config.pushAllowPrivateAddresses;

  /**
   * One POST, redirects not followed, with a lookup that refuses non-public addresses when the
   * socket connects (so DNS re-pointed at this machine after the endpoint was checked gets nowhere).
   */
  function post(url: URL, headers: Record<string, string>, body: Buffer): Promise<number> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(
        url,
        { method: 'POST', headers, timeout: PUSH_TIMEOUT_MS, ...(allowPrivate ? {} : { lookup: publicOnlyLookup }) },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('timeout', () => request.destroy(new Error('push service did not answer in time')));
      request.on('error', reject);
      request.end(body);
    });
  }

  const push: Push = {
    publicKey: keys.publicKey,
    send,
    resolveHost,
    async endpointProblem(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return 'The push subscription endpoint is not a valid address.';
      }
      if (url.protocol !== 'https:') return 'The push subscription endpoint must be an https:// address.';
      if (allowPrivate) return null;
      const reason = await nonPublicReason(url, push.resolveHost);
      return reason ? `The push subscription endpoint is refused: ${reason}.` : null;
    },
  };

  async function send(target: PushTarget, payload: unknown): Promise<PushOutcome> {
    try {
      const { default: webpush } = await webPush();
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: PUSH_TTL_SECONDS, contentEncoding: 'aes128gcm' },
      );
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const url = new URL(request.endpoint);
      // An endpoint stored before the public-address rule, or re-pointed since: never sent to.
      if (
        !allowPrivate &&
        net.isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
        !isPublicAddress(url.hostname.replace(/^\[|\]$/g, ''))
      ) {
        app.log.warn({ host: url.host }, 'push endpoint is not a public address; not sent');
        return 'failed';
      }
      const status = await post(url, headers, request.body);
      if (status === 404 || status === 410) return 'gone';
      if (status < 200 || status >= 300) {
        app.log.warn({ status, host: url.host }, 'push service refused');
        return 'failed';
      }
      return 'sent';
    } catch (error) {
      app.log.warn({ err: error }, 'push could not be sent');
      return 'failed';
    }
  }

  app.decorate('push', push);
});
