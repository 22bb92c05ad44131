import { ZShiftFromSchedulesInput, ZShiftFromSchedulesResponse } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { fillWeekFromSchedules } from './service';

/** The roster's templates: a week filled from the weekly schedules (docs/product.md#shifts-and-the-roster). */
export async function rosterTemplateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/krye/shifts/from-schedules', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary:
        'Fills an ISO week (YYYY-Www) from the weekly schedules, unpublished: a shift per scheduled day, skipping holidays, leave, closed months and days with an overlapping shift',
      body: ZShiftFromSchedulesInput,
      response: { 201: ZShiftFromSchedulesResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        Status: true as const,
        Result: await fillWeekFromSchedules(app.deps, actorOf(request), request.body),
      }),
  });
}
