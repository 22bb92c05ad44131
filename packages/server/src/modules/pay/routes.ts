import { monthOrCurrent, ZListTypePayPreviewResponse, ZMonthQuery, ZPaySummaryResponse } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { employerTimeZoneOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import { payByListType, paySummary } from './service';

export async function payRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/pay', {
    config: { auth: 'employer' },
    schema: {
      tags: ['pay'],
      summary: "Every employee's pay for ?month=YYYY-MM (the current month when absent), by name",
      querystring: ZMonthQuery,
      response: { 200: ZPaySummaryResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      return { Status: true as const, Result: await paySummary(app.deps, actor, month) };
    },
  });

  app.get('/krye/pay/by-list-type', {
    config: { auth: 'employer' },
    schema: {
      tags: ['pay'],
      summary:
        "The month's pay total under each list type (entered hours, scans) and the type in use; ?month=YYYY-MM, this month when absent",
      querystring: ZMonthQuery,
      response: { 200: ZListTypePayPreviewResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const month = monthOrCurrent(request.query.month, employerTimeZoneOf(actor));
      return { Status: true as const, Result: await payByListType(app.deps, actor, month) };
    },
  });
}
