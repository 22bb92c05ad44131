import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import {
  addEmployeeWithPin,
  clockRequest,
  createPremiumWorkspace,
  newDeviceId,
  registerDevice,
  scansOf,
} from '../../../test/helpers/device-factories';
import { createWorkspaceTestApp } from '../../../test/helpers/workspace-factories';
import { clockUsers, deviceRefusals, devices } from '../../db/schema';
import { timeZoneOf } from '../employer-settings/service';
import { decodeClockTime, isPunchUpload, PUNCH_EVENTS, punchesAsAttlog } from './push3-punches';
import { encodeClockTime } from './push3-routes';

describe('reading push 3.x punches as ATTLOG lines', () => {
  it('takes a verified person at the door (event 0) as a punch and leaves door, refusal and alarm events out', () => {
    const upload = punchesAsAttlog(
      [
        'time=2026-11-11 08:01:00\tpin=14\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=1\tindex=1',
        'time=2026-11-11 08:01:03\tpin=0\tcardno=0\teventaddr=1\tevent=200\tinoutstatus=2\tverifytype=200\tindex=2',
        'time=2026-11-11 08:05:00\tpin=14\tcardno=0\teventaddr=1\tevent=23\tinoutstatus=0\tverifytype=1\tindex=3',
        'time=2026-11-11 08:06:00\tpin=0\tcardno=123\teventaddr=1\tevent=27\tinoutstatus=0\tverifytype=4\tindex=4',
        'time=2026-11-11 08:07:00\tpin=\tcardno=0\teventaddr=1\tevent=8\tinoutstatus=0\tverifytype=200\tindex=5',
        '',
      ].join('\r\n'),
    );
    expect(upload).toEqual({ attlog: '14\t2026-11-11 08:01:00', lines: 5, events: 4 });
  });

  it('reads transaction records with the encoded time_second, after their table name', () => {
    const encoded = encodeClockTime(new Date('2026-11-11T12:00:05Z'));
    expect(decodeClockTime(String(encoded))).toBe('2026-11-11 12:00:05');
    const upload = punchesAsAttlog(
      `transaction cardno=0\tpin=0014\tverified=1\tdoorid=1\teventtype=0\tinoutstate=1\ttime_second=${encoded}\n`,
    );
    expect(upload.attlog).toBe('0014\t2026-11-11 12:00:05');
  });

  it('passes positional ATTLOG lines and comma-separated fields through, and a record without a time to the parser that refuses it', () => {
    expect(punchesAsAttlog('14\t2026-11-11 17:00:00\t1\t1\n').attlog).toBe('14\t2026-11-11 17:00:00\t1\t1');
    expect(punchesAsAttlog('pin=14,time=2026-11-11 08:00:00,event=1').attlog).toBe('14\t2026-11-11 08:00:00');
    expect(punchesAsAttlog('pin=14\tevent=0').attlog).toBe('14\t');
  });

  it('counts the access-control punch events and the tables that carry punches', () => {
    expect([...PUNCH_EVENTS].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 14, 15, 16, 17, 18, 19]);
    expect(isPunchUpload('RTLOG', undefined)).toBe(true);
    expect(isPunchUpload('TABLEDATA', 'transaction')).toBe(true);
    expect(isPunchUpload('TABLEDATA', 'user')).toBe(false);
    expect(isPunchUpload('RTSTATE', undefined)).toBe(false);
    expect(decodeClockTime('soon')).toBeNull();
  });
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

const CLOCK_NETWORK = '198.51.100.31';

function clock(method: 'GET' | 'POST', url: string, body?: string, remoteAddress = CLOCK_NETWORK) {
  return clockRequest(ctx, method, url, body, { remoteAddress });
}

/** A clock's local time in the employer's zone, `minutes` from now (after the clock's confirmation). */
async function localTime(employerId: number, minutes: number): Promise<string> {
  const timeZone = await timeZoneOf(ctx.app.deps, employerId);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:00`;
}

const rtlog = (time: string, pin: string, event = 0) =>
  `time=${time}\tpin=${pin}\tcardno=0\teventaddr=1\tevent=${event}\tinoutstatus=0\tverifytype=1\tindex=7\n`;

async function waitingClock(employerId: number, token: string) {
  const serial = newDeviceId('P3');
  await registerDevice(ctx, token, { device_id: serial, protocol: 'zkteco', confirm: false });
  const [row] = await ctx.app.db
    .select({ pin: devices.confirmPin, id: devices.id })
    .from(devices)
    .where(and(eq(devices.deviceId, serial), eq(devices.employerId, employerId)));
  if (!row?.pin) throw new Error('no confirmation PIN');
  return { serial, id: row.id, confirmPin: row.pin };
}

describe('push 3.x punches at /iclock/cdata (issue 31)', () => {
  it('stores an rtlog punch once however often it is sent, and not again when the same punch comes as ATTLOG', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '14');
    const { serial, confirmPin } = await waitingClock(employer.employerId, employer.token);
    const confirm = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=rtlog`,
      rtlog(await localTime(employer.employerId, 0), confirmPin),
    );
    expect(confirm.statusCode).toBe(200);
    const at = await localTime(employer.employerId, 5);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=rtlog`, rtlog(at, '14') + rtlog(at, '0', 200));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('OK:2');
    }
    const again = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `0014\t${at}\t0\t1\n`);
    expect(again.body).toBe('OK:1');

    const stored = await scansOf(ctx, employer.employerId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.employeeId).toBe(ana.id);
  });

  it('lets a waiting clock confirm itself with an rtlog punch of its confirmation PIN, and takes the rest of that upload', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '14');
    const { serial, confirmPin } = await waitingClock(employer.employerId, employer.token);
    const code = (await clock('POST', `/iclock/registry?SN=${serial}`, 'DeviceType=acc')).body;

    const early = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=rtlog`,
      rtlog(await localTime(employer.employerId, 1), '14'),
    );
    expect(early.statusCode).toBe(403);
    expect(early.body).toMatch(/^ERROR: /);

    const now = await localTime(employer.employerId, 0);
    const punch = await localTime(employer.employerId, 2);
    const res = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=rtlog`,
      rtlog(now, confirmPin) + rtlog(punch, '14'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK:2');
    const [row] = await ctx.app.db.select().from(devices).where(eq(devices.deviceId, serial));
    expect(row?.confirmedAt).not.toBeNull();
    const stored = await scansOf(ctx, employer.employerId);
    expect(stored.map((scan) => scan.employeeId)).toEqual([ana.id]);

    // The RegistryCode it was given while waiting is the one it keeps, and no other clock shares it.
    expect(code).toMatch(/^RegistryCode=[0-9a-f]{16}$/);
    expect((await clock('POST', `/iclock/registry?SN=${serial}`, 'DeviceType=acc')).body).toBe(code);
    expect((await clock('POST', `/iclock/registry?SN=${serial}`, 'DeviceType=acc')).body).toBe(code);
    const other = await waitingClock(employer.employerId, employer.token);
    expect((await clock('POST', `/iclock/registry?SN=${other.serial}`, 'DeviceType=acc')).body).not.toBe(code);
  });

  it('stores tabledata transactions (time_second) answered transaction=<n>, and adopts tabledata users answered user=<n>', async () => {
    const employer = await createPremiumWorkspace(ctx);
    await addEmployeeWithPin(ctx, employer.token, 'Ana', '14');
    const { serial, id, confirmPin } = await waitingClock(employer.employerId, employer.token);
    await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=rtlog`,
      rtlog(await localTime(employer.employerId, 0), confirmPin),
    );
    const local = await localTime(employer.employerId, 3);
    const encoded = encodeClockTime(new Date(`${local.replace(' ', 'T')}Z`));
    const record = `transaction cardno=0\tpin=14\tverified=1\tdoorid=1\teventtype=0\tinoutstate=0\ttime_second=${encoded}\n`;

    const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=tabledata&tablename=transaction&count=1`, record);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('transaction=1');
    const queried = await clock(
      'POST',
      `/iclock/querydata?SN=${serial}&type=tabledata&cmdid=9&tablename=transaction&count=1&packcnt=1&packidx=1`,
      record,
    );
    expect(queried.body).toBe('transaction=1');
    expect(await scansOf(ctx, employer.employerId)).toHaveLength(1);

    const users = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=tabledata&tablename=user&count=1`,
      'user uid=1\tcardno=\tpin=14\tpassword=\tgroup=1\tstarttime=0\tendtime=0\tname=Ana\tprivilege=0\tdisable=0\tverify=0\n',
    );
    expect(users.body).toBe('user=1');
    const kept = await ctx.app.db.select().from(clockUsers).where(eq(clockUsers.deviceId, id));
    expect(kept.map((user) => user.pin)).toEqual(['14']);
  });

  it('refuses rtlog uploads from an unknown serial and from outside the clock network, in text', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const { serial, confirmPin } = await waitingClock(employer.employerId, employer.token);
    const now = await localTime(employer.employerId, 0);
    await clock('POST', `/iclock/cdata?SN=${serial}&table=rtlog`, rtlog(now, confirmPin));

    const stranger = await clock('POST', `/iclock/cdata?SN=${newDeviceId('NOPE')}&table=rtlog`, rtlog(now, '14'));
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['content-type']).toMatch(/^text\/plain/);
    const elsewhere = await clock('POST', `/iclock/cdata?SN=${serial}&table=rtlog`, rtlog(now, '14'), '203.0.113.44');
    expect(elsewhere.statusCode).toBe(403);
    expect(await scansOf(ctx, employer.employerId)).toEqual([]);
  });

  it('refuses a malformed rtlog record alone, answers OK:n in text and shows it under the clock problems', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const { serial, id, confirmPin } = await waitingClock(employer.employerId, employer.token);
    await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=rtlog`,
      rtlog(await localTime(employer.employerId, 0), confirmPin),
    );
    const good = await localTime(employer.employerId, 4);
    const body = [
      rtlog('yesterday-ish', '14'),
      rtlog(good, 'A B!'),
      'pin=14\tevent=0\n',
      rtlog(good, '21'),
      'garbage \u00ff\u0001 line\n',
    ].join('');

    const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=rtlog`, body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('OK:5');
    const stored = await scansOf(ctx, employer.employerId);
    expect(stored).toHaveLength(1);
    const refused = await ctx.app.db.select().from(deviceRefusals).where(eq(deviceRefusals.deviceId, id));
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });
});
