import type { TChat, TChatMessage } from '@puna/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  collect,
  connected,
  createChat,
  createChatTestApp,
  disconnected,
  eventually,
  joinChat,
  nextEvent,
  refused,
  say,
  sendMessage,
  sleep,
  socketPool,
  storedCount as storedMessages,
  unread,
} from '../../../test/helpers/chat-factories';
import { login } from '../../../test/helpers/factories';
import { call, createWorker, createWorkspace, resultOf } from '../../../test/helpers/workspace-factories';
import { messages, sessions } from '../../db/schema';
import { sha256 } from '../../lib/crypto';

let ctx: TestContext & { url: string };
const sockets = socketPool(() => ctx);
let owner: Awaited<ReturnType<typeof createWorkspace>>;
let other: Awaited<ReturnType<typeof createWorkspace>>;
let arta: Awaited<ReturnType<typeof createWorker>>;
let besa: Awaited<ReturnType<typeof createWorker>>;
let outsider: Awaited<ReturnType<typeof createWorker>>;
/** Owner with Arta only. */
let direct: TChat;

beforeAll(async () => {
  ctx = await createChatTestApp();
  owner = await createWorkspace(ctx, 'Ndërtimi shpk');
  other = await createWorkspace(ctx, 'Tjetër shpk');
  arta = await createWorker(ctx, owner.token, { name: 'Arta' });
  besa = await createWorker(ctx, owner.token, { name: 'Besa' });
  outsider = await createWorker(ctx, other.token, { name: 'Jashtë' });
  direct = await createChat(ctx, owner.token, [arta.employee.id]);
});
afterEach(() => sockets.closeAll());
afterAll(async () => ctx?.close());

const storedCount = (chatId: number) => storedMessages(ctx, chatId);

describe('joinChat', () => {
  it('lets a member join and marks the chat read', async () => {
    const boss = await connected(sockets.connect(owner.token));
    await say(boss, direct.id, 'Lexoje');
    expect((await unread(ctx, arta.token))[String(direct.id)]).toBeGreaterThan(0);

    const socket = await connected(sockets.connect(arta.token));
    expect(await joinChat(socket, direct.id)).toEqual({ ok: true });
    expect((await unread(ctx, arta.token))[String(direct.id)]).toBeUndefined();
    // The spec's client sends the id as text.
    expect(await joinChat(socket, String(direct.id))).toEqual({ ok: true });
  });

  it('refuses a worker not in the chat, another employer and a missing or malformed id', async () => {
    for (const token of [besa.token, other.token, outsider.token]) {
      const socket = await connected(sockets.connect(token));
      expect(await joinChat(socket, direct.id)).toEqual({ ok: false, error: 'Chat not found.' });
    }
    const socket = await connected(sockets.connect(owner.token));
    expect(await joinChat(socket, 987_654)).toEqual({ ok: false, error: 'Chat not found.' });
    expect(await joinChat(socket, 'abc')).toEqual({ ok: false, error: 'Chat not found.' });
  });

  it('does not let a refused socket hear the chat', async () => {
    const spy = await connected(sockets.connect(besa.token));
    await joinChat(spy, direct.id);
    const heard = collect(spy, 'newMessage');
    const member = await connected(sockets.connect(arta.token));
    const arrived = nextEvent(member, 'newMessage');
    const boss = await connected(sockets.connect(owner.token));
    await say(boss, direct.id, 'Vetëm për Artën');
    await arrived;
    await sleep(100);
    expect(heard).toEqual([]);
  });
});

describe('sendMessage', () => {
  it('stores the message with the sender from the session, then sends it to the members', async () => {
    const worker = await connected(sockets.connect(arta.token));
    const boss = await connected(sockets.connect(owner.token));
    const arrived = nextEvent(boss, 'newMessage');
    const ack = await sendMessage(worker, {
      chatId: direct.id,
      content: '  Mirëdita  ',
      messageId: 1_700_000_000_001,
      senderId: 999,
      senderType: 'employer',
      sender_name: 'Someone else',
    });
    expect(ack).toMatchObject({
      ok: true,
      data: {
        chat_id: direct.id,
        sender_id: arta.employee.id,
        sender_type: 'worker',
        sender_name: 'Arta',
        content: 'Mirëdita',
        messageId: '1700000000001',
      },
    });
    const message = (ack as { data: TChatMessage }).data;
    expect(await arrived).toEqual(message);
    const page = resultOf<TChatMessage[]>(await call(ctx, owner.token, 'GET', `/chat/chats/${direct.id}/messages`));
    expect(page[0]).toEqual(message);
  });

  it('refuses a worker not in the chat and another employer, storing nothing', async () => {
    const before = await storedCount(direct.id);
    for (const token of [besa.token, other.token, outsider.token]) {
      const socket = await connected(sockets.connect(token));
      const ack = await sendMessage(socket, { chatId: direct.id, content: 'Hyrës', messageId: 'x1' });
      expect(ack).toEqual({ ok: false, error: 'Chat not found.' });
    }
    expect(await storedCount(direct.id)).toBe(before);
  });

  it.each([
    ['an empty message', { content: '   ', messageId: 'a' }, 'The message is empty.'],
    ['a message too long', { content: 'x'.repeat(4001), messageId: 'b' }, 'The message is too long.'],
    [
      'a NUL character',
      { content: 'para\u0000pas', messageId: 'n' },
      'The message holds a character that cannot be stored.',
    ],
    ['no messageId', { content: 'Pa id' }, undefined],
    ['no chat id', { chatId: undefined, content: 'Pa chat', messageId: 'c' }, undefined],
  ])('refuses %s, storing nothing', async (_name, payload, error) => {
    const before = await storedCount(direct.id);
    const socket = await connected(sockets.connect(arta.token));
    const ack = await sendMessage(socket, { chatId: direct.id, ...payload });
    expect(ack).toMatchObject({ ok: false, error: error ?? expect.any(String) });
    expect(await storedCount(direct.id)).toBe(before);
  });

  it('refuses a payload that is not an object', async () => {
    const socket = await connected(sockets.connect(arta.token));
    expect(await sendMessage(socket, 'hello')).toMatchObject({ ok: false });
    expect(await sendMessage(socket, null)).toMatchObject({ ok: false });
  });

  it('stores a resent messageId once, answers the stored message and does not broadcast it again', async () => {
    const worker = await connected(sockets.connect(arta.token));
    const boss = await connected(sockets.connect(owner.token));
    const received = collect(boss, 'newMessage');
    const payload = { chatId: direct.id, content: 'Vetëm një herë', messageId: 'resend-1' };
    const first = await sendMessage(worker, payload);
    const second = await sendMessage(worker, payload);
    // Another socket of the same worker, resending after a reconnect.
    const reconnected = await connected(sockets.connect(arta.token));
    const third = await sendMessage(reconnected, { ...payload, content: 'ndryshuar' });

    expect(first.ok && second.ok && third.ok).toBe(true);
    const id = (first as { data: TChatMessage }).data.id;
    expect((second as { data: TChatMessage }).data).toEqual((first as { data: TChatMessage }).data);
    expect((third as { data: TChatMessage }).data.id).toBe(id);
    const rows = await ctx.app.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, direct.id), eq(messages.clientMessageId, 'resend-1')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.content).toBe('Vetëm një herë');
    await sleep(150);
    expect(received.map((m) => m.id)).toEqual([id]);
  });

  it('keeps the order one socket sent its messages in', async () => {
    const worker = await connected(sockets.connect(arta.token));
    const boss = await connected(sockets.connect(owner.token));
    const received = collect(boss, 'newMessage');
    const words = Array.from({ length: 15 }, (_, i) => `mesazhi ${i + 1}`);
    const acks = await Promise.all(
      words.map((content, i) => sendMessage(worker, { chatId: direct.id, content, messageId: `order-${i}` })),
    );
    const stored = acks.map((ack) => (ack as { data: TChatMessage }).data);
    expect(stored.map((m) => m.content)).toEqual(words);
    const ids = stored.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await eventually(() => expect(received).toHaveLength(words.length));
    expect(received.map((m) => m.content)).toEqual(words);
  });

  it('delivers events emitted back to back in the order they were emitted (the Postgres adapter publishes first)', async () => {
    const boss = await connected(sockets.connect(owner.token));
    const received = collect(boss, 'newMessage');
    const template = (await say(await connected(sockets.connect(arta.token)), direct.id, 'model')) as TChatMessage;
    await eventually(() => expect(received).toHaveLength(1));
    received.length = 0;
    const contents = Array.from({ length: 60 }, (_, i) => `radha ${i + 1}`);
    for (const [i, content] of contents.entries()) {
      ctx.app.realtime.emitToEmployer(owner.employerId, 'newMessage', {
        ...template,
        id: template.id + i + 1,
        content,
      });
    }
    await eventually(() => expect(received).toHaveLength(contents.length));
    expect(received.map((m) => m.content)).toEqual(contents);
  });

  it('reaches members through their own rooms without joinChat, once per socket, and nobody else', async () => {
    const group = await createChat(ctx, owner.token, [arta.employee.id, besa.employee.id], 'Ekipi');
    const boss = await connected(sockets.connect(owner.token));
    // In the chat room and the employer's room: still one copy.
    expect(await joinChat(boss, group.id)).toEqual({ ok: true });
    const bossReceived = collect(boss, 'newMessage');
    const besaSocket = await connected(sockets.connect(besa.token));
    const besaReceived = collect(besaSocket, 'newMessage');
    const strangers = await Promise.all(
      [other.token, outsider.token].map(async (token) =>
        collect(await connected(sockets.connect(token)), 'newMessage'),
      ),
    );

    const worker = await connected(sockets.connect(arta.token));
    const sent = await say(worker, group.id, 'Për të gjithë');
    await eventually(() => {
      expect(besaReceived).toEqual([sent]);
      expect(bossReceived).toEqual([sent]);
    });
    await sleep(100);
    expect(besaReceived).toHaveLength(1);
    expect(bossReceived).toHaveLength(1);
    expect(strangers).toEqual([[], []]);
  });
});

describe('newChat', () => {
  it('reaches the new members and the employer, and no one else', async () => {
    const cena = await createWorker(ctx, owner.token, { name: 'Cena' });
    const cenaSocket = await connected(sockets.connect(cena.token));
    const besaHeard = collect(await connected(sockets.connect(besa.token)), 'newChat');
    const bossSocket = await connected(sockets.connect(owner.token));
    const toCena = nextEvent(cenaSocket, 'newChat');
    const toBoss = nextEvent(bossSocket, 'newChat');

    const chat = await createChat(ctx, owner.token, [cena.employee.id]);
    expect(await toCena).toEqual(chat);
    expect(await toBoss).toEqual(chat);
    await sleep(100);
    expect(besaHeard).toEqual([]);

    // A direct chat that already exists is not announced again.
    const heardAgain = collect(cenaSocket, 'newChat');
    await createChat(ctx, owner.token, [cena.employee.id]);
    await sleep(100);
    expect(heardAgain).toEqual([]);
  });

  it('acknowledges the client’s own newChat event', async () => {
    const socket = await connected(sockets.connect(owner.token));
    expect(await socket.timeout(5000).emitWithAck('newChat', { id: direct.id })).toEqual({ ok: true });
  });
});

describe('sessions and origins', () => {
  it('disconnects a logged-out session’s sockets at once, keeping the user’s other sessions', async () => {
    const other = await login(ctx, arta.email, arta.password);
    const leaving = await connected(sockets.connect(other.token));
    const staying = await connected(sockets.connect(arta.token));
    const closed = disconnected(leaving);
    expect((await call(ctx, other.token, 'POST', '/auth/logout', {})).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await sleep(100);
    expect(staying.connected).toBe(true);
  });

  it('refuses a message from a session revoked elsewhere and closes its socket', async () => {
    const session = await login(ctx, arta.email, arta.password);
    const socket = await connected(sockets.connect(session.token));
    const closed = disconnected(socket);
    // As a logout on another process would: only the row changes.
    await ctx.app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(session.token)));
    const before = await storedCount(direct.id);
    const ack = sendMessage(socket, { chatId: direct.id, content: 'Pas daljes', messageId: 'late-1' });
    expect(await closed).toBe('io server disconnect');
    await expect(ack).rejects.toThrow();
    expect(await storedCount(direct.id)).toBe(before);
  });

  it('refuses a socket from a foreign origin and one without a session', async () => {
    expect(await refused(sockets.connect(arta.token, { origin: 'https://evil.example' }))).toBeTypeOf('string');
    expect(await refused(sockets.connect(undefined))).toBe('unauthorized');
    await connected(sockets.connect(arta.token, { origin: ctx.url }));
  });
});

describe('periodic session check', () => {
  let quick: TestContext & { url: string };
  const quickSockets = socketPool(() => quick);
  beforeAll(async () => {
    quick = await createChatTestApp({ socketSessionCheckMs: 200 });
  });
  afterAll(async () => {
    await quickSockets.closeAll();
    await quick?.close();
  });

  it('closes sockets whose session was revoked by another process or whose user was deleted', async () => {
    const employer = await createWorkspace(quick);
    const worker = await createWorker(quick, employer.token);
    const revoked = await connected(quickSockets.connect(employer.token));
    const deleted = await connected(quickSockets.connect(worker.token));
    const revokedClosed = disconnected(revoked);
    const deletedClosed = disconnected(deleted);
    const staying = await connected(
      quickSockets.connect((await login(quick, employer.email, employer.password)).token),
    );

    // As another process's logout would: only the row changes, nothing here is told.
    await quick.app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(employer.token)));
    await quick.app.db.delete(sessions).where(eq(sessions.tokenHash, sha256(worker.token)));

    expect(await revokedClosed).toBe('io server disconnect');
    expect(await deletedClosed).toBe('io server disconnect');
    expect(staying.connected).toBe(true);
  });
});
