/** Inputs that once answered 500: each must be a 4xx with the envelope, and change nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generousLimits } from './helpers/app';
import { createChat, createChatTestApp } from './helpers/chat-factories';
import { login } from './helpers/factories';
import { call, createWorker, createWorkspace } from './helpers/workspace-factories';

let ctx: Awaited<ReturnType<typeof createChatTestApp>>;
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let worker: Awaited<ReturnType<typeof createWorker>>;

beforeAll(async () => {
  ctx = await createChatTestApp({ limits: generousLimits() });
  owner = await createWorkspace(ctx);
  worker = await createWorker(ctx, owner.token);
  await createChat(ctx, owner.token, [worker.employee.id]);
});
afterAll(async () => ctx?.close());

describe('ids beyond the integer range answer like missing ones', () => {
  it.each([
    '/chat/chats/99999999999/messages',
    '/chat/chats/2147483648/messages',
    '/krye/data/employee/2147483648',
    '/krye/klista/99999999999999999999',
  ])('GET %s → 404', async (url) => {
    const res = await call(ctx, owner.token, 'GET', url);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
  });

  it('a message page before an id beyond any stored one is refused, not a 500', async () => {
    const res = await call(ctx, owner.token, 'GET', '/chat/chats/1/messages?before=100000000000000000000');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('impossible months answer 400', () => {
  it.each([
    ['employer', '/krye/pay?month=0000-01'],
    ['employer', '/krye/pay?month=9999-12'],
    ['employer', '/krye/export/pay?month=0000-01&format=csv'],
    ['employer', '/krye/export/hours?month=0000-01&format=xlsx'],
    ['employer', '/krye/export/payroll?month=0000-01&format=csv'],
    ['employer', '/krye/payslip/1?month=0000-01'],
    ['employer', '/krye/klista?month=0000-01'],
    ['employer', '/krye/klista?date=0000-01-01'],
    ['worker', '/krye/worker/me?month=0000-01'],
    ['worker', '/krye/worker/me/payslip?month=0000-01'],
  ] as const)('%s GET %s', async (who, url) => {
    const token = who === 'worker' ? worker.token : owner.token;
    const res = await call(ctx, token, 'GET', url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Error).toMatch(/YYYY-MM/);
  });
});

describe('malformed headers on a cookie write answer 4xx', () => {
  it.each(['http://[::1', 'https://localhost:99999', 'not a url', 'null'])('Origin %j', async (origin) => {
    const session = await login(ctx, owner.email, owner.password);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/krye/employers/roles',
      headers: { cookie: session.cookie, origin },
      payload: { role: 'Nga askund' },
    });
    expect(res.statusCode).toBe(403);
  });
});
