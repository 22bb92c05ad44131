import {
  resultEnvelope,
  ZContactInboxMessage,
  ZContactInboxQuery,
  ZContactRequest,
  ZErrorResponse,
  ZIdParams,
  ZMarkContactReadRequest,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { depsFor } from '../../plugins/deps';
import { listContactMessages, markContactMessageRead } from './inbox';
import { sendContactMessage } from './service';

export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/contact', {
    config: { auth: 'public' },
    schema: {
      tags: ['contact'],
      summary: 'Send a message to the platform team (stored and mailed to the admin)',
      body: ZContactRequest,
      response: {
        201: z.object({ Status: z.literal(true), message: z.string() }),
        400: ZErrorResponse,
        429: ZErrorResponse,
      },
    },
    handler: async (request, reply) => {
      await sendContactMessage(depsFor(app, request.log), request.body, request.ip);
      return reply.status(201).send({ Status: true, message: 'Your message has been sent!' });
    },
  });

  app.get('/auth/admin/contact-messages', {
    config: { auth: 'admin' },
    schema: {
      tags: ['contact'],
      summary: 'The contact inbox, newest first; ?unread=true keeps the unread messages',
      querystring: ZContactInboxQuery,
      response: { 200: resultEnvelope(z.array(ZContactInboxMessage)), ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await listContactMessages(app.deps, request.query) }),
  });

  app.put('/auth/admin/contact-messages/:id/read', {
    config: { auth: 'admin' },
    schema: {
      tags: ['contact'],
      summary: 'Mark a contact message read (or unread again)',
      params: ZIdParams,
      body: ZMarkContactReadRequest,
      response: { 200: resultEnvelope(ZContactInboxMessage), ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await markContactMessageRead(app.deps, request.params.id, request.body.read),
    }),
  });
}
