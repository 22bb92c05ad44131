import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import { browserKeys } from '../../../test/helpers/push-service';
import { call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';
import { pushSubscriptions } from '../../db/schema';
import { isPublicAddress } from '../../lib/public-address';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  // The production rule: push only to public addresses.
  ctx = await createTestApp({}, { limits: generousLimits() });
  owner = await createWorkspace(ctx);
});
afterAll(async () => ctx?.close());

const subscribe = (token: string, endpoint: string) => {
  const keys = browserKeys();
  return call(ctx, token, 'POST', '/auth/push-subscription', {
    subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
};
const rowsOf = (endpoint: string) =>
  ctx.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('push endpoints reach the public internet only', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/push'],
    ['loopback by name', 'https://localhost/push'],
    ['loopback, another spelling', 'https://127.1.2.3:8443/push'],
    ['IPv6 loopback', 'https://[::1]/push'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/push'],
    ['a private network', 'https://10.0.0.8/push'],
    ['a private network (192.168)', 'https://192.168.1.1/push'],
    ['a private network (172.16)', 'https://172.16.5.4/push'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest'],
    ['IPv6 unique-local', 'https://[fd00::1]/push'],
    ['IPv6 link-local', 'https://[fe80::1]/push'],
    ['multicast', 'https://224.0.0.1/push'],
    ['unspecified', 'https://0.0.0.0/push'],
    ['carrier-grade NAT', 'https://100.64.0.1/push'],
    ['a name that does not resolve', 'https://no-such-host.invalid.'],
  ])('refuses %s, storing nothing', async (_case, endpoint) => {
    const res = await subscribe(owner.token, endpoint);
    expect(res.statusCode).toBe(400);
    expect(res.json().Error).toMatch(/^The push subscription endpoint is refused: /);
    expect(await rowsOf(endpoint)).toEqual([]);
  });

  it('stores an https endpoint on a public address', async () => {
    const endpoint = `https://fcm.googleapis.example/fcm/send/${Math.random()}`;
    const res = await subscribe(owner.token, endpoint);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(endpoint)).toHaveLength(1);
  });

  it('never connects to a private address, even for a row stored before the rule', async () => {
    let hits = 0;
    const server = http.createServer((_request, response) => {
      hits += 1;
      response.writeHead(201).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const keys = browserKeys();
      for (const endpoint of [`http://127.0.0.1:${port}/push`, `http://localhost:${port}/push`]) {
        const outcome = await ctx.app.push.send({ endpoint, p256dh: keys.p256dh, auth: keys.auth }, { hello: 1 });
        expect(outcome).toBe('failed');
      }
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('judges addresses with ipaddr.js ranges', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '169.254.1.1', 'fc00::1', '::ffff:10.0.0.1', 'nonsense']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('push subscriptions per user', () => {
  it('keeps at most 10 per user: an 11th replaces the oldest', async () => {
    const worker = await createWorker(ctx, owner.token);
    const endpoints = Array.from({ length: 11 }, (_, i) => `https://push.example/cap-${i}-${Math.random()}`);
    for (const endpoint of endpoints) expect((await subscribe(worker.token, endpoint)).statusCode).toBe(200);

    const mine = await ctx.app.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoints[0] as string));
    expect(mine).toEqual([]);
    for (const endpoint of endpoints.slice(1)) expect(await rowsOf(endpoint)).toHaveLength(1);
  });

  it("does not move another user's endpoint to the caller", async () => {
    const a = await createWorker(ctx, owner.token);
    const b = await createWorker(ctx, owner.token);
    const endpoint = `https://push.example/owned-${Math.random()}`;
    expect((await subscribe(a.token, endpoint)).statusCode).toBe(200);
    const [before] = await rowsOf(endpoint);

    const res = await subscribe(b.token, endpoint);

    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    expect(await rowsOf(endpoint)).toEqual([before]);
  });
});
