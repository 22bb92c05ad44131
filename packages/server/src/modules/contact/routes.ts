import { ZContactRequest, ZErrorResponse } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
      await sendContactMessage(
        { db: app.db, mailer: app.mailer, config: app.config, rateLimits: app.rateLimits, log: request.log },
        request.body,
        request.ip,
      );
      return reply.status(201).send({ Status: true, message: 'Your message has been sent!' });
    },
  });
}
