import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployeeWithPin,
  clockRequest,
  createPremiumWorkspace,
  newDeviceId,
  registerDevice,
  withConfirmedClock,
} from '../../../test/helpers/device-factories';
import { addEmployee, call, createWorkspaceTestApp, resultOf } from '../../../test/helpers/workspace-factories';
import { deviceCommands, employees, scans } from '../../db/schema';
import { instantOf } from '../../lib/zoned-time';

let ctx: TestContext;

/** A day inside the punch window (now − 400 days … now + 1 day), as the clock writes it. */
const DAY = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const at = (time: string) => instantOf(DAY, time, 'Europe/Tirane').toISOString();

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

/** A request as the clock sends it: plain text, no JSON. */
function clock(method: 'GET' | 'POST', url: string, body?: string, contentType = 'text/plain') {
  return clockRequest(ctx, method, url, body, { contentType });
}

/** Polls the clock's commands one by one, acknowledging each, until it answers OK; their texts. */
async function drainCommands(serial: string): Promise<string[]> {
  const commands: string[] = [];
  for (let poll = 0; poll < 50; poll += 1) {
    const res = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    if (res.body === 'OK') return commands;
    expect(res.body.split('\n'), 'one command per poll').toHaveLength(1);
    const [, id, command] = res.body.match(/^C:(\d+):(.*)$/s) ?? [];
    commands.push(command ?? res.body);
    await clock('POST', `/iclock/devicecmd?SN=${serial}`, `ID=${id}&Return=0&CMD=DATA\n`);
  }
  throw new Error('the clock never ran out of commands');
}

async function setup() {
  const employer = await createPremiumWorkspace(ctx);
  const serial = newDeviceId('CKJP');
  const registered = await withConfirmedClock(ctx, employer.token, serial);
  expect(registered.secret).toBeNull();
  const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '7');
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
    const body = `7\t${DAY} 08:00:00\t0\t1\t0\t0\t0\n7\t${DAY} 16:30:00\t1\t1\t0\t0\t0\n99\t${DAY} 09:00:00\t0\t4\t0\t0\t0\nbroken line\n`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=9999`, body);
      expect(res.statusCode).toBe(200);
      // Every line is handled (the broken one is refused and logged), so the clock moves on.
      expect(res.body).toBe('OK:4');
    }
    const stored = await ctx.app.db.select().from(scans).where(eq(scans.employerId, employer.employerId));
    expect(stored).toHaveLength(3);
    const mine = stored.filter((scan) => scan.employeeId === ana.id).map((scan) => scan.scannedAt.toISOString());
    expect(mine.sort()).toEqual([at('08:00:00'), at('16:30:00')]);
    expect(stored.find((scan) => scan.employeeId === null)?.uid).toBe('PIN:99');
    const day = resultOf<{ id: number; hours: number }[]>(
      await call(ctx, employer.token, 'GET', `/krye/rfid_day?date=${DAY}`),
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
    // Ana got the next free PIN (1) when she was added; setting 7 replaced it on the clock.
    expect(await drainCommands(serial)).toEqual([
      'DATA UPDATE USERINFO PIN=1\tName=Ana\tCard=',
      'DATA DELETE USERINFO PIN=1',
      'DATA UPDATE USERINFO PIN=7\tName=Ana\tCard=',
    ]);

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
      payload: Buffer.from(`7\t${DAY} 08:00:00\t0\t1\n`),
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

describe('ZKTeco clocks that must never loop or lose a punch', () => {
  const stored = async (employerId: number) =>
    ctx.app.db.select().from(scans).where(eq(scans.employerId, employerId)).orderBy(scans.scannedAt);

  it("acknowledges a camera clock's ATTPHOTO upload (binary, NUL bytes) with OK in text", async () => {
    const { serial } = await setup();
    const jpeg = Buffer.concat([
      Buffer.from(`PIN=${DAY.replaceAll('-', '')}080000-7.jpg\nSN=${serial}\nsize=6\nCMD=uploadphoto\0`),
      Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x00, 0xd9]),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${serial}&table=ATTPHOTO&Stamp=1`,
      payload: jpeg,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('OK');
  });

  it('acknowledges an OPERLOG tgz package with OK', async () => {
    const { serial } = await setup();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${serial}&table=OPERLOG&ContentType=tgz&Stamp=1`,
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
  });

  it('takes an ATTLOG batch larger than 512 KiB (20,000 lines) in one upload', async () => {
    const { employer, serial } = await setup();
    const lines = Array.from({ length: 20_000 }, (_, i) => {
      const second = i % 60;
      const minute = Math.floor(i / 60) % 60;
      const hour = Math.floor(i / 3600);
      const time = [hour, minute, second].map((n) => String(n).padStart(2, '0')).join(':');
      return `${1000 + (i % 7)}\t${DAY} ${time}\t0\t1\t0\t0\t0`;
    });
    const body = `${lines.join('\n')}\n`;
    expect(body.length).toBeGreaterThan(512 * 1024);

    const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, body);

    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body).toBe('OK:20000');
    expect(await ctx.app.db.$count(scans, eq(scans.employerId, employer.employerId))).toBe(20_000);
  });

  it('answers every refusal on /iclock in plain text, an unknown endpoint included', async () => {
    const { serial } = await setup();
    for (const res of [
      await clock('POST', `/iclock/cdata?SN=UNKNOWN-1&table=ATTLOG`, `1\t${DAY} 08:00:00\n`),
      await clock('GET', `/iclock/cdata?SN=${serial}%00&options=all`),
      await clock('GET', `/iclock/nosuchthing?SN=${serial}`),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(() => JSON.parse(res.body)).toThrow();
    }
  });

  it('keeps punches of alphanumeric, long and zero-padded PINs and of the legacy space format', async () => {
    const { employer, serial, ana } = await setup();
    await ctx.app.db.update(employees).set({ devicePin: '123' }).where(eq(employees.id, ana.id));
    const body = [
      `A17\t${DAY} 07:00:00\t0\t1`,
      `1234567890123\t${DAY} 07:01:00\t0\t1`,
      `1003 ${DAY} 07:02:00 0 1`,
      `00123\t${DAY} 08:00:00\t0\t1\r`,
    ].join('\n');

    const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, body);

    expect(res.body).toBe('OK:4');
    const rows = await stored(employer.employerId);
    expect(rows.map((row) => row.uid)).toEqual(['PIN:A17', 'PIN:1234567890123', 'PIN:1003', 'PIN:00123']);
    // 00123 is Ana's 123; the unknown PINs are kept for assignment.
    expect(rows.map((row) => row.employeeId)).toEqual([null, null, null, ana.id]);
  });

  it('refuses an impossible or out-of-window line alone and stores the good ones', async () => {
    const { employer, serial } = await setup();
    const body = [
      `7\t${DAY} 08:00:00\t0\t1`,
      `7\t${DAY} 23:59:60\t0\t1`,
      '7\t2025-02-30 08:00:00\t0\t1',
      '7\t2019-01-01 08:00:00\t0\t1',
      '7\t2999-01-01 08:00:00\t0\t1',
      `7\t${DAY} 17:00:00\t1\t1`,
    ].join('\n');

    const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, body);
    // Sent again, as a clock that missed the answer does: its refused lines are not listed twice.
    expect((await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, body)).body).toBe('OK:6');

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK:6');
    const rows = await stored(employer.employerId);
    expect(rows.map((row) => row.scannedAt.toISOString())).toEqual([at('08:00:00'), at('17:00:00')]);

    // The employer sees each refused line with its raw text and reason; another employer sees nothing.
    const problems = await call(ctx, employer.token, 'GET', `/api/controllers/${serial}/problems`);
    expect(problems.statusCode).toBe(200);
    const refused = problems.json<{ Result: { refused_lines: { raw: string; reason: string }[] } }>().Result
      .refused_lines;
    expect(refused.map((line) => line.raw).sort()).toEqual(
      [
        `7\t${DAY} 23:59:60\t0\t1`,
        '7\t2025-02-30 08:00:00\t0\t1',
        '7\t2019-01-01 08:00:00',
        '7\t2999-01-01 08:00:00',
      ].sort(),
    );
    expect(refused.every((line) => line.reason.length > 10)).toBe(true);
    const other = await createPremiumWorkspace(ctx);
    expect((await call(ctx, other.token, 'GET', `/api/controllers/${serial}/problems`)).statusCode).toBe(404);
    expect((await call(ctx, employer.token, 'GET', '/api/controllers/bad%20id!/problems')).statusCode).toBe(400);
  });
});

describe('ZKTeco clocks: commands that fail', () => {
  it('shows a command the clock refused, with its return code, and one unanswered for a day', async () => {
    const { employer, serial } = await setup();
    const first = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    const id = Number(first.body.match(/^C:(\d+):/)?.[1]);
    await clock('POST', `/iclock/devicecmd?SN=${serial}`, `ID=${id}&Return=-1002&CMD=DATA\n`);
    const second = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    const unanswered = Number(second.body.match(/^C:(\d+):/)?.[1]);
    await ctx.app.db
      .update(deviceCommands)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(deviceCommands.id, unanswered));

    const res = await call(ctx, employer.token, 'GET', `/api/controllers/${serial}/problems`);
    const failed = res.json<{ Result: { failed_commands: { id: number; result: number | null }[] } }>().Result
      .failed_commands;
    expect(failed.map((command) => [command.id, command.result])).toEqual([
      [unanswered, null],
      [id, -1002],
    ]);
  });

  it('sends an unacknowledged command again later each time (5, 10, 20 … minutes)', async () => {
    const { serial } = await setup();
    const first = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    const id = Number(first.body.match(/^C:(\d+):/)?.[1]);
    const sentAgo = (minutes: number, attempts: number) =>
      ctx.app.db
        .update(deviceCommands)
        .set({ sentAt: new Date(Date.now() - minutes * 60_000), attempts })
        .where(eq(deviceCommands.id, id));
    const nextPoll = async () => (await clock('GET', `/iclock/getrequest?SN=${serial}`)).body;
    // Sent three times already: the next resend waits 20 minutes.
    await sentAgo(15, 3);
    expect(await nextPoll()).not.toContain(`C:${id}:`);
    await sentAgo(21, 3);
    expect(await nextPoll()).toContain(`C:${id}:`);
    const [row] = await ctx.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
    expect(row?.attempts).toBe(4);
  });
});

describe('ZKTeco clocks: stamps, commands one per poll, case and large acknowledgements', () => {
  it('keeps the stamp of a stored upload, echoes it in the handshake, and forgets it on request', async () => {
    const { employer, serial } = await setup();
    const handshake = async () => (await clock('GET', `/iclock/cdata?SN=${serial}&options=all`)).body.split('\n');
    expect(await handshake()).toContain('ATTLOGStamp=None');

    await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=600123`, `7\t${DAY} 08:00:00\t0\t1\n`);
    await clock('POST', `/iclock/cdata?SN=${serial}&table=OPERLOG&Stamp=77`, 'OPLOG 4\t0\t2025-03-03 08:00:00\n');

    const lines = await handshake();
    expect(lines).toContain('ATTLOGStamp=600123');
    expect(lines).toContain('Stamp=600123');
    expect(lines).toContain('OPERLOGStamp=77');

    const reupload = await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/reupload`);
    expect(reupload.statusCode, reupload.body).toBe(200);
    expect(await handshake()).toContain('ATTLOGStamp=None');
  });

  it("refuses a reupload of another employer's clock like a missing one, and of a reader with 400", async () => {
    const { serial } = await setup();
    const other = await createPremiumWorkspace(ctx);
    expect((await call(ctx, other.token, 'POST', `/api/controllers/${serial}/reupload`)).statusCode).toBe(404);
    const reader = await registerDevice(ctx, other.token);
    expect((await call(ctx, other.token, 'POST', `/api/controllers/${reader.device_id}/reupload`)).statusCode).toBe(
      400,
    );
  });

  it('sends one command per poll, each acknowledged on its own', async () => {
    const { employer, serial, ana } = await setup();
    // Bea gets 8, the PIN after Ana's 7, and is then given 9.
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea' });
    await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${bea.id}`, {
      name: 'Bea',
      salary: 4,
      wages: 'Orë',
      role: 'Punëtor',
      device_pin: '9',
    });
    // Each poll carries one command (drainCommands checks it), acknowledged before the next.
    const commands = await drainCommands(serial);
    expect(commands).toHaveLength(6);
    expect(commands.slice(-3)).toEqual([
      'DATA UPDATE USERINFO PIN=8\tName=Bea\tCard=',
      'DATA DELETE USERINFO PIN=8',
      'DATA UPDATE USERINFO PIN=9\tName=Bea\tCard=',
    ]);
    expect(ana.id).toBeGreaterThan(0);
  });

  it('sends several commands per poll when the employer sets it for the clock', async () => {
    const { employer, serial } = await setup();
    const set = (body: unknown, token = employer.token, id = serial) =>
      call(ctx, token, 'PUT', `/api/controllers/${id}/config`, body);
    expect((await set({ commands_per_poll: 0 })).statusCode).toBe(400);
    expect((await set({ commands_per_poll: 2.5 })).statusCode).toBe(400);
    const other = await createPremiumWorkspace(ctx);
    expect((await set({ commands_per_poll: 5 }, other.token)).statusCode).toBe(404);
    const reader = await registerDevice(ctx, employer.token);
    const refused = await set({ commands_per_poll: 5 }, employer.token, reader.device_id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      Status: false,
      Error: 'Only a ZKTeco clock takes commands per poll.',
      code: 'commandsPerPollZktecoOnly',
    });

    expect((await set({ commands_per_poll: 5 })).statusCode).toBe(200);
    const listed = resultOf<{ device_id: string; commands_per_poll: number | null }[]>(
      await call(ctx, employer.token, 'GET', '/api/controllers'),
    );
    expect(listed.find((device) => device.device_id === serial)?.commands_per_poll).toBe(5);
    // Ana's three queued commands (PIN 1, its delete, PIN 7) come in one poll now.
    const poll = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    expect(poll.body.split('\n')).toHaveLength(3);
  });

  it('answers a lower-case sn and an upper-case path', async () => {
    const { serial } = await setup();
    const res = await clock('GET', `/iClock/CData?sn=${serial}&options=all`);
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\n')[0]).toBe(`GET OPTION FROM: ${serial}`);
  });

  it('applies 72,545 acknowledgement lines set-based and answers OK', async () => {
    const { serial } = await setup();
    const poll = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    const id = Number(poll.body.match(/^C:(\d+):/)?.[1]);
    const body = Array.from({ length: 72_545 }, (_, i) => `ID=${i === 0 ? id : 1_000_000 + i}&Return=0&CMD=DATA`).join(
      '\n',
    );

    const res = await clock('POST', `/iclock/devicecmd?SN=${serial}`, body);

    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    const [command] = await ctx.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, id));
    expect(command).toMatchObject({ result: 0 });
  });

  it("takes a huge OPERLOG of strangers' users in one lookup, and still adopts a known PIN's card", async () => {
    const { employer, serial, ana } = await setup();
    const strangers = Array.from(
      { length: 7_000 },
      (_, i) =>
        `USER PIN=${50_000 + i}\tName=N${i}\tPri=0\tPasswd=\tCard=[${(0x10000000 + i).toString(16).toUpperCase()}]`,
    );
    const body = [...strangers, 'USER PIN=007\tName=Ana\tCard=[ABCD1234]'].join('\n');

    const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=OPERLOG&Stamp=9`, body);

    expect(res.body).toBe('OK:7001');
    const list = resultOf<{ id: number; rfid: string | null }[]>(
      await call(ctx, employer.token, 'GET', '/krye/listarfid'),
    );
    expect(list.find((w) => w.id === ana.id)?.rfid).toBe('ABCD1234');
  });
});
