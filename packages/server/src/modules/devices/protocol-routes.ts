import {
  ZErrorResponse,
  ZHeartbeatRequest,
  ZHeartbeatResponse,
  ZScanBatchRequest,
  ZScanBatchResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ingestScanBatch } from '../rfid/ingest';
import * as devices from './service';

const refusals = { 400: ZErrorResponse, 401: ZErrorResponse };

/**
 * Puna device protocol v1 (docs/devices.md): JSON over HTTP, `Authorization: Device <id>:<secret>`.
 * Credentials are checked in a preHandler, before the body is looked at, so a bad one stores nothing.
 */
export async function deviceProtocolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const authenticated = new WeakMap<object, devices.AuthenticatedDevice>();

  app.addHook('onRequest', async (request) => {
    authenticated.set(request, await devices.authenticateDevice(app.deps, request.headers.authorization));
  });
  const deviceOf = (request: object) => {
    const device = authenticated.get(request);
    if (!device) throw new Error('device route reached without authentication');
    return device;
  };

  app.post('/device/v1/heartbeat', {
    config: { auth: 'device' },
    schema: {
      tags: ['device protocol'],
      summary:
        'Heartbeat (every ≤ 60 s): reports SSID/firmware/IP, acknowledges a config version, receives the pending config or null',
      body: ZHeartbeatRequest,
      response: { 200: ZHeartbeatResponse, ...refusals },
    },
    handler: async (request) => devices.heartbeat(app.deps, deviceOf(request), request.body),
  });

  app.post('/device/v1/scans', {
    config: { auth: 'device' },
    schema: {
      tags: ['device protocol'],
      summary:
        'Upload up to 500 scans { seq, uid, ts }. Idempotent on (device, seq); accepted = durably stored (duplicates included); a malformed scan is rejected alone. Kiosk devices also get results: the employee { id, name } (or null: unknown card) of each accepted scan.',
      body: ZScanBatchRequest,
      response: { 200: ZScanBatchResponse, ...refusals },
    },
    handler: async (request) => {
      const device = deviceOf(request);
      const result = await ingestScanBatch(app.deps, device, request.body.scans, {
        withResults: device.protocol === 'kiosk',
      });
      await devices.recordUpload(app.deps, device);
      return result;
    },
  });
}
