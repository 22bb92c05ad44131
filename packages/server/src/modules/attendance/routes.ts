import { ZRfidDateQuery, ZRfidDayListResponse } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { leaveOnList } from '../leave/on-list';
import { rfidDay } from './service';

const config = { auth: 'employer', premium: true } as const;
const tags = ['rfid'];

/**
 * The day's attendance on the RFID list (docs/product.md#marks): who scanned, each with its mark
 * against the planned day, and who is on leave. Part of Puna Premium, like the list.
 */
export async function attendanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/rfid_day', {
    config,
    schema: {
      tags,
      summary:
        'Workers who scanned on a date: first and last scan, hours (rounded to the quarter hour), missing checkout, marks; corrections applied; beside them (on_leave) the workers on approved leave that day',
      querystring: ZRfidDateQuery,
      response: { 200: ZRfidDayListResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const { date } = request.query;
      const [days, onLeave] = await Promise.all([
        rfidDay(app.deps, actor, date),
        leaveOnList(app.deps, actor, { from: date, to: date }),
      ]);
      return { Status: true as const, Result: days, on_leave: onLeave };
    },
  });
}
