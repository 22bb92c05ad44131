import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, employees, scans } from '../src/db/schema';
import type { TestContext } from './helpers/app';
import { createPremiumWorkspace, newDeviceId, registerDevice } from './helpers/device-factories';
import { addEmployee, call, createWorkspaceTestApp, resultOf } from './helpers/workspace-factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

/** A request as the clock sends it: plain text, no JSON. */
function clock(method: 'GET' | 'POST', url: string, body?: string, contentType = 'text/plain') {
  return ctx.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body, headers: { 'content-type': contentType } }),
  });
}

async function setup() {
  const employer = await createPremiumWorkspace(ctx);
  const serial = newDeviceId('CKJP');
  const registered = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco' });
  expect(registered.secret).toBeNull();
  const ana = await addEmployee(ctx, employer.token, { name: 'Ana' });
  const edit = await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, {
    name: 'Ana',
    salary: 4,
    wages: 'Orë',
    role: 'Punëtor',
    device_pin: '7',
  });
  expect(edit.statusCode).toBe(200);
  return { employer, serial, ana };
}

describe('ZKTeco push protocol', () => {
  it('answers the handshake with options and a Date header', async () => {
    const { serial } = await setup();
    const res = await clock('GET', `/iclock/cdata?SN=${serial}&options=all&pushver=2.4.1&language=83`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers.date).toBeTruthy();
    const lines = res.body.split('\n');
    expect(lines[0]).toBe(`GET OPTION FROM: ${serial}`);
    for (const option of ['ATTLOGStamp=', 'OPERLOGStamp=', 'Delay=', 'TransFlag=', 'Realtime=1', 'ErrorDelay=']) {
      expect(
        lines.some((line) => line.startsWith(option)),
        option,
      ).toBe(true);
    }
    expect(lines).toContainEqual(expect.stringMatching(/^TimeZone=[12]$/)); // Europe/Tirane
    // .aspx and trailing-slash variants are the same conversation.
    expect((await clock('GET', `/iclock/cdata.aspx?SN=${serial}&options=all`)).statusCode).toBe(200);
    expect((await clock('GET', `/iclock/cdata/?SN=${serial}&options=all`)).statusCode).toBe(200);
    expect((await clock('GET', `/iclock/ping?SN=${serial}`)).body).toBe('OK');
  });

  it('refuses an unknown serial, and a Puna reader that has a secret', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const reader = await registerDevice(ctx, employer.token);
    for (const serial of ['NOPE-123', reader.device_id]) {
      const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, '1\t2025-03-03 08:00:00\t0\t1\n');
      expect(res.statusCode).toBe(401);
      expect(res.headers.date).toBeTruthy();
    }
    expect(await ctx.app.db.select().from(scans).where(eq(scans.employerId, employer.employerId))).toEqual([]);
  });

  it('stores ATTLOG punches once, in the employer zone, mapped by PIN', async () => {
    const { employer, serial, ana } = await setup();
    const body =
      '7\t2025-03-03 08:00:00\t0\t1\t0\t0\t0\n7\t2025-03-03 16:30:00\t1\t1\t0\t0\t0\n99\t2025-03-03 09:00:00\t0\t4\t0\t0\t0\nbroken line\n';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=9999`, body);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('OK:3');
    }
    const stored = await ctx.app.db.select().from(scans).where(eq(scans.employerId, employer.employerId));
    expect(stored).toHaveLength(3);
    const mine = stored.filter((scan) => scan.employeeId === ana.id).map((scan) => scan.scannedAt.toISOString());
    expect(mine.sort()).toEqual(['2025-03-03T07:00:00.000Z', '2025-03-03T15:30:00.000Z']);
    expect(stored.find((scan) => scan.employeeId === null)?.uid).toBe('PIN:99');
    const day = resultOf<{ id: number; hours: number }[]>(
      await call(ctx, employer.token, 'GET', '/krye/rfid_day?date=2025-03-03'),
    );
    expect(day).toMatchObject([{ id: ana.id, hours: 8.5, firstScanTime: '08:00:00' }]);
  });

  it('takes cards from OPERLOG, hex or decimal', async () => {
    const { employer, serial, ana } = await setup();
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea' });
    await ctx.app.db.update(employees).set({ devicePin: '8' }).where(eq(employees.id, bea.id));
    const body =
      'USER PIN=7\tName=Ana\tPri=0\tPasswd=\tCard=[15CD5B07]\tGrp=1\tTZ=0000000000000000\n' +
      'USER PIN=8\tName=Bea\tPri=0\tPasswd=\tCard=365779720\tGrp=1\tTZ=0000000000000000\n' +
      'OPLOG 4\t0\t2025-03-03 08:00:00\t0\t0\t0\t0\n';
    const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=OPERLOG&Stamp=1`, body);
    expect(res.body).toBe('OK:3');
    const list = resultOf<{ id: number; rfid: string | null }[]>(
      await call(ctx, employer.token, 'GET', '/krye/listarfid'),
    );
    expect(list.find((w) => w.id === ana.id)?.rfid).toBe('15CD5B07');
    expect(list.find((w) => w.id === bea.id)?.rfid).toBe('15CD5B08');
  });

  it('sends a card assigned in Puna to the clock and records its acknowledgement', async () => {
    const { employer, serial, ana } = await setup();
    // Setting the PIN queued a first update; the clock takes it now.
    const first = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    expect(first.body).toMatch(/^C:\d+:DATA UPDATE USERINFO PIN=7\tName=Ana\tCard=$/);
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`)).body).toBe('OK');

    const assign = await call(ctx, employer.token, 'POST', '/krye/rfid/assign', {
      uid: 'A1B2C3D4',
      employeeId: ana.id,
    });
    expect(assign.statusCode).toBe(200);
    const poll = await clock('GET', `/iclock/getrequest.aspx?SN=${serial}`);
    const match = poll.body.match(/^C:(\d+):DATA UPDATE USERINFO PIN=7\tName=Ana\tCard=\[A1B2C3D4\]$/);
    expect(match, poll.body).not.toBeNull();
    const ack = await clock('POST', `/iclock/devicecmd?SN=${serial}`, `ID=${match?.[1]}&Return=0&CMD=DATA\n`);
    expect(ack.body).toBe('OK');
    const [command] = await ctx.app.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, Number(match?.[1])));
    expect(command).toMatchObject({ result: 0 });
    expect(command?.ackedAt).toBeInstanceOf(Date);

    // Clearing the PIN removes the user from the clock.
    await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${ana.id}`, {
      name: 'Ana',
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
      device_pin: null,
    });
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`)).body).toMatch(/^C:\d+:DATA DELETE USERINFO PIN=7$/);
  });

  it('accepts uploads without a content type', async () => {
    const { serial } = await setup();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${serial}&table=ATTLOG`,
      payload: Buffer.from('7\t2025-03-05 08:00:00\t0\t1\n'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.body).toBe('OK:1');
  });

  it('keeps text bodies refused on the JSON API', async () => {
    const { employer } = await setup();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/controllers',
      headers: { authorization: `Bearer ${employer.token}`, 'content-type': 'text/plain' },
      payload: 'device_id=X',
    });
    expect(res.statusCode).toBe(415);
  });
});
