import type { TContactInboxMessage } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAdminTestApp } from '../../../test/helpers/admin-factories';
import type { TestContext } from '../../../test/helpers/app';
import { randomEmail } from '../../../test/helpers/factories';
import { call, createWorker, createWorkspace } from '../../../test/helpers/workspace-factories';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  ctx = await createAdminTestApp();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

async function sendContact(name: string) {
  const email = randomEmail('visitor');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/contact',
    payload: { name, email, message: `Hello from ${name}` },
  });
  expect(res.statusCode).toBe(201);
  return email;
}

async function inbox(query = ''): Promise<TContactInboxMessage[]> {
  const res = await call(ctx, admin.token, 'GET', `/auth/admin/contact-messages${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ Status: true; Result: TContactInboxMessage[] }>().Result;
}

describe('contact inbox', () => {
  it('lists the public form’s messages newest first, unread', async () => {
    const first = await sendContact('Arta');
    const second = await sendContact('Besnik');

    const messages = await inbox();

    expect(messages.map((m) => m.email).slice(0, 2)).toEqual([second, first]);
    expect(messages[0]).toEqual({
      id: expect.any(Number),
      name: 'Besnik',
      email: second,
      message: 'Hello from Besnik',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      read_at: null,
    });
  });

  it('marks a message read, keeps the first read time, and unread again', async () => {
    const email = await sendContact('Dritan');
    const message = (await inbox()).find((m) => m.email === email);
    const url = `/auth/admin/contact-messages/${message?.id}/read`;

    const read = await call(ctx, admin.token, 'PUT', url, { read: true });
    expect(read.statusCode).toBe(200);
    const readAt = read.json<{ Result: TContactInboxMessage }>().Result.read_at;
    expect(read.json()).toEqual({ Status: true, Result: { ...message, read_at: expect.any(String) } });
    const again = await call(ctx, admin.token, 'PUT', url, { read: true });
    expect(again.json<{ Result: TContactInboxMessage }>().Result.read_at).toBe(readAt);

    expect((await inbox('?unread=true')).some((m) => m.email === email)).toBe(false);
    expect((await inbox('?unread=false')).some((m) => m.email === email)).toBe(true);

    const unread = await call(ctx, admin.token, 'PUT', url, { read: false });
    expect(unread.json<{ Result: TContactInboxMessage }>().Result.read_at).toBeNull();
    expect((await inbox('?unread=1')).some((m) => m.email === email)).toBe(true);
  });

  it('answers 404 for an unknown message and 400 for bad input', async () => {
    const missing = await call(ctx, admin.token, 'PUT', '/auth/admin/contact-messages/999999/read', { read: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ Status: false, Error: 'Message not found.' });
    const bad = await call(ctx, admin.token, 'PUT', '/auth/admin/contact-messages/1/read', { read: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ Error: string }>().Error).toBe('read must be true or false.');
    expect((await call(ctx, admin.token, 'GET', '/auth/admin/contact-messages?unread=maybe')).statusCode).toBe(400);
  });

  it('is refused to employers, workers and anonymous callers', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    for (const [method, url, body] of [
      ['GET', '/auth/admin/contact-messages', undefined],
      ['PUT', '/auth/admin/contact-messages/1/read', { read: true }],
    ] as const) {
      expect((await call(ctx, employer.token, method, url, body)).statusCode).toBe(403);
      expect((await call(ctx, worker.token, method, url, body)).statusCode).toBe(403);
      expect((await call(ctx, null, method, url, body)).statusCode).toBe(401);
    }
  });
});
