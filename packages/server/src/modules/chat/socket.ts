import { type TChatMessage, type TSocketAck, ZChatParams, ZSendMessage } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import type { RealtimeSocket } from '../../plugins/realtime';
import { liveSessionIds } from '../auth/sessions';
import { chatRoom, deliverMessage } from './delivery';
import { CHAT_NOT_FOUND, markChatRead, storeMessage } from './service';

type Ack<T> = ((result: TSocketAck<T>) => void) | undefined;

const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

function firstIssue(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}

/**
 * The chat socket (SPEC §7): `joinChat`, `sendMessage` and the client's `newChat`, on the sockets
 * the realtime plugin authenticated. Every call checks the session is still live and the caller is
 * a member; the sender always comes from the session.
 */
export function attachChatSocket(app: FastifyInstance, track: (work: Promise<void>) => void): void {
  const deps = () => ({ db: app.db, realtime: app.realtime, push: app.push, log: app.log });

  function reply<T>(ack: Ack<T>, result: TSocketAck<T>): void {
    if (typeof ack === 'function') ack(result);
  }

  function refuse<T>(ack: Ack<T>, error: unknown): void {
    if (error instanceof AppError) {
      reply(ack, { ok: false, error: error.message });
      return;
    }
    app.log.error({ err: error }, 'chat socket call failed');
    reply(ack, { ok: false, error: SERVER_ERROR });
  }

  /** A session logged out elsewhere may still have its socket for a few seconds: refuse and close it. */
  async function assertLive(socket: RealtimeSocket): Promise<void> {
    const live = await liveSessionIds(app.db, [socket.data.sessionId]);
    if (!live.has(socket.data.sessionId)) {
      socket.disconnect(true);
      throw unauthorized();
    }
  }

  app.realtime.io.on('connection', (socket) => {
    // One socket's messages are stored and broadcast in the order it sent them.
    let sending: Promise<void> = Promise.resolve();

    socket.on('joinChat', (chatId, ack) => {
      void (async () => {
        const parsed = ZChatParams.safeParse({ id: chatId });
        if (!parsed.success) throw notFound(CHAT_NOT_FOUND);
        await assertLive(socket);
        await markChatRead(app.db, socket.data.user, parsed.data.id);
        await socket.join(chatRoom(parsed.data.id));
        reply(ack, { ok: true });
      })().catch((error: unknown) => refuse(ack, error));
    });

    socket.on('sendMessage', (payload, ack: Ack<TChatMessage>) => {
      const work = sending.then(async () => {
        try {
          const parsed = ZSendMessage.safeParse(payload);
          if (!parsed.success) {
            reply(ack, { ok: false, error: firstIssue(parsed.error, 'Invalid message.') });
            return;
          }
          await assertLive(socket);
          const { message, isNew } = await storeMessage(app.db, socket.data.user, parsed.data);
          // A resend answers with the stored message and is not broadcast again.
          if (isNew) track((await deliverMessage(deps(), message)).pushed);
          reply(ack, { ok: true, data: message });
        } catch (error) {
          refuse(ack, error);
        }
      });
      sending = work;
    });

    // The spec's client announces a chat it created; the server already did (POST /chat/chats).
    socket.on('newChat', (_chat, ack) => reply(ack, { ok: true }));
  });
}
