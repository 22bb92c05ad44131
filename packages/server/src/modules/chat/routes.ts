import {
  CHAT_EXISTS_MESSAGE,
  ZChatListResponse,
  ZChatMessagesQuery,
  ZChatMessagesResponse,
  ZChatParams,
  ZChatWorkersResponse,
  ZCreateChatRequest,
  ZCreateChatResponse,
  ZOkResponse,
  ZUnreadCountsResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { announceChat } from './delivery';
import * as chat from './service';
import { attachChatSocket } from './socket';

/** Chat (/chat/*, docs/product.md#chat-calls) and its socket events. Members only; another tenant's chat is "not found". */
export async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Push notifications run after the send is answered; closing waits for those still on their way.
  const pending = new Set<Promise<void>>();
  attachChatSocket(app, (work) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });
  app.addHook('preClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.get('/chat/chats', {
    config: { auth: 'user' },
    schema: {
      tags: ['chat'],
      summary:
        "The caller's chats, most recent activity first, with members' names and the last message (a worker sees only the chats it is in)",
      response: { 200: ZChatListResponse, ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await chat.listChats(app.deps, actorOf(request)) }),
  });

  app.get('/chat/chats/:id/messages', {
    config: { auth: 'user' },
    schema: {
      tags: ['chat'],
      summary: 'A page of messages, newest first; ?before=<message id> pages back, ?limit= up to 100 (default 50)',
      params: ZChatParams,
      querystring: ZChatMessagesQuery,
      response: { 200: ZChatMessagesResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await chat.listMessages(app.deps, actorOf(request), request.params.id, request.query),
    }),
  });

  app.post('/chat/chats/:id/read', {
    config: { auth: 'user' },
    schema: {
      tags: ['chat'],
      summary: 'Mark everything in the chat read for the caller (clears its unread count)',
      params: ZChatParams,
      body: z.strictObject({}).nullish(),
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await chat.markChatRead(app.deps, actorOf(request), request.params.id);
      return { Status: true as const };
    },
  });

  app.get('/chat/workers', {
    config: { auth: 'employer' },
    schema: {
      tags: ['chat'],
      summary: "The employer's employees that have a worker login, by name",
      response: { 200: ZChatWorkersResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await chat.listChatWorkers(app.deps, actorOf(request)),
    }),
  });

  app.post('/chat/chats', {
    config: { auth: 'employer' },
    schema: {
      tags: ['chat'],
      summary:
        "Create a direct chat (one worker) or a named group chat with the employer's own workers (201). A direct chat that exists is answered with 200, the existing chat and message 'Chat already exists'.",
      body: ZCreateChatRequest,
      response: { 200: ZCreateChatResponse, 201: ZCreateChatResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { chat: created, existed } = await chat.createChat(app.deps, actorOf(request), request.body);
      if (existed) return { Status: true as const, Result: created, message: CHAT_EXISTS_MESSAGE };
      announceChat(app.realtime, created);
      return reply.status(201).send({ Status: true as const, Result: created });
    },
  });

  app.get('/notifications/messages/unread', {
    config: { auth: 'user' },
    schema: {
      tags: ['notifications'],
      summary: 'Unread chat messages per chat id for the caller (chats with none are left out); polled every 30 s',
      response: { 200: ZUnreadCountsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await chat.unreadCounts(app.deps, actorOf(request)),
    }),
  });
}
