import {
  ZIdParams,
  ZOkResponse,
  ZRosterSettingsInput,
  ZRosterSettingsResponse,
  ZShiftActionBody,
  ZShiftCopyInput,
  ZShiftCopyResponse,
  ZShiftInput,
  ZShiftListResponse,
  ZShiftPublishInput,
  ZShiftPublishResponse,
  ZShiftRangeQuery,
  ZShiftRequestDecision,
  ZShiftRequestListQuery,
  ZShiftRequestListResponse,
  ZShiftRequestResponse,
  ZShiftResponse,
  ZShiftSwapInput,
  ZWorkerShiftListResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import {
  acceptSwap,
  claimShift,
  decideShiftRequest,
  employerShiftRequests,
  offerSwap,
  ownShiftRequests,
} from './requests';
import { copyWeek, createShift, deleteShift, listShifts, publishShifts, updateShift, workerShifts } from './service';
import { getRosterSettings, updateRosterSettings } from './settings';

/** Shifts and the roster (docs/product.md#shifts-and-the-roster). */
export async function rosterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/roster-settings', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary:
        'The roster settings: automatic approval of claims and swaps, the no-show push, unpaid break rules (null: the jurisdiction’s, break_rules_default)',
      response: { 200: ZRosterSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await getRosterSettings(app.deps, actorOf(request)),
    }),
  });

  app.put('/krye/roster-settings', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary: 'Changes the roster settings; answers them as they now are',
      body: ZRosterSettingsInput,
      response: { 200: ZRosterSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await updateRosterSettings(app.deps, actorOf(request), request.body),
    }),
  });

  app.get('/krye/shifts', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary:
        'The shifts starting from `from` to `to` (at most 62 days), with planned hours and cost per employee and day',
      querystring: ZShiftRangeQuery,
      response: { 200: ZShiftListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await listShifts(app.deps, actorOf(request), request.query),
    }),
  });

  app.post('/krye/shifts', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary: 'Plans a shift for an employee, or an open shift (employee_id null); unpublished until published',
      body: ZShiftInput,
      response: { 201: ZShiftResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ Status: true as const, Result: await createShift(app.deps, actorOf(request), request.body) }),
  });

  app.put('/krye/shifts/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary: 'Changes a shift; workers see the change once it is published',
      params: ZIdParams,
      body: ZShiftInput,
      response: { 200: ZShiftResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await updateShift(app.deps, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete('/krye/shifts/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary: 'Removes a shift (a published one leaves the workers’ view at the next publish)',
      params: ZIdParams,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await deleteShift(app.deps, actorOf(request), request.params.id);
      return { Status: true as const };
    },
  });

  app.post('/krye/shifts/copy', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary: 'Copies one ISO week’s shifts (YYYY-Www) onto an empty week, unpublished',
      body: ZShiftCopyInput,
      response: { 200: ZShiftCopyResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await copyWeek(app.deps, actorOf(request), request.body),
    }),
  });

  app.post('/krye/shifts/publish', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary: 'Publishes the shifts from `from` to `to`: each worker whose shifts changed gets one notice',
      body: ZShiftPublishInput,
      response: { 200: ZShiftPublishResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await publishShifts(app.deps, actorOf(request), request.body),
    }),
  });

  app.get('/krye/worker/me/shifts', {
    config: { auth: 'worker' },
    schema: {
      tags: ['roster'],
      summary: "The worker's own published shifts from `from` to `to`, and the open shifts from today on",
      querystring: ZShiftRangeQuery,
      response: { 200: ZWorkerShiftListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await workerShifts(app.deps, actorOf(request), request.query),
    }),
  });

  app.post('/krye/worker/me/shifts/:id/claim', {
    config: { auth: 'worker' },
    schema: {
      tags: ['roster'],
      summary: 'Asks for a published open shift from today on; the employer approves or declines',
      params: ZIdParams,
      body: ZShiftActionBody,
      response: { 201: ZShiftRequestResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ Status: true as const, Result: await claimShift(app.deps, actorOf(request), request.params.id) }),
  });

  app.post('/krye/worker/me/shifts/:id/swap', {
    config: { auth: 'worker' },
    schema: {
      tags: ['roster'],
      summary: 'Offers the worker’s own published shift to a colleague, who accepts it; then the employer decides',
      params: ZIdParams,
      body: ZShiftSwapInput,
      response: { 201: ZShiftRequestResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        Status: true as const,
        Result: await offerSwap(app.deps, actorOf(request), request.params.id, request.body.employee_id),
      }),
  });

  app.get('/krye/worker/me/shift-requests', {
    config: { auth: 'worker' },
    schema: {
      tags: ['roster'],
      summary: "The worker's claims and swaps, and the swaps offered to it, newest first",
      response: { 200: ZShiftRequestListResponse, ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await ownShiftRequests(app.deps, actorOf(request)) }),
  });

  app.post('/krye/worker/me/shift-requests/:id/accept', {
    config: { auth: 'worker' },
    schema: {
      tags: ['roster'],
      summary: 'The colleague accepts a swap offered to it; the employer then decides',
      params: ZIdParams,
      body: ZShiftActionBody,
      response: { 200: ZShiftRequestResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await acceptSwap(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.get('/krye/shift-requests', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary: 'Claims and swaps (?status=offered|pending|approved|declined, all when absent), newest first',
      querystring: ZShiftRequestListQuery,
      response: { 200: ZShiftRequestListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await employerShiftRequests(app.deps, actorOf(request), request.query.status),
    }),
  });

  app.put('/krye/shift-requests/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['roster'],
      summary: 'Approves (the shift changes hands, published at once) or declines a pending claim or swap',
      params: ZIdParams,
      body: ZShiftRequestDecision,
      response: { 200: ZShiftRequestResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await decideShiftRequest(app.deps, actorOf(request), request.params.id, request.body.status),
    }),
  });
}
