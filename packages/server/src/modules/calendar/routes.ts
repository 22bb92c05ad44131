import { monthOrCurrent, ZMonthQuery, ZTeamCalendarResponse } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { employerTimeZoneOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import { teamCalendar } from './service';

/** The team calendar (docs/product.md#team-calendar). */
export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/calendar', {
    config: { auth: 'employer' },
    schema: {
      tags: ['calendar'],
      summary:
        "Every worker's day of ?month=YYYY-MM (the current month when absent): holiday, company day, leave, scheduled shift or rest day",
      querystring: ZMonthQuery,
      response: { 200: ZTeamCalendarResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      return { Status: true as const, Result: await teamCalendar(app.deps, actor, month) };
    },
  });
}
