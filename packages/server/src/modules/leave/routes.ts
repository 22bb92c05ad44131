import {
  ZEmployeeIdParams,
  ZEmployerLeaveUnreadResponse,
  ZIdParams,
  ZLeaveAllowanceRequest,
  ZLeaveAskRequest,
  ZLeaveBalanceResponse,
  ZLeaveBalancesResponse,
  ZLeaveDecisionRequest,
  ZLeaveListQuery,
  ZLeaveListResponse,
  ZLeaveRecordRequest,
  ZLeaveRequestResponse,
  ZLeaveSettingsRequest,
  ZLeaveSettingsResponse,
  ZLeaveTypeCreateRequest,
  ZLeaveTypeResponse,
  ZLeaveTypesResponse,
  ZLeaveTypeUpdateRequest,
  ZLeaveUnreadResponse,
  ZLeaveYearQuery,
  ZWorkerLeaveResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { listBalances, setAllowance } from './balances';
import { askForLeave, cancelLeave, decideLeave, recordLeave } from './request-writes';
import { employerUnreadLeave, listLeave, workerLeave, workerUnreadLeave } from './requests';
import { getLeaveSettings, updateLeaveSettings } from './settings';
import { createLeaveType, listLeaveTypes, updateLeaveType } from './types';

/** Leave and absences (docs/product.md#leave): types, requests, decisions, balances. */
export async function leaveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ok = <T>(Result: T) => ({ Status: true as const, Result });

  app.get('/krye/leave-types', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'Leave types: annual, sick and unpaid built in, then the employer’s own (archived included)',
      response: { 200: ZLeaveTypesResponse, ...errorResponses },
    },
    handler: async (request) => ok(await listLeaveTypes(app.deps, actorOf(request))),
  });

  app.post('/krye/leave-types', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'Add a leave type: name, paid or unpaid, whether it needs approval',
      body: ZLeaveTypeCreateRequest,
      response: { 201: ZLeaveTypeResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return ok(await createLeaveType(app.deps, actorOf(request), request.body));
    },
  });

  app.put('/krye/leave-types/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'Change a leave type; a built-in one keeps its name and pay and is never archived',
      params: ZIdParams,
      body: ZLeaveTypeUpdateRequest,
      response: { 200: ZLeaveTypeResponse, ...errorResponses },
    },
    handler: async (request) => ok(await updateLeaveType(app.deps, actorOf(request), request.params.id, request.body)),
  });

  app.get('/krye/leave/settings', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'The employer’s annual leave days (null: the legal minimum), the law’s minimum and paid sick days',
      response: { 200: ZLeaveSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ok(await getLeaveSettings(app.deps, actorOf(request))),
  });

  app.put('/krye/leave/settings', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'Set the annual leave days for everyone (never below the legal minimum when computed)',
      body: ZLeaveSettingsRequest,
      response: { 200: ZLeaveSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ok(await updateLeaveSettings(app.deps, actorOf(request), request.body)),
  });

  app.get('/krye/leave/balances', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'Every worker’s ?year=YYYY: annual leave due, carried over, taken, pending, left; sick days',
      querystring: ZLeaveYearQuery,
      response: { 200: ZLeaveBalancesResponse, ...errorResponses },
    },
    handler: async (request) => ok(await listBalances(app.deps, actorOf(request), request.query.year)),
  });

  app.put('/krye/leave/allowances/:employee_id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'A worker’s entitlement for a year (null: computed) and the days carried over',
      params: ZEmployeeIdParams,
      body: ZLeaveAllowanceRequest,
      response: { 200: ZLeaveBalanceResponse, ...errorResponses },
    },
    handler: async (request) =>
      ok(await setAllowance(app.deps, actorOf(request), request.params.employee_id, request.body)),
  });

  app.get('/krye/leave', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'Leave requests, newest first, ?status=pending|approved|declined|cancelled; clears their unread marks',
      querystring: ZLeaveListQuery,
      response: { 200: ZLeaveListResponse, ...errorResponses },
    },
    handler: async (request) => ok(await listLeave(app.deps, actorOf(request), request.query.status)),
  });

  app.get('/krye/leave/unread', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary:
        'How many leave requests the employer has not seen (the nav’s dot) and how many wait for a decision (the requests inbox)',
      response: { 200: ZEmployerLeaveUnreadResponse, ...errorResponses },
    },
    handler: async (request) => ok(await employerUnreadLeave(app.deps, actorOf(request))),
  });

  app.post('/krye/leave', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'Record approved leave for a worker',
      body: ZLeaveRecordRequest,
      response: { 201: ZLeaveRequestResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return ok(await recordLeave(app.deps, actorOf(request), request.body));
    },
  });

  app.put('/krye/leave/:id', {
    config: { auth: 'employer' },
    schema: {
      tags: ['leave'],
      summary: 'Approve or decline a pending leave, with an optional note; a decided one is 409',
      params: ZIdParams,
      body: ZLeaveDecisionRequest,
      response: { 200: ZLeaveRequestResponse, ...errorResponses },
    },
    handler: async (request) => ok(await decideLeave(app.deps, actorOf(request), request.params.id, request.body)),
  });

  app.get('/krye/worker/me/leave', {
    config: { auth: 'worker' },
    schema: {
      tags: ['leave'],
      summary:
        'The worker’s own leave, newest first, its ?year=YYYY balance and the types to ask for; clears its unread marks',
      querystring: ZLeaveYearQuery,
      response: { 200: ZWorkerLeaveResponse, ...errorResponses },
    },
    handler: async (request) => ok(await workerLeave(app.deps, actorOf(request), request.query.year)),
  });

  app.get('/krye/worker/me/leave/unread', {
    config: { auth: 'worker' },
    schema: {
      tags: ['leave'],
      summary: 'How many leave decisions the worker has not seen (the nav’s dot)',
      response: { 200: ZLeaveUnreadResponse, ...errorResponses },
    },
    handler: async (request) => ok(await workerUnreadLeave(app.deps, actorOf(request))),
  });

  app.post('/krye/worker/me/leave', {
    config: { auth: 'worker' },
    schema: {
      tags: ['leave'],
      summary: 'Ask for leave: from, to, type (a leave type id), note',
      body: ZLeaveAskRequest,
      response: { 201: ZLeaveRequestResponse, ...errorResponses },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return ok(await askForLeave(app.deps, actorOf(request), request.body));
    },
  });

  app.delete('/krye/worker/me/leave/:id', {
    config: { auth: 'worker' },
    schema: {
      tags: ['leave'],
      summary: 'Withdraw the worker’s own pending request',
      params: ZIdParams,
      response: { 200: ZLeaveRequestResponse, ...errorResponses },
    },
    handler: async (request) => ok(await cancelLeave(app.deps, actorOf(request), request.params.id)),
  });
}
