import { CHAT_PUSH_BODY_MAX, type TChatPushPayload } from '@puna/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createAdmin } from '../../../test/helpers/admin-factories';
import type { TestContext } from '../../../test/helpers/app';
import {
  connected,
  createChat,
  createChatTestApp,
  eventually,
  say,
  sleep,
  socketPool,
} from '../../../test/helpers/chat-factories';
import { userIdOf } from '../../../test/helpers/factories';
import { browserKeys, type ReceivedPush, startPushService } from '../../../test/helpers/push-service';
import { call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';
import { buildApp } from '../../app';
import { pushSubscriptions } from '../../db/schema';
import { vapidKeys } from '../../plugins/push';

let ctx: TestContext & { url: string };
let pushService: Awaited<ReturnType<typeof startPushService>>;
const sockets = socketPool(() => ctx);
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let arta: Awaited<ReturnType<typeof createWorker>>;
let besa: Awaited<ReturnType<typeof createWorker>>;

beforeAll(async () => {
  // The stand-in push service listens on 127.0.0.1, which production never sends to.
  ctx = await createChatTestApp({ pushAllowPrivateAddresses: true });
  pushService = await startPushService();
  owner = await createWorkspace(ctx, 'Ndërtimi shpk');
  arta = await createWorker(ctx, owner.token, { name: 'Arta' });
  besa = await createWorker(ctx, owner.token, { name: 'Besa' });
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

async function publicKey(token: string): Promise<string> {
  const res = await call(ctx, token, 'GET', '/notifications/push/key');
  expect(res.statusCode).toBe(200);
  return res.json<{ Result: { publicKey: string } }>().Result.publicKey;
}

const subscriptionRows = (endpoint: string) =>
  ctx.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

function subscriptionBody(endpoint: string, keys = browserKeys()) {
  return { subscription: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
}

/**
 * Subscribes a user's browser at the stand-in push service. The API accepts only https endpoints
 * (the stand-in is plain http), so the row is stored as the route would store it.
 */
async function subscribeAtStandIn(token: string, status = 201) {
  const keys = browserKeys();
  const endpoint = pushService.endpoint(status);
  await ctx.app.db
    .insert(pushSubscriptions)
    .values({ userId: await userIdOf(ctx, token), endpoint, p256dh: keys.p256dh, auth: keys.auth });
  return { endpoint, keys };
}

function decoded(push: ReceivedPush, keys: ReturnType<typeof browserKeys>): TChatPushPayload {
  return JSON.parse(keys.decrypt(push.body)) as TChatPushPayload;
}

describe('GET /notifications/push/key', () => {
  it('gives every user the one VAPID public key, kept in the database across restarts', async () => {
    const key = await publicKey(owner.token);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKey(arta.token)).toBe(key);

    const restarted = await buildApp(ctx.config, { database: ctx.database, logger: false });
    try {
      expect(restarted.push.publicKey).toBe(key);
    } finally {
      await restarted.close();
    }
  });

  it('keeps one key pair when several processes start together', async () => {
    const keys = await Promise.all([vapidKeys(ctx.app.db), vapidKeys(ctx.app.db), vapidKeys(ctx.app.db)]);
    expect(new Set(keys.map((k) => k.publicKey))).toEqual(new Set([ctx.app.push.publicKey]));
  });

  it('refuses anonymous callers', async () => {
    expect((await call(ctx, null, 'GET', '/notifications/push/key')).statusCode).toBe(401);
  });
});

describe('POST /auth/push-subscription', () => {
  // Users of their own: the endpoints stored here are not reachable, and nothing is sent to them.
  let cena: Awaited<ReturnType<typeof createWorker>>;
  let dita: Awaited<ReturnType<typeof createWorker>>;
  beforeAll(async () => {
    cena = await createWorker(ctx, owner.token, { name: 'Cena' });
    dita = await createWorker(ctx, owner.token, { name: 'Dita' });
  });

  it('stores the subscription for the session’s user, whatever the body says', async () => {
    const endpoint = `https://push.example/${Math.random()}`;
    const res = await call(ctx, cena.token, 'POST', '/auth/push-subscription', {
      ...subscriptionBody(endpoint),
      userId: 1,
      userType: 'employer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Status: true });
    expect(await subscriptionRows(endpoint)).toMatchObject([{ userId: await userIdOf(ctx, cena.token) }]);
  });

  it('updates the keys when the same user sends its endpoint again, and refuses another user’s endpoint', async () => {
    const endpoint = `https://push.example/${Math.random()}`;
    await call(ctx, cena.token, 'POST', '/auth/push-subscription', subscriptionBody(endpoint));
    const keys = browserKeys();
    const again = await call(ctx, cena.token, 'POST', '/auth/push-subscription', subscriptionBody(endpoint, keys));
    expect(again.statusCode).toBe(200);

    const res = await call(ctx, dita.token, 'POST', '/auth/push-subscription', subscriptionBody(endpoint));

    expect(res.statusCode).toBe(409);
    expect(await subscriptionRows(endpoint)).toMatchObject([
      { userId: await userIdOf(ctx, cena.token), p256dh: keys.p256dh, auth: keys.auth },
    ]);
  });

  it.each([
    ['no subscription', {}],
    ['no keys', { subscription: { endpoint: 'https://push.example/nokeys' } }],
    ['an endpoint that is not a URL', { subscription: { endpoint: 'push me', keys: { p256dh: 'a', auth: 'b' } } }],
    ['an empty key', { subscription: { endpoint: 'https://push.example/empty', keys: { p256dh: '', auth: 'b' } } }],
  ])('refuses %s with 400', async (_name, body) => {
    const res = await call(ctx, cena.token, 'POST', '/auth/push-subscription', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
  });

  it('refuses an endpoint that is not https, storing nothing', async () => {
    const endpoint = 'http://push.example/plain';
    const res = await call(ctx, cena.token, 'POST', '/auth/push-subscription', subscriptionBody(endpoint));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Status: false, Error: 'The push subscription endpoint must be an https:// address.' });
    expect(await subscriptionRows(endpoint)).toEqual([]);
  });

  it('refuses anonymous callers and an admin viewing an employer’s account', async () => {
    const endpoint = `https://push.example/${Math.random()}`;
    expect((await call(ctx, null, 'POST', '/auth/push-subscription', subscriptionBody(endpoint))).statusCode).toBe(401);

    const admin = await createAdmin(ctx);
    const browser = new CookieJar({ puna_session: admin.token });
    const started = await browser.send(ctx, { method: 'POST', url: `/auth/admin/impersonate/${owner.employerId}` });
    expect(started.statusCode).toBe(200);
    const res = await browser.send(ctx, {
      method: 'POST',
      url: '/auth/push-subscription',
      payload: subscriptionBody(endpoint),
    });
    expect(res.statusCode).toBe(403);
    expect(await subscriptionRows(endpoint)).toEqual([]);
  });
});

describe('DELETE /auth/push-subscription', () => {
  let cena: Awaited<ReturnType<typeof createWorker>>;
  let dita: Awaited<ReturnType<typeof createWorker>>;
  beforeAll(async () => {
    cena = await createWorker(ctx, owner.token, { name: 'Cena' });
    dita = await createWorker(ctx, owner.token, { name: 'Dita' });
  });

  it('forgets the caller’s own subscription', async () => {
    const endpoint = `https://push.example/${Math.random()}`;
    await call(ctx, cena.token, 'POST', '/auth/push-subscription', subscriptionBody(endpoint));
    const res = await call(ctx, cena.token, 'DELETE', '/auth/push-subscription', { endpoint });
    expect(res.statusCode).toBe(200);
    expect(await subscriptionRows(endpoint)).toEqual([]);
  });

  it('answers 404 for another user’s subscription and keeps it', async () => {
    const endpoint = `https://push.example/${Math.random()}`;
    await call(ctx, cena.token, 'POST', '/auth/push-subscription', subscriptionBody(endpoint));
    const res = await call(ctx, dita.token, 'DELETE', '/auth/push-subscription', { endpoint });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Status: false, Error: 'Push subscription not found.', code: 'pushNotFound' });
    expect(await subscriptionRows(endpoint)).toHaveLength(1);
    expect((await call(ctx, null, 'DELETE', '/auth/push-subscription', { endpoint })).statusCode).toBe(401);
    expect(await subscriptionRows(endpoint)).toHaveLength(1);
  });

  it('refuses a body without an endpoint with 400', async () => {
    expect((await call(ctx, cena.token, 'DELETE', '/auth/push-subscription', {})).statusCode).toBe(400);
    expect((await call(ctx, cena.token, 'DELETE', '/auth/push-subscription', { endpoint: 5 })).statusCode).toBe(400);
  });
});

describe('chat push notifications', () => {
  it('sends an encrypted, VAPID-signed push to a member with no open socket', async () => {
    const chat = await createChat(ctx, owner.token, [besa.employee.id]);
    const besaBrowser = await subscribeAtStandIn(besa.token);
    const boss = await connected(sockets.connect(owner.token));
    await say(boss, chat.id, 'Mirëdita, nesër fillojmë në 7.');

    const [push] = await eventually(() => {
      const got = pushService.to(besaBrowser.endpoint);
      expect(got).toHaveLength(1);
      return got;
    });
    if (!push) throw new Error('no push');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const authorization = push.headers.authorization ?? '';
    const match = authorization.match(/^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/);
    expect(match?.[4]).toBe(ctx.app.push.publicKey);
    const claims = JSON.parse(Buffer.from(match?.[2] ?? '', 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ aud: new URL(besaBrowser.endpoint).origin, sub: ctx.config.vapidSubject });

    expect(decoded(push, besaBrowser.keys)).toEqual({
      title: 'Puna Chat',
      body: 'Ndërtimi shpk: Mirëdita, nesër fillojmë në 7.',
      icon: '/icon-192x192.png',
      tag: `chat-${chat.id}`,
      data: { url: `/datapuntoret/chat?chat=${chat.id}`, chatId: chat.id },
    });
  });

  it('pushes to no member that has a socket open, nor to the sender', async () => {
    const group = await createChat(ctx, owner.token, [arta.employee.id, besa.employee.id], 'Ekipi');
    const online = await subscribeAtStandIn(arta.token);
    const offline = await subscribeAtStandIn(besa.token);
    const sender = await subscribeAtStandIn(owner.token);
    await connected(sockets.connect(arta.token));
    const boss = await connected(sockets.connect(owner.token));
    await say(boss, group.id, 'Vetëm Besa njoftohet');

    await eventually(() => expect(pushService.to(offline.endpoint)).toHaveLength(1));
    await sleep(300);
    expect(pushService.to(online.endpoint)).toEqual([]);
    expect(pushService.to(sender.endpoint)).toEqual([]);
  });

  it('sends the employer’s push to its chat page, with a long message cut short', async () => {
    const chat = await createChat(ctx, owner.token, [arta.employee.id]);
    const employerBrowser = await subscribeAtStandIn(owner.token);
    const worker = await connected(sockets.connect(arta.token));
    await say(worker, chat.id, 'fjalë '.repeat(100));

    const [push] = await eventually(() => {
      const got = pushService.to(employerBrowser.endpoint);
      expect(got).toHaveLength(1);
      return got;
    });
    if (!push) throw new Error('no push');
    const payload = decoded(push, employerBrowser.keys);
    expect(payload.data.url).toBe(`/kryepuntor/chat?chat=${chat.id}`);
    expect([...payload.body]).toHaveLength(CHAT_PUSH_BODY_MAX);
    expect(payload.body.startsWith('Arta: fjalë fjalë')).toBe(true);
    expect(payload.body.endsWith('…')).toBe(true);
  });

  it.each([410, 404])('deletes a subscription the push service answers %i for', async (status) => {
    const chat = await createChat(ctx, owner.token, [besa.employee.id]);
    const gone = await subscribeAtStandIn(besa.token, status);
    const boss = await connected(sockets.connect(owner.token));
    await say(boss, chat.id, 'A je aty?');
    await eventually(async () => expect(await subscriptionRows(gone.endpoint)).toEqual([]));
    expect(pushService.to(gone.endpoint)).toHaveLength(1);
  });

  it('keeps the subscription and the message when the push service fails or cannot be reached', async () => {
    const chat = await createChat(ctx, owner.token, [besa.employee.id]);
    const failing = await subscribeAtStandIn(besa.token, 500);
    const keys = browserKeys();
    const unreachable = 'http://127.0.0.1:1/push/nobody';
    await ctx.app.db
      .insert(pushSubscriptions)
      .values({ userId: await userIdOf(ctx, besa.token), endpoint: unreachable, p256dh: keys.p256dh, auth: keys.auth });
    const boss = await connected(sockets.connect(owner.token));

    const message = await say(boss, chat.id, 'Gjithsesi ruhet');
    expect(message.content).toBe('Gjithsesi ruhet');
    await eventually(() => expect(pushService.to(failing.endpoint)).toHaveLength(1));
    await sleep(200);
    expect(await subscriptionRows(failing.endpoint)).toHaveLength(1);
    expect(await subscriptionRows(unreachable)).toHaveLength(1);
  });
});
