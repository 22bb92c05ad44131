import {
  ZClockTrustResponse,
  ZClockUsersResponse,
  ZDeviceParams,
  ZDeviceProblemsResponse,
  ZImportHeldResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { listClockUsers } from './clock-users';
import { clockTrustOf, importHeldPunches } from './held';
import { listDeviceProblems } from './problems';

/**
 * What the employer sees and decides about a ZKTeco clock, beside its device entry
 * (/api/controllers/:id/…, docs/devices.md): refused lines and commands, the users it reported,
 * its confirmation tries and held punches. JSON routes, apart from the clock's own text protocol
 * (routes.ts), which has its own body parsers and error handler.
 */
export async function clockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/controllers/:id/problems', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary:
        "A ZKTeco clock's refused upload lines (raw text and reason) and the commands it refused or left unanswered for a day",
      params: ZDeviceParams,
      response: { 200: ZDeviceProblemsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await listDeviceProblems(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.get('/api/controllers/:id/users', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary:
        'The users a ZKTeco clock reported (PIN, name, card) with the employee holding each PIN; those without one can be linked with POST /krye/rfid/assign { uid: "PIN:<pin>" }',
      params: ZDeviceParams,
      response: { 200: ZClockUsersResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await listClockUsers(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.get('/api/controllers/:id/trust', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary:
        "A ZKTeco clock's failed confirmation tries (on its current confirmation PIN) and the punches held from before its confirmation (a moved clock's earlier log)",
      params: ZDeviceParams,
      response: { 200: ZClockTrustResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await clockTrustOf(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.post('/api/controllers/:id/import-held', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary:
        "The clock really was the employer's before its confirmation: its held punches become attendance (by PIN), and later uploads take every punch",
      params: ZDeviceParams,
      body: z.strictObject({}).nullish(),
      response: { 200: ZImportHeldResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await importHeldPunches(app.deps, actorOf(request), request.params.id),
    }),
  });
}
