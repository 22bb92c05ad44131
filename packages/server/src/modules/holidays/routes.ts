import {
  todayIn,
  ZCompanyHolidayRequest,
  ZCompanyHolidayResponse,
  ZHolidaysQuery,
  ZHolidaysResponse,
  ZIdParams,
  ZOkResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { employerTimeZoneOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import * as holidays from './service';

export async function holidaysRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/holidays', {
    config: { auth: 'employer' },
    schema: {
      tags: ['holidays'],
      summary:
        "Official holidays of the employer's jurisdiction and its company days for ?year=YYYY (this year when absent)",
      querystring: ZHolidaysQuery,
      response: { 200: ZHolidaysResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const year = request.query.year ?? Number(todayIn(employerTimeZoneOf(actor)).slice(0, 4));
      return holidays.listHolidays(app.deps, actor, year);
    },
  });

  app.post('/krye/holidays', {
    config: { auth: 'employer' },
    schema: {
      tags: ['holidays'],
      summary: 'Add a company day off (one per date: a second is 409)',
      body: ZCompanyHolidayRequest,
      response: { 201: ZCompanyHolidayResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send({ holiday: await holidays.addCompanyHoliday(app.deps, actorOf(request), request.body) }),
  });

  app.delete('/krye/holidays/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['holidays'],
      summary: 'Delete a company day off (official holidays cannot be deleted)',
      params: ZIdParams,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await holidays.deleteCompanyHoliday(app.deps, actorOf(request), request.params.id);
      return { Status: true as const };
    },
  });
}
