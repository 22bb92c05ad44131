import {
  monthOrCurrent,
  ZIdParams,
  ZMonthQuery,
  ZWorkerIdResponse,
  ZWorkerMonthResponse,
  ZWorkerNameResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { employerTimeZoneOf, ownEmployeeOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import { workerMonth, workerName } from './service';

/** The worker's own area: its id, its month and its name (its password: the auth feature's account routes). */
export async function workerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/get_worker_id', {
    config: { auth: 'worker' },
    schema: {
      tags: ['worker'],
      summary: "The logged-in worker's employee id",
      response: { 200: ZWorkerIdResponse, ...errorResponses },
    },
    handler: async (request) => ({ workerId: ownEmployeeOf(actorOf(request)) }),
  });

  app.get('/krye/worker/me', {
    config: { auth: 'worker' },
    schema: {
      tags: ['worker'],
      summary:
        "The worker's own ?month=YYYY-MM (current when absent): entries, weeks with the Sunday rules, total hours and pay",
      querystring: ZMonthQuery,
      response: { 200: ZWorkerMonthResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      return { Status: true as const, Result: await workerMonth(app.deps, actor, month) };
    },
  });

  app.get('/auth/password/:id', {
    config: { auth: 'worker' },
    schema: {
      tags: ['worker'],
      summary: "The worker's own id and name for the password screen (never a password); another id is 404",
      params: ZIdParams,
      response: { 200: ZWorkerNameResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await workerName(app.deps, actorOf(request), request.params.id),
    }),
  });
}
