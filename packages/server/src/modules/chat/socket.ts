import { messages, type TChatMessage, type TSocketAck, ZChatParams, ZSendMessage } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { AppError, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import { recordAudit } from '../../plugins/audit';
import type { RealtimeSocket } from '../../plugins/realtime';
import { liveSessionIds } from '../../plugins/sessions';
import { chatRoom, deliverMessage } from './delivery';
import { CHAT_NOT_FOUND, markChatRead, storeMessage } from './service';

type Ack<T> = ((result: TSocketAck<T>) => void) | undefined;

const SERVER_ERROR = messages.serverError;
export const CHAT_TOO_FAST = messages.chatTooFast;

function firstIssue(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}

/**
 * The chat socket (docs/product.md#realtime): `joinChat`, `sendMessage` and the client's `newChat`, on the sockets
 * the realtime plugin authenticated. Every call checks the session is still live and the caller is
 * a member; the sender always comes from the session.
 */
export function attachChatSocket(app: FastifyInstance, track: (work: Promise<void>) => void): void {
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

  /** Messages per user: `chatMessages` per `chatWindowSeconds`, then a burst allowance per minute. */
  async function assertPace(socket: RealtimeSocket): Promise<void> {
    const key = String(socket.data.actor.userId);
    try {
      await app.rateLimits.chatPerUser.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      try {
        await app.rateLimits.chatBurstPerUser.consume(key);
      } catch (burstError) {
        if (!(burstError instanceof RateLimiterRes)) throw burstError;
        throw tooManyRequests(CHAT_TOO_FAST);
      }
    }
  }

  /** A socket write made while an admin views the account is audited like an HTTP write. */
  async function audit(socket: RealtimeSocket, action: string, params: Record<string, unknown>): Promise<void> {
    const user = socket.data.actor;
    if (user.impersonatorId === null) return;
    await recordAudit(app.db, {
      employerId: user.employerId,
      actorUserId: user.userId,
      impersonatorUserId: user.impersonatorId,
      action: `SOCKET ${action}`,
      details: { params, statusCode: 200 },
    });
  }

  app.realtime.io.on('connection', (socket) => {
    // One socket's messages are stored and broadcast in the order it sent them.
    let sending: Promise<void> = Promise.resolve();

    socket.on('joinChat', (chatId, ack) => {
      void (async () => {
        const parsed = ZChatParams.safeParse({ id: chatId });
        if (!parsed.success) throw notFound(CHAT_NOT_FOUND);
        await assertLive(socket);
        await markChatRead(app.deps, socket.data.actor, parsed.data.id);
        await audit(socket, 'joinChat', { chatId: parsed.data.id });
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
          await assertPace(socket);
          const { message, isNew } = await storeMessage(app.deps, socket.data.actor, parsed.data);
          if (isNew) await audit(socket, 'sendMessage', { chatId: message.chat_id, messageId: message.id });
          // A resend answers with the stored message and is not broadcast again.
          if (isNew) track((await deliverMessage(app.deps, message)).pushed);
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
