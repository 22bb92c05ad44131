import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployeeWithPin,
  createPremiumWorkspace,
  newDeviceId,
  withConfirmedClock,
} from '../../../test/helpers/device-factories';
import { call, createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';
import { devices, scans } from '../../db/schema';
import { instantOf } from '../../lib/zoned-time';
import { decodeClockLine } from './attlog';
import { userInfoCommand } from './commands';
import { punchSeq } from './service';

let ctx: TestContext;

/** A day inside the punch window (now − 400 days … now + 1 day), as the clock writes it. */
const DAY = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const at = (time: string) => instantOf(DAY, time, 'Europe/Tirane').toISOString();

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

/** An upload as the clock sends it: its bytes, as they are (Latin-1, GBK, NUL bytes and all). */
function upload(serial: string, table: string, body: string | Buffer) {
  return ctx.app.inject({
    method: 'POST',
    url: `/iclock/cdata?SN=${serial}&table=${table}`,
    payload: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    headers: { 'content-type': 'text/plain' },
  });
}

async function setup() {
  const employer = await createPremiumWorkspace(ctx);
  const serial = newDeviceId('PARS');
  await withConfirmedClock(ctx, employer.token, serial);
  const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '123');
  return { employer, serial, ana };
}

const storedScans = (employerId: number) =>
  ctx.app.db.select().from(scans).where(eq(scans.employerId, employerId)).orderBy(scans.scannedAt);

async function refusedLines(token: string, serial: string) {
  const res = await call(ctx, token, 'GET', `/api/controllers/${serial}/problems`);
  expect(res.statusCode).toBe(200);
  return res.json<{ Result: { refused_lines: { raw: string; reason: string }[] } }>().Result.refused_lines;
}

async function clockUserNames(token: string, serial: string) {
  const res = await call(ctx, token, 'GET', `/api/controllers/${serial}/users`);
  expect(res.statusCode).toBe(200);
  const users = res.json<{ Result: { pin: string; name: string }[] }>().Result;
  return Object.fromEntries(users.map((user) => [user.pin, user.name]));
}

describe('a NUL byte from a clock (issue 31)', () => {
  it('refuses the ATTLOG line holding it alone, shows it under Problemet, and answers OK on every resend', async () => {
    const { employer, serial, ana } = await setup();
    const body = `123\t${DAY} 08:00:00\t0\t1\n123\0\t${DAY} 08:05:00\t0\t1\n`;
    for (let send = 0; send < 2; send += 1) {
      const res = await upload(serial, 'ATTLOG', body);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('OK:2');
    }
    const rows = await storedScans(employer.employerId);
    expect(rows.map((row) => [row.employeeId, row.scannedAt.toISOString()])).toEqual([[ana.id, at('08:00:00')]]);
    expect(await refusedLines(employer.token, serial)).toEqual([
      expect.objectContaining({ raw: `123\u2400\t${DAY} 08:05:00\t0\t1`, reason: 'the line holds a NUL byte' }),
    ]);
  });

  it('refuses an OPERLOG USER line whose name holds one, keeping the other users', async () => {
    const { employer, serial } = await setup();
    const body = 'USER PIN=123\tName=A\0B\tPri=0\tPasswd=\tCard=\tGrp=1\nUSER PIN=15\tName=Bob\tPri=0\tCard=\n';
    for (let send = 0; send < 2; send += 1) {
      const res = await upload(serial, 'OPERLOG', body);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('OK:2');
    }
    expect(await clockUserNames(employer.token, serial)).toEqual({ '15': 'Bob' });
    expect(await refusedLines(employer.token, serial)).toEqual([
      expect.objectContaining({ raw: 'USER PIN=123\tName=A\u2400B\tPri=0\tPasswd=\tCard=\tGrp=1' }),
    ]);
  });
});

describe('one punch under two PIN spellings (issue 31)', () => {
  it('stores 123 and 00123 at the same second once, for the employee the PIN resolves to', async () => {
    const { employer, serial, ana } = await setup();
    expect((await upload(serial, 'ATTLOG', `123\t${DAY} 08:00:00\n00123\t${DAY} 08:00:00\n`)).body).toBe('OK:2');
    expect((await upload(serial, 'ATTLOG', `0123\t${DAY.replaceAll('-', '/')} 08:00:00\n`)).body).toBe('OK:1');
    const rows = await storedScans(employer.employerId);
    expect(rows.map((row) => [row.employeeId, row.scannedAt.toISOString()])).toEqual([[ana.id, at('08:00:00')]]);
  });

  it('stores an unknown PIN under two spellings once too', async () => {
    const { employer, serial } = await setup();
    await upload(serial, 'ATTLOG', `777\t${DAY} 09:00:00\n`);
    await upload(serial, 'ATTLOG', `0777\t${DAY}T09:00:00\n`);
    const rows = await storedScans(employer.employerId);
    expect(rows.map((row) => [row.employeeId, row.uid])).toEqual([[null, 'PIN:777']]);
  });

  it('does not store again a zero-padded punch kept under the seq of its spelling before', async () => {
    const { employer, serial, ana } = await setup();
    const [device] = await ctx.app.db.select().from(devices).where(eq(devices.deviceId, serial));
    await ctx.app.db.insert(scans).values({
      employerId: employer.employerId,
      deviceId: device?.id,
      seq: punchSeq('00123', `${DAY} 10:00:00`),
      uid: 'PIN:00123',
      employeeId: ana.id,
      scannedAt: new Date(at('10:00:00')),
    });
    expect((await upload(serial, 'ATTLOG', `00123\t${DAY} 10:00:00\n`)).body).toBe('OK:1');
    expect(await storedScans(employer.employerId)).toHaveLength(1);
  });
});

describe('common time formats and header lines (issue 31)', () => {
  it('stores each form of the time as the same wall-clock time, and keeps refusing impossible ones', async () => {
    const { employer, serial } = await setup();
    const [year, month, day] = DAY.split('-');
    const body = [
      `123\t${year}/${month}/${day} 08:01:00`,
      `123\t${DAY}T08:02:00`,
      `123\t${DAY} 08:03`,
      `123\t${year}${month}${day}080400`,
      `123\t${day}/${month}/${year} 08:05:00`,
      '123\t2025/02/30 08:00:00',
      `123\t${DAY} 23:59:60`,
      '123\t13/13/2026 08:00:00',
    ].join('\n');
    expect((await upload(serial, 'ATTLOG', body)).body).toBe('OK:8');
    const rows = await storedScans(employer.employerId);
    expect(rows.map((row) => row.scannedAt.toISOString())).toEqual(
      ['08:01:00', '08:02:00', '08:03:00', '08:04:00', '08:05:00'].map(at),
    );
    expect((await refusedLines(employer.token, serial)).map((line) => line.reason)).toEqual(
      Array(3).fill('the date or time does not exist'),
    );
  });

  it("skips a LAN agent's TABLE=ATTLOG header line: never under Problemet", async () => {
    const { employer, serial } = await setup();
    for (let send = 0; send < 2; send += 1) {
      expect((await upload(serial, 'ATTLOG', `TABLE=ATTLOG\r\n123\t${DAY} 11:00:00\t0\t1\r\n`)).body).toBe('OK:1');
    }
    expect(await storedScans(employer.employerId)).toHaveLength(1);
    expect(await refusedLines(employer.token, serial)).toEqual([]);
  });
});

describe('names from clocks in Latin-1 and GBK (issue 31)', () => {
  it('decodes UTF-8 when valid, else GBK for Chinese bytes, else Latin-1', async () => {
    const { employer, serial } = await setup();
    const body = Buffer.concat([
      Buffer.from('USER PIN=21\tName=Gëzim Çela\tPri=0\n', 'utf8'),
      Buffer.from('USER PIN=22\tName=Gëzim Çela\tPri=0\n', 'latin1'),
      Buffer.from('USER PIN=23\tName=', 'latin1'),
      Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]), // 张三 in GBK
      Buffer.from('\tPri=0\n', 'latin1'),
    ]);
    expect((await upload(serial, 'OPERLOG', body)).body).toBe('OK:3');
    expect(await clockUserNames(employer.token, serial)).toEqual({
      '21': 'Gëzim Çela',
      '22': 'Gëzim Çela',
      '23': '张三',
    });
  });

  it('reads a name as GBK when the clock says so, and as Latin-1 when its bytes are not Chinese', () => {
    expect(decodeClockLine(Buffer.from([0xd5, 0xc5, 0x41]), 'gbk')).toBe('张A');
    expect(decodeClockLine(Buffer.from('Zoë', 'latin1'))).toBe('Zoë');
    expect(decodeClockLine(Buffer.from([0x80, 0x8a]))).toBe('€Š');
  });

  it('sends a clock at most 24 bytes of a name, never half a character', () => {
    const name = (command: string) => command.match(/Name=([^\t]*)/)?.[1] ?? '';
    const cut = name(userInfoCommand({ name: 'Ëëëëëëëëëëëëëëëëëëëëëëëëëë', rfid: null, pin: '1' }));
    expect(Buffer.byteLength(cut)).toBe(24);
    expect(cut).toBe('Ë'.concat('ë'.repeat(11)));
    expect(name(userInfoCommand({ name: '张三李四王五赵六孙七周八吴九', rfid: null, pin: '1' }))).toBe(
      '张三李四王五赵六',
    );
    expect(name(userInfoCommand({ name: 'Ana Krasniqi', rfid: null, pin: '1' }))).toBe('Ana Krasniqi');
  });
});
