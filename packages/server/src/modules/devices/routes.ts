import {
  ZDeviceConfigRequest,
  ZDeviceListResponse,
  ZDeviceParams,
  ZOkResponse,
  ZRegisterDeviceRequest,
  ZRegisteredDeviceResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/http';
import { actorOf } from '../../plugins/auth';
import * as devices from './service';

/** The employer's device registry (/api/controllers, docs/product.md#devices); part of Puna Premium. */
export async function devicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/controllers', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary: "The employer's devices; connected = a heartbeat within 90 s",
      response: { 200: ZDeviceListResponse, ...errorResponses },
    },
    handler: async (request) => ({
      Status: true as const,
      Result: await devices.listDevices(app.deps, actorOf(request)),
    }),
  });

  app.post('/api/controllers', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary:
        'Register a device by its ID (serial). The secret is shown only in this answer (null for ZKTeco clocks, whose serial is their credential). An ID registered anywhere is refused (409).',
      body: ZRegisterDeviceRequest,
      response: { 201: ZRegisteredDeviceResponse, ...errorResponses },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        Status: true as const,
        Result: await devices.registerDevice(app.deps, actorOf(request), request.body),
      }),
  });

  app.put('/api/controllers/:id/config', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary:
        'Rename ({ name }) or change Wi-Fi ({ ssid, password }); delivered in the next heartbeat as a new config version. The password is kept encrypted and erased once acknowledged.',
      params: ZDeviceParams,
      body: ZDeviceConfigRequest,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await devices.updateDeviceConfig(app.deps, actorOf(request), request.params.id, request.body);
      return { Status: true as const };
    },
  });

  app.delete('/api/controllers/:id', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary: 'Remove a device; its scans are kept',
      params: ZDeviceParams,
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await devices.deleteDevice(app.deps, actorOf(request), request.params.id);
      return { Status: true as const };
    },
  });

  app.post('/api/controllers/:id/reupload', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary:
        'Ask a ZKTeco clock to upload its whole log again (its upload stamps are forgotten; stored punches are not stored twice)',
      params: ZDeviceParams,
      body: z.strictObject({}).nullish(),
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await devices.requestFullUpload(app.deps, actorOf(request), request.params.id);
      return { Status: true as const };
    },
  });

  app.post('/api/controllers/:id/approve-move', {
    config: { auth: 'employer', premium: true },
    schema: {
      tags: ['devices'],
      summary:
        'Start moving a ZKTeco clock to the network it was last refused from: the clock gets a new confirmation PIN (in the device list), and the network is trusted once a punch with it arrives from there',
      params: ZDeviceParams,
      body: z.strictObject({}).nullish(),
      response: { 200: ZOkResponse, ...errorResponses },
    },
    handler: async (request) => {
      await devices.approveClockMove(app.deps, actorOf(request), request.params.id);
      return { Status: true as const };
    },
  });
}
