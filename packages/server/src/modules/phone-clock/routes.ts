import {
  resultEnvelope,
  ZEmployeePhoneClock,
  ZEmployeePhoneClockResponse,
  ZErrorResponse,
  ZIdParams,
  ZLocationInput,
  ZLocationListResponse,
  ZLocationResponse,
  ZPhoneClockSettings,
  ZPhoneClockSettingsResponse,
  ZPhonePunchResponse,
  ZPunchAcceptBody,
  ZPunchBody,
  ZPunchQuery,
  ZPunchStateResponse,
  ZReviewPunchListResponse,
  ZReviewPunchResponse,
} from '@puna/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import { createLocation, deleteLocation, listLocations, updateLocation } from './locations';
import { phonePunch, punchState } from './punch';
import { acceptPunch, deletePunch, listPunches, punchPhoto } from './review';
import {
  getEmployeePhoneClock,
  getPhoneClockSettings,
  updateEmployeePhoneClock,
  updatePhoneClockSettings,
} from './settings';

const employer = { auth: 'employer' } as const;
const tags = ['phone-clock'];
const ZDeletedResponse = resultEnvelope(z.object({ deleted: z.literal(true) }));
/** A punch's refusals beyond the usual: photo too big (413), a punch that cannot be taken (422), too many (429). */
const punchErrors = { ...errorResponses, 413: ZErrorResponse, 422: ZErrorResponse, 429: ZErrorResponse } as const;

/** A photo's bytes as they are stored, never cached by a shared cache. */
function sendJpeg(reply: FastifyReply, jpeg: Buffer) {
  return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(jpeg);
}

/**
 * Workplaces, phone clock-in and the review of punches (docs/product.md#phone-clock).
 */
export async function phoneClockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/krye/locations', {
    config: employer,
    schema: {
      tags,
      summary: "The employer's workplaces by name: a circle of radius_m metres around lat, lng",
      response: { 200: ZLocationListResponse, ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await listLocations(app.deps, actorOf(request)) }),
  });

  app.post('/krye/locations', {
    config: employer,
    schema: {
      tags,
      summary: 'Adds a workplace (radius 25–2000 m, address optional)',
      body: ZLocationInput,
      response: { 201: ZLocationResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send({ Status: true as const, Result: await createLocation(app.deps, actorOf(request), request.body) }),
  });

  app.put('/krye/locations/:id', {
    config: employer,
    schema: {
      tags,
      summary: 'Changes a workplace; punches already stored keep their workplace and distance',
      params: ZIdParams,
      body: ZLocationInput,
      response: { 200: ZLocationResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await updateLocation(app.deps, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete('/krye/locations/:id', {
    config: employer,
    schema: {
      tags,
      summary: 'Removes a workplace; its punches keep their coordinates, their workplace becomes null',
      params: ZIdParams,
      response: { 200: ZDeletedResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await deleteLocation(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.get('/krye/phone-clock-settings', {
    config: employer,
    schema: {
      tags,
      summary:
        'Whether workers may punch from the phone, outside a workplace refuse or flag, photo required, photo retention days',
      response: { 200: ZPhoneClockSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await getPhoneClockSettings(app.deps, actorOf(request)),
    }),
  });

  app.put('/krye/phone-clock-settings', {
    config: employer,
    schema: {
      tags,
      summary: 'Changes the phone clock settings given (the others keep their value); answers them as they now are',
      body: ZPhoneClockSettings,
      response: { 200: ZPhoneClockSettingsResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await updatePhoneClockSettings(app.deps, actorOf(request), request.body),
    }),
  });

  app.get('/krye/employees/:id/phone-clock', {
    config: employer,
    schema: {
      tags,
      summary: "An employee's overrides of the phone clock settings (null: the employer's) and what holds for it",
      params: ZIdParams,
      response: { 200: ZEmployeePhoneClockResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await getEmployeePhoneClock(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.put('/krye/employees/:id/phone-clock', {
    config: employer,
    schema: {
      tags,
      summary: "Sets an employee's overrides given (null: back to the employer's setting)",
      params: ZIdParams,
      body: ZEmployeePhoneClock,
      response: { 200: ZEmployeePhoneClockResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await updateEmployeePhoneClock(app.deps, actorOf(request), request.params.id, request.body),
    }),
  });

  app.get('/krye/worker/me/punch', {
    config: { auth: 'worker' },
    schema: {
      tags,
      summary:
        "The worker's punch button: allowed, photo required, outside policy, in or out today, the last punch and the workplaces",
      response: { 200: ZPunchStateResponse, ...errorResponses },
    },
    handler: async (request) => ({ Status: true as const, Result: await punchState(app.deps, actorOf(request)) }),
  });

  app.post('/krye/worker/me/punch', {
    config: { auth: 'worker' },
    schema: {
      tags,
      summary:
        'A punch from the phone: 201 with its workplace, distance and flags; a resend of the same id answers 200 and stores nothing',
      body: ZPunchBody,
      response: { 200: ZPhonePunchResponse, 201: ZPhonePunchResponse, ...punchErrors },
    },
    handler: async (request, reply) => {
      const { created, punch } = await phonePunch(app.deps, actorOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ Status: true as const, Result: { punch } });
    },
  });

  app.get('/krye/punches', {
    config: employer,
    schema: {
      tags,
      summary:
        "One employee's punches of a date (every origin): time, origin, position, workplace, flags, accepted, photo",
      querystring: ZPunchQuery,
      response: { 200: ZReviewPunchListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await listPunches(app.deps, actorOf(request), request.query),
    }),
  });

  app.get('/krye/punches/:id/photo', {
    config: employer,
    schema: {
      tags,
      summary: "A punch's photo (image/jpeg); 404 when it has none or it was deleted after the retention period",
      params: ZIdParams,
      response: errorResponses,
    },
    handler: async (request, reply) => {
      const jpeg = await punchPhoto(app.deps, actorOf(request), request.params.id);
      return sendJpeg(reply, jpeg);
    },
  });

  app.put('/krye/punches/:id/accept', {
    config: employer,
    schema: {
      tags,
      summary: 'Accepts a flagged punch (an audit entry)',
      params: ZIdParams,
      body: ZPunchAcceptBody,
      response: { 200: ZReviewPunchResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await acceptPunch(app.deps, actorOf(request), request.params.id),
    }),
  });

  app.delete('/krye/punches/:id', {
    config: employer,
    schema: {
      tags,
      summary: 'Removes a flagged punch (an audit entry with its time and flags); 409 in a closed month',
      params: ZIdParams,
      response: { 200: ZDeletedResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await deletePunch(app.deps, actorOf(request), request.params.id),
    }),
  });
}
