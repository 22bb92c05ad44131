import type { TChat, TChatMessage, TChatWorker } from '@puna/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  connected,
  createChat,
  createChatTestApp,
  say,
  socketPool,
  unread,
} from '../../../test/helpers/chat-factories';
import {
  addEmployee,
  call,
  createWorker,
  createWorkspace,
  resultOf,
  setWorkerLimit,
} from '../../../test/helpers/workspace-factories';
import { chatMembers, chats } from '../../db/schema';

let ctx: TestContext & { url: string };
const sockets = socketPool(() => ctx);
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let other: Awaited<ReturnType<typeof createWorkspace>>;
let arta: Awaited<ReturnType<typeof createWorker>>;
let besa: Awaited<ReturnType<typeof createWorker>>;
let outsider: Awaited<ReturnType<typeof createWorker>>;
let noLogin: Awaited<ReturnType<typeof addEmployee>>;

beforeAll(async () => {
  ctx = await createChatTestApp();
  owner = await createWorkspace(ctx, 'Ndërtimi shpk');
  other = await createWorkspace(ctx, 'Tjetër shpk');
  await setWorkerLimit(ctx, owner.employerId, 100);
  besa = await createWorker(ctx, owner.token, { name: 'Besa' });
  arta = await createWorker(ctx, owner.token, { name: 'Arta' });
  noLogin = await addEmployee(ctx, owner.token, { name: 'Pa Login' });
  outsider = await createWorker(ctx, other.token, { name: 'Jashtë' });
});
afterEach(() => sockets.closeAll());
afterAll(async () => ctx?.close());

async function chatCount(): Promise<number> {
  const [row] = await ctx.app.db.select({ n: count() }).from(chats);
  return row?.n ?? 0;
}

describe('GET /chat/workers', () => {
  it('lists the employer’s employees that have a worker login, by name', async () => {
    const res = await call(ctx, owner.token, 'GET', '/chat/workers');
    expect(res.statusCode).toBe(200);
    expect(resultOf<TChatWorker[]>(res)).toEqual([
      { id: arta.employee.id, name: 'Arta', userType: 'worker' },
      { id: besa.employee.id, name: 'Besa', userType: 'worker' },
    ]);
  });

  it('refuses workers and anonymous callers', async () => {
    expect((await call(ctx, arta.token, 'GET', '/chat/workers')).statusCode).toBe(403);
    expect((await call(ctx, null, 'GET', '/chat/workers')).statusCode).toBe(401);
  });
});

describe('POST /chat/chats', () => {
  it('creates a direct chat with one worker, then answers the existing one', async () => {
    const employer = await createWorkspace(ctx, 'Direct shpk');
    const worker = await createWorker(ctx, employer.token, { name: 'Drita' });
    const body = { type: 'direct', name: '', members: [{ id: worker.employee.id, name: 'Drita', userType: 'worker' }] };

    const first = await call(ctx, employer.token, 'POST', '/chat/chats', body);
    expect(first.statusCode).toBe(201);
    const chat = first.json<{ Status: true; Result: TChat }>().Result;
    expect(chat).toMatchObject({
      type: 'direct',
      name: null,
      employer_id: employer.employerId,
      employer_name: 'Direct shpk',
      member_ids: [worker.employee.id],
      member_names: ['Drita'],
      members: [
        { id: employer.employerId, name: 'Direct shpk', userType: 'employer' },
        { id: worker.employee.id, name: 'Drita', userType: 'worker' },
      ],
      lastMessage: null,
    });

    const again = await call(ctx, employer.token, 'POST', '/chat/chats', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ Status: true, Result: { id: chat.id }, message: 'Chat already exists' });
  });

  it('creates one direct chat when the same one is asked for twice at once', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const body = { type: 'direct', members: [{ id: worker.employee.id, userType: 'worker' }] };
    const [a, b] = await Promise.all([
      call(ctx, employer.token, 'POST', '/chat/chats', body),
      call(ctx, employer.token, 'POST', '/chat/chats', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<{ Result: TChat }>().Result.id).toBe(b.json<{ Result: TChat }>().Result.id);
  });

  it('creates a named group chat with several workers', async () => {
    const res = await call(ctx, owner.token, 'POST', '/chat/chats', {
      type: 'group',
      name: '  Kantieri  ',
      members: [
        { id: besa.employee.id, userType: 'worker' },
        { id: arta.employee.id, userType: 'worker' },
        { id: owner.employerId, userType: 'employer' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ Result: TChat }>().Result).toMatchObject({
      type: 'group',
      name: 'Kantieri',
      member_ids: [arta.employee.id, besa.employee.id],
      member_names: ['Arta', 'Besa'],
    });
  });

  it.each([
    ['no members', { type: 'direct', members: [] }, 'Please select at least one employee.'],
    ['a group without a name', { type: 'group', name: ' ', members: 'both' }, 'A group chat needs a name.'],
    ['a direct chat with two workers', { type: 'direct', members: 'both' }, 'A direct chat has exactly one worker.'],
    ['an unknown type', { type: 'channel', members: 'both' }, undefined],
    ['a member id that is not a number', { type: 'direct', members: [{ id: 'x', userType: 'worker' }] }, undefined],
    ['a name over 80 characters', { type: 'group', name: 'x'.repeat(81), members: 'both' }, undefined],
  ])('refuses %s with 400 and creates nothing', async (_name, body, message) => {
    const members =
      body.members === 'both'
        ? [
            { id: arta.employee.id, userType: 'worker' },
            { id: besa.employee.id, userType: 'worker' },
          ]
        : body.members;
    const before = await chatCount();
    const res = await call(ctx, owner.token, 'POST', '/chat/chats', { ...body, members });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: message ?? expect.any(String) });
    expect(await chatCount()).toBe(before);
  });

  it('refuses another employer as a member with a sentence', async () => {
    const before = await chatCount();
    const res = await call(ctx, owner.token, 'POST', '/chat/chats', {
      type: 'direct',
      members: [
        { id: arta.employee.id, userType: 'worker' },
        { id: other.employerId, userType: 'employer' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'A chat can only include you and your own workers.',
      code: 'chatOnlyOwnWorkers',
    });
    expect(await chatCount()).toBe(before);
  });

  it.each([
    ['another employer’s worker', () => outsider.employee.id],
    ['an employee without a login', () => noLogin.id],
    ['an employee id that does not exist', () => 987_654],
  ])('answers 404 for %s and creates nothing', async (_name, id) => {
    const before = await chatCount();
    const res = await call(ctx, owner.token, 'POST', '/chat/chats', {
      type: 'group',
      name: 'Grupi',
      members: [
        { id: arta.employee.id, userType: 'worker' },
        { id: id(), userType: 'worker' },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      Status: false,
      Error: 'One or more of the selected workers were not found.',
      code: 'chatWorkersNotFound',
    });
    expect(await chatCount()).toBe(before);
  });

  it('refuses workers and anonymous callers', async () => {
    const body = { type: 'direct', members: [{ id: arta.employee.id, userType: 'worker' }] };
    const before = await chatCount();
    expect((await call(ctx, arta.token, 'POST', '/chat/chats', body)).statusCode).toBe(403);
    expect((await call(ctx, null, 'POST', '/chat/chats', body)).statusCode).toBe(401);
    expect(await chatCount()).toBe(before);
  });
});

describe('GET /chat/chats', () => {
  it('lists the caller’s chats, the most recently active first; a worker sees only its own', async () => {
    const employer = await createWorkspace(ctx, 'Lista shpk');
    const drita = await createWorker(ctx, employer.token, { name: 'Drita' });
    const erion = await createWorker(ctx, employer.token, { name: 'Erion' });
    const direct = await createChat(ctx, employer.token, [drita.employee.id]);
    const group = await createChat(ctx, employer.token, [drita.employee.id, erion.employee.id], 'Të gjithë');

    const listOf = async (token: string) =>
      resultOf<TChat[]>(await call(ctx, token, 'GET', '/chat/chats')).map((chat) => chat.id);
    // No messages yet: the newest chat first.
    expect(await listOf(employer.token)).toEqual([group.id, direct.id]);
    expect(await listOf(erion.token)).toEqual([group.id]);

    const socket = await connected(sockets.connect(drita.token));
    const sent = await say(socket, direct.id, 'Mirëmëngjes');
    const res = await call(ctx, employer.token, 'GET', '/chat/chats');
    const list = resultOf<TChat[]>(res);
    expect(list.map((chat) => chat.id)).toEqual([direct.id, group.id]);
    expect(list[0]?.lastMessage).toEqual(sent);
    expect(list[0]?.updated_at).toBe(sent.created_at);
    expect(await listOf(drita.token)).toEqual([direct.id, group.id]);
  });

  it('shows another employer and its workers none of the chats', async () => {
    await createChat(ctx, owner.token, [arta.employee.id]);
    expect(resultOf<TChat[]>(await call(ctx, other.token, 'GET', '/chat/chats'))).toEqual([]);
    expect(resultOf<TChat[]>(await call(ctx, outsider.token, 'GET', '/chat/chats'))).toEqual([]);
    expect((await call(ctx, null, 'GET', '/chat/chats')).statusCode).toBe(401);
  });
});

describe('GET /chat/chats/{id}/messages', () => {
  let chat: TChat;
  let sent: TChatMessage[];
  beforeAll(async () => {
    chat = await createChat(ctx, owner.token, [besa.employee.id], 'Faqet');
    const socket = await connected(sockets.connect(owner.token));
    sent = [];
    for (const word of ['një', 'dy', 'tre', 'katër', 'pesë']) sent.push(await say(socket, chat.id, word));
    sockets.closeAll();
  });

  it('lists messages newest first and pages back with before and limit', async () => {
    const url = `/chat/chats/${chat.id}/messages`;
    const all = resultOf<TChatMessage[]>(await call(ctx, besa.token, 'GET', url));
    expect(all.map((m) => m.content)).toEqual(['pesë', 'katër', 'tre', 'dy', 'një']);
    expect(all[0]).toMatchObject({
      chat_id: chat.id,
      sender_type: 'employer',
      sender_id: owner.employerId,
      sender_name: 'Ndërtimi shpk',
    });

    const page = resultOf<TChatMessage[]>(await call(ctx, besa.token, 'GET', `${url}?limit=2`));
    expect(page.map((m) => m.content)).toEqual(['pesë', 'katër']);
    const next = resultOf<TChatMessage[]>(await call(ctx, besa.token, 'GET', `${url}?limit=2&before=${page[1]?.id}`));
    expect(next.map((m) => m.content)).toEqual(['tre', 'dy']);
  });

  it('answers 404 to a worker not in the chat, another employer and a missing chat, as for a missing one', async () => {
    const url = `/chat/chats/${chat.id}/messages`;
    for (const token of [arta.token, other.token, outsider.token]) {
      const res = await call(ctx, token, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ Status: false, Error: 'Chat not found.', code: 'chatNotFound' });
    }
    expect((await call(ctx, owner.token, 'GET', '/chat/chats/987654/messages')).statusCode).toBe(404);
    expect((await call(ctx, null, 'GET', url)).statusCode).toBe(401);
  });

  it.each(['limit=0', 'limit=101', 'limit=many', 'before=-1', 'before=abc'])('refuses ?%s with 400', async (query) => {
    const res = await call(ctx, owner.token, 'GET', `/chat/chats/${chat.id}/messages?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false });
  });

  it('refuses a chat id that is not a positive number with 400', async () => {
    expect((await call(ctx, owner.token, 'GET', '/chat/chats/abc/messages')).statusCode).toBe(400);
    expect((await call(ctx, owner.token, 'GET', '/chat/chats/0/messages')).statusCode).toBe(400);
  });
});

describe('unread counts and POST /chat/chats/{id}/read', () => {
  it('counts others’ messages per chat until the chat is read', async () => {
    const chat = await createChat(ctx, owner.token, [arta.employee.id, besa.employee.id], 'Lexuar');
    const socket = await connected(sockets.connect(owner.token));
    await say(socket, chat.id, 'e para');
    await say(socket, chat.id, 'e dyta');

    expect((await unread(ctx, arta.token))[String(chat.id)]).toBe(2);
    expect((await unread(ctx, besa.token))[String(chat.id)]).toBe(2);
    // The sender's own messages are never unread for it.
    expect((await unread(ctx, owner.token))[String(chat.id)]).toBeUndefined();

    const read = await call(ctx, arta.token, 'POST', `/chat/chats/${chat.id}/read`, {});
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ Status: true });
    expect((await unread(ctx, arta.token))[String(chat.id)]).toBeUndefined();
    expect((await unread(ctx, besa.token))[String(chat.id)]).toBe(2);

    await say(socket, chat.id, 'e treta');
    expect((await unread(ctx, arta.token))[String(chat.id)]).toBe(1);
  });

  it('refuses to mark a chat the caller is not in, and anonymous callers, changing nothing', async () => {
    const chat = await createChat(ctx, owner.token, [besa.employee.id], 'Privat');
    const marks = async () =>
      (await ctx.app.db.select().from(chatMembers).where(eq(chatMembers.chatId, chat.id))).map(
        (m) => m.lastReadMessageId,
      );
    const before = await marks();
    for (const token of [arta.token, other.token, outsider.token]) {
      const res = await call(ctx, token, 'POST', `/chat/chats/${chat.id}/read`, {});
      expect(res.statusCode).toBe(404);
    }
    expect((await call(ctx, null, 'POST', `/chat/chats/${chat.id}/read`, {})).statusCode).toBe(401);
    expect((await call(ctx, besa.token, 'POST', `/chat/chats/${chat.id}/read`, { all: true })).statusCode).toBe(400);
    expect((await call(ctx, besa.token, 'POST', '/chat/chats/nope/read', {})).statusCode).toBe(400);
    expect(await marks()).toEqual(before);
  });

  it('refuses anonymous callers and shows another employer nothing', async () => {
    expect((await call(ctx, null, 'GET', '/notifications/messages/unread')).statusCode).toBe(401);
    expect(await unread(ctx, other.token)).toEqual({});
  });
});

describe('API document', () => {
  it('lists the chat and notification routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/chat/chats',
        '/chat/chats/{id}/messages',
        '/chat/chats/{id}/read',
        '/chat/workers',
        '/notifications/messages/unread',
        '/notifications/push/key',
        '/auth/push-subscription',
      ]),
    );
    expect(Object.keys(doc.paths['/auth/push-subscription'] ?? {}).sort()).toEqual(['delete', 'post']);
  });
});
