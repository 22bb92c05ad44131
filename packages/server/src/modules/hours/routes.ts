import {
  dayOrToday,
  messages,
  periodIn,
  ZAddHoursRequest,
  ZDeletedResponse,
  ZDeleteHoursRequest,
  ZEditHoursModalRequest,
  ZEditHoursRequest,
  ZHoursEntryResponse,
  ZHoursListResponse,
  ZHoursPeriodListResponse,
  ZIdParams,
  ZOkResponse,
  ZPeriodQuery,
  ZWorkerDateListResponse,
  ZWorkerDateQuery,
  ZWorkerIdParams,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors';
import { errorResponses } from '../../lib/http';
import { employerTimeZoneOf } from '../../lib/tenant';
import { actorOf } from '../../plugins/auth';
import { leaveOnList } from '../leave/on-list';
import * as hours from './service';

const PERIOD_HELP =
  'Filter with ?date=YYYY-MM-DD, ?month=YYYY-MM or ?from=&to= (inclusive); the current month when none.';

export async function hoursRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/workerdate', {
    config: { auth: 'employer' },
    schema: {
      tags: ['hours'],
      summary: 'Workers who have an entry on ?date=YYYY-MM-DD (today in the employer time zone when absent)',
      querystring: ZWorkerDateQuery,
      response: { 200: ZWorkerDateListResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const date = dayOrToday(request.query.date, employerTimeZoneOf(actor));
      return { Status: true as const, Result: await hours.workersWithEntryOn(app.deps, actor, date) };
    },
  });

  app.get('/krye/klista', {
    config: { auth: 'employer' },
    schema: {
      tags: ['hours'],
      summary: `Hours entries sorted by name, then date, and beside them (on_leave) the workers on approved leave each day. ${PERIOD_HELP}`,
      querystring: ZPeriodQuery,
      response: { 200: ZHoursPeriodListResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const range = periodIn(request.query, employerTimeZoneOf(actor));
      const [entries, onLeave] = await Promise.all([
        hours.listEntries(app.deps, actor, range),
        leaveOnList(app.deps, actor, range),
      ]);
      return { Status: true as const, Result: entries, on_leave: onLeave };
    },
  });

  app.get('/krye/klista/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['hours'],
      summary: 'One hours entry (as a one-item list, as older clients expect)',
      params: ZIdParams,
      response: { 200: ZHoursListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: [await hours.getEntry(app.deps, actorOf(request), request.params.id)],
    }),
  });

  app.put('/krye/edit_klista/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['hours'],
      summary: 'Change the hours of an entry (name, data and dita are ignored: only ora changes)',
      params: ZIdParams,
      body: ZEditHoursRequest,
      response: { 200: ZHoursEntryResponse, ...errorResponses },
    },
    handler: async (request) => {
      if (request.body.id !== undefined && request.body.id !== request.params.id) {
        throw badRequest(messages.hoursIdMismatch);
      }
      return {
        Status: true as const,
        Result: await hours.setEntryHours(
          app.deps,
          actorOf(request),
          request.params.id,
          request.body.ora,
          request.body.from !== undefined || request.body.to !== undefined
            ? { from: request.body.from ?? null, to: request.body.to ?? null }
            : undefined,
        ),
      };
    },
  });

  app.put('/krye/edit_klista_modal', {
    config: { auth: 'employer' },
    schema: {
      tags: ['hours'],
      summary: 'Change the hours of the entry named by id in the body',
      body: ZEditHoursModalRequest,
      response: { 200: ZHoursEntryResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await hours.setEntryHours(app.deps, actorOf(request), request.body.id, request.body.ora),
    }),
  });

  app.post('/krye/addworkerklista', {
    config: { auth: 'employer' },
    schema: {
      tags: ['hours'],
      summary:
        'Add a list of entries, all or nothing. An unknown worker is 404; an existing (worker, date) is 409. name, dita and employer_id in the body are ignored.',
      body: ZAddHoursRequest,
      response: { 201: ZHoursListResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ Status: true as const, Result: await hours.addEntries(app.deps, actorOf(request), request.body) }),
  });

  app.delete('/krye/delete_workers', {
    config: { auth: 'employer' },
    schema: {
      tags: ['hours'],
      summary: 'Delete the hours entries listed in idsToDelete, all or nothing',
      body: ZDeleteHoursRequest,
      response: { 200: ZDeletedResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: { deleted: await hours.deleteEntries(app.deps, actorOf(request), request.body.idsToDelete) },
    }),
  });

  app.delete('/krye/delete_klista/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['hours'],
      summary: 'Delete one hours entry',
      params: ZIdParams,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await hours.deleteEntries(app.deps, actorOf(request), [request.params.id]);
      return { Status: true as const };
    },
  });

  app.get('/krye/oret/:workerId', {
    config: { auth: 'user' },
    schema: {
      tags: ['hours'],
      summary: `One worker's entries by date: any employee for its employer, only itself for a worker. ${PERIOD_HELP}`,
      params: ZWorkerIdParams,
      querystring: ZPeriodQuery,
      response: { 200: ZHoursListResponse, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const range = periodIn(request.query, employerTimeZoneOf(actor));
      const entries = await hours.listWorkerEntries(app.deps, actor, request.params.workerId, range);
      return { Status: true as const, Result: entries };
    },
  });
}
