import {
  ZErrorResponse,
  ZHeartbeatRequest,
  ZHeartbeatResponse,
  ZScanBatchRequest,
  ZScanBatchResponse,
} from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { DeviceCredentialGone, ingestKioskBatch, ingestScanBatch } from '../rfid/ingest';
import { deviceAuthCache } from './auth-cache';
import { kioskIdentifier, kioskPinLockout } from './kiosk-identify';
import * as devices from './service';

const refusals = { 400: ZErrorResponse, 401: ZErrorResponse };
/** A kiosk batch may carry photos: 4 MiB (the rest of the API takes 512 KiB). */
const SCAN_BODY_LIMIT = 4 * 1024 * 1024;
const SCANS_URL = '/device/v1/scans';

/**
 * Puna device protocol v1 (docs/devices.md): JSON over HTTP, `Authorization: Device <id>:<secret>`.
 * Credentials are checked in a preHandler, before the body is looked at, so a bad one stores nothing.
 */
export async function deviceProtocolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const authenticated = new WeakMap<object, devices.AuthenticatedDevice>();
  const pinLockout = kioskPinLockout(app.database);

  const credentials = deviceAuthCache();

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    // Readers' scan uploads: from the credential cache, checked again by the statement that stores them.
    const device =
      request.routeOptions.url === SCANS_URL
        ? await credentials.authenticate(app.deps, header)
        : await devices.authenticateDevice(app.deps, header);
    authenticated.set(request, device);
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

  app.post(SCANS_URL, {
    config: { auth: 'device' },
    // A kiosk's punch photos (≤ 200 KB each) ride in its batches; the credential is checked before the body is read.
    bodyLimit: SCAN_BODY_LIMIT,
    schema: {
      tags: ['device protocol'],
      summary:
        'Upload up to 500 scans { seq, uid, ts }. Idempotent on (device, seq); accepted = durably stored (duplicates included); a malformed scan is rejected alone. Kiosk devices may send { pin } or { badge } instead of uid, and a photo (base64 JPEG ≤ 200 KB); they also get results: the employee { id, name } (or null: unknown card; with error unknown/locked for a PIN or badge that found no one) of each accepted scan.',
      body: ZScanBatchRequest,
      response: { 200: ZScanBatchResponse, ...refusals },
    },
    handler: async (request) => {
      const device = deviceOf(request);
      const result =
        device.protocol === 'kiosk'
          ? await ingestKioskBatch(
              app.deps,
              { ...device, origin: 'kiosk' },
              request.body.scans,
              kioskIdentifier(app.deps, pinLockout, device),
            )
          : await ingestScanBatch(app.deps, { ...device, origin: 'reader' }, request.body.scans).catch((error) => {
              if (!(error instanceof DeviceCredentialGone)) throw error;
              credentials.forget(request.headers.authorization);
              throw unauthorized(devices.DEVICE_REFUSED);
            });
      await devices.recordUpload(app.deps, device);
      return result;
    },
  });
}
