import { type TScanBatchResponse, ZHeartbeatResponse, ZScanBatchResponse } from '@puna/domain';
import type { QueuedScan } from '../lib/scan-queue';

/** What the kiosk was paired with: a device registered with protocol `kiosk`. */
export type KioskCredentials = { deviceId: string; secret: string };

/** A protocol v1 call that did not succeed: `status` 0 is no answer at all (offline, server down). */
export class DeviceRequestError extends Error {
  constructor(readonly status: number) {
    super(status === 0 ? 'The server could not be reached' : `The server answered ${status}`);
    this.name = 'DeviceRequestError';
  }

  /** The credentials were refused: retrying will not help until the kiosk is paired again. */
  get isRefused(): boolean {
    return this.status === 401;
  }
}

/**
 * Puna device protocol v1 (docs/devices.md), as any reader speaks it: `Authorization: Device
 * <id>:<secret>` and no cookies — the kiosk is a device, not a signed-in person.
 */
async function devicePost(credentials: KioskCredentials, path: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'omit',
      cache: 'no-store',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Device ${credentials.deviceId}:${credentials.secret}`,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new DeviceRequestError(0);
  }
  if (!response.ok) throw new DeviceRequestError(response.status);
  return response.json();
}

/** `POST /device/v1/heartbeat`: pairing checks the credentials with it, then it runs every 30 s. */
export async function sendHeartbeat(credentials: KioskCredentials) {
  return ZHeartbeatResponse.parse(await devicePost(credentials, '/device/v1/heartbeat', { firmware: 'puna-kiosk' }));
}

/** `POST /device/v1/scans`: a kiosk's answer carries `results` (who each accepted scan belongs to). */
export async function sendScans(credentials: KioskCredentials, scans: QueuedScan[]): Promise<TScanBatchResponse> {
  return ZScanBatchResponse.parse(await devicePost(credentials, '/device/v1/scans', { scans }));
}
