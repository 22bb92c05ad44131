import { ZAttendanceSettingsRequest, ZAttendanceSettingsResponse, ZTodayBoardResponse } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { getAttendanceSettings, todayBoard, updateAttendanceSettings } from './service';

/** The "today" board (docs/product.md#attendance); part of Puna Premium, like the scans it reads. */
export async function todayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/today', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['today'],
      summary:
        'Every worker now against its published shift or weekly schedule: in (since), left, late, left early, absent, no checkout, holiday, not scheduled; and each published shift of today (and yesterday’s night still running): due, in, late, missing, left, on leave',
      response: { 200: ZTodayBoardResponse, ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await todayBoard(app.deps, actorOf(request)) }),
  });

  app.get('/krye/attendance-settings', {
    config: { auth: 'employer' },
    schema: {
      tags: ['today'],
      summary: 'Minutes a scan may be after the start or before the end of a shift without a late or early mark',
      response: { 200: ZAttendanceSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await getAttendanceSettings(app.deps, actorOf(request)),
    }),
  });

  app.put('/krye/attendance-settings', {
    config: { auth: 'employer' },
    schema: {
      tags: ['today'],
      summary: 'Set the tolerance (0 to 120 minutes)',
      body: ZAttendanceSettingsRequest,
      response: { 200: ZAttendanceSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await updateAttendanceSettings(app.deps, actorOf(request), request.body),
    }),
  });
}
