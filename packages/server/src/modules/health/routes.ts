import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/healthz', {
    config: { auth: 'public' },
    logLevel: 'warn',
    schema: { tags: ['ops'], summary: 'The process is up', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => ({ status: 'ok' as const }),
  });
  app.get('/readyz', {
    config: { auth: 'public' },
    logLevel: 'warn',
    schema: {
      tags: ['ops'],
      summary: 'The database answers',
      response: {
        200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
        503: z.object({ status: z.literal('unavailable'), database: z.enum(['pglite', 'postgres']) }),
      },
    },
    handler: async (_request, reply) => {
      const kind = app.database.kind;
      const ok = await app.database.ping().catch(() => false);
      return ok
        ? { status: 'ready' as const, database: kind }
        : reply.status(503).send({ status: 'unavailable' as const, database: kind });
    },
  });
}
