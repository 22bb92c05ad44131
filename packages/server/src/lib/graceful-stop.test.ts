import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/helpers/app';
import {
  addEmployeeWithPin,
  createPremiumWorkspace,
  newDeviceId,
  withConfirmedClock,
} from '../../test/helpers/device-factories';
import { createWorkspaceTestApp } from '../../test/helpers/workspace-factories';
import { scans } from '../db/schema';
import { ClockTraffic, stopGracefully } from './graceful-stop';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const PUNCHES = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` distinct punches of PIN 7, one a minute from 20 days ago, as ATTLOG lines. */
function attlog(count: number): Buffer {
  const start = Date.now() - 20 * 24 * 60 * 60 * 1000;
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = new Date(start + i * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    lines.push(`7\t${at}\t0\t1`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A clock's upload over a real connection, its body written by the caller (slowly, as a stream). */
function upload(port: number, serial: string, length: number) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=9999`,
    headers: { 'content-type': 'text/plain', 'content-length': length },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          headers: response.headers,
        }),
      );
    });
    request.on('error', reject);
  });
  return { request, answer };
}

describe('Stopping the server while a clock uploads', () => {
  it('lets the upload in flight finish whole and refuses new ones with 503 in text', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('STOP');
    await withConfirmedClock(ctx, employer.token, serial);
    const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '7');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;

    const body = attlog(PUNCHES);
    const first = upload(port, serial, body.length);
    const half = Math.floor(body.length / 2);
    first.request.write(body.subarray(0, half));
    for (let wait = 0; ctx.app.clockTraffic.count === 0 && wait < 200; wait += 1) await sleep(10);
    expect(ctx.app.clockTraffic.count).toBe(1);

    // SIGTERM arrives while the body is still coming in.
    const stopped = stopGracefully(ctx.app, 20_000);
    expect(ctx.app.clockTraffic.taking).toBe(false);

    // A new upload is refused in text, with when to send again, and stores nothing.
    const line = Buffer.from(`7\t${new Date().toISOString().slice(0, 10)} 08:00:00\t0\t1\n`);
    const late = upload(port, serial, line.length);
    late.request.end(line);
    const refused = await late.answer;
    expect(refused.status).toBe(503);
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body).toMatch(/^ERROR: /);

    // The rest of the first body arrives slowly; it is stored whole and answered.
    for (let offset = half; offset < body.length; offset += 64 * 1024) {
      first.request.write(body.subarray(offset, Math.min(offset + 64 * 1024, body.length)));
      await sleep(20);
    }
    first.request.end();
    const answered = await first.answer;
    expect(answered.status).toBe(200);
    expect(answered.body).toBe(`OK:${PUNCHES}`);
    await stopped;
    const stored = await ctx.app.db.select({ id: scans.id }).from(scans).where(eq(scans.employeeId, ana.id));
    expect(stored).toHaveLength(PUNCHES);
  }, 120_000);

  it('stops at once when no clock is uploading', async () => {
    const traffic = new ClockTraffic();
    const started = Date.now();
    expect(await traffic.drain(5_000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(traffic.taking).toBe(false);
  });
});
