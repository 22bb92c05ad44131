import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents, TChat, TChatMessage, TSocketAck } from '@puna/domain';
import { count, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import type { AppConfig } from '../../src/config';
import { messages } from '../../src/db/schema';
import { createTestApp, generousLimits, type TestContext } from './app';
import { call } from './workspace-factories';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A listening test app (sockets need a port) whose per-IP limits allow many accounts. */
export async function createChatTestApp(overrides: Partial<AppConfig> = {}): Promise<TestContext & { url: string }> {
  const ctx = await createTestApp(
    {},
    { limits: generousLimits({ loginPerAccount: 5, contactPerIp: 5 }), ...overrides },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(ctx, { url: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}` });
}

/**
 * Opens sockets and closes them all at the end of each test, once the events the test emitted have
 * gone out (`settled`): on PostgreSQL an event reaches this process's sockets only after its NOTIFY,
 * and would otherwise arrive at the next test's sockets.
 */
export function socketPool(app: () => TestContext & { url: string }) {
  const open: ChatSocket[] = [];
  return {
    connect(token: string | undefined, options: { origin?: string } = {}): ChatSocket {
      const socket: ChatSocket = io(app().url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: token ? { token } : {},
        extraHeaders: options.origin ? { origin: options.origin } : {},
      });
      open.push(socket);
      return socket;
    },
    async closeAll() {
      await app().app.realtime.settled();
      for (const socket of open.splice(0)) socket.disconnect();
    },
  };
}

export function connected(socket: ChatSocket): Promise<ChatSocket> {
  if (socket.connected) return Promise.resolve(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

export function refused(socket: ChatSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

export function disconnected(socket: ChatSocket): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** Everything a socket receives of one event, in order. */
export function collect<E extends 'newMessage' | 'newChat'>(
  socket: ChatSocket,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event as 'newMessage', (value: TChatMessage) => received.push(value as never));
  return received;
}

export function nextEvent<E extends 'newMessage' | 'newChat'>(
  socket: ChatSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event as 'newMessage', (value: TChatMessage) => {
      clearTimeout(timer);
      resolve(value as never);
    });
  });
}

export function joinChat(socket: ChatSocket, chatId: number | string): Promise<TSocketAck> {
  return socket.timeout(5000).emitWithAck('joinChat', chatId);
}

export function sendMessage(socket: ChatSocket, payload: unknown): Promise<TSocketAck<TChatMessage>> {
  return socket.timeout(5000).emitWithAck('sendMessage', payload);
}

let sequence = 0;
/** Sends a message and returns it as stored; fails the test on a refusal. */
export async function say(socket: ChatSocket, chatId: number, content: string): Promise<TChatMessage> {
  sequence += 1;
  const ack = await sendMessage(socket, { chatId, content, messageId: `${Date.now()}-${sequence}` });
  if (!ack.ok || !ack.data) throw new Error(`sendMessage refused: ${ack.ok ? 'no data' : ack.error}`);
  return ack.data;
}

/** Creates a chat through the API as the employer; returns the chat. */
export async function createChat(
  ctx: TestContext,
  employerToken: string,
  workerIds: number[],
  name = '',
): Promise<TChat> {
  const res = await call(ctx, employerToken, 'POST', '/chat/chats', {
    type: workerIds.length > 1 || name ? 'group' : 'direct',
    name,
    members: workerIds.map((id) => ({ id, userType: 'worker' })),
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`create chat failed: ${res.body}`);
  return res.json<{ Result: TChat }>().Result;
}

export async function unread(ctx: TestContext, token: string): Promise<Record<string, number>> {
  const res = await call(ctx, token, 'GET', '/notifications/messages/unread');
  if (res.statusCode !== 200) throw new Error(`unread failed: ${res.body}`);
  return res.json<{ Result: Record<string, number> }>().Result;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `check` passes (or throws its last failure after `timeoutMs`). It returns as soon as
 * the check passes; the long limit is for CI, where the PostgreSQL half shares two cores with the
 * browser suite and an encrypted push once took over 5 s to arrive.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}

/** How many messages a chat has stored. */
export async function storedCount(ctx: TestContext, chatId: number): Promise<number> {
  const [row] = await ctx.app.db.select({ n: count() }).from(messages).where(eq(messages.chatId, chatId));
  return row?.n ?? 0;
}
