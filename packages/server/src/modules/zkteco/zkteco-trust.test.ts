import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import {
  clockRequest,
  confirmClock,
  createPremiumWorkspace,
  newDeviceId,
  registerDevice,
  scansOf,
  withConfirmedClock,
} from '../../../test/helpers/device-factories';
import { addEmployee, call } from '../../../test/helpers/workspace-factories';
import { deviceCommands, devices, employees } from '../../db/schema';
import { encodeClockTime } from '../../modules/zkteco/push3-routes';
import { networkOf } from '../../modules/zkteco/trust';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, { limits: generousLimits({ loginPerAccount: 5, unknownClockPerIp: 20 }) });
});
afterAll(async () => ctx?.close());

const CLOCK_NETWORK = '198.51.100.7';
const ELSEWHERE = '203.0.113.9';

/** A request as a clock sends it, from `remoteAddress` (the clock's own network by default). */
function clock(method: 'GET' | 'POST', url: string, body?: string, remoteAddress = CLOCK_NETWORK) {
  return clockRequest(ctx, method, url, body, { remoteAddress });
}

const recent = (minutesAgo: number) =>
  new Date(Date.now() - minutesAgo * 60_000).toISOString().replace('T', ' ').slice(0, 19);

async function commandsOf(serial: string, employerId: number) {
  const [row] = await ctx.app.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.deviceId, serial), eq(devices.employerId, employerId)));
  if (!row) return [];
  return ctx.app.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, row.id));
}

/** The employer's choice that a clock's punches from before its confirmation are its own. */
async function adoptEarlierPunches(token: string, serial: string) {
  const res = await call(ctx, token, 'POST', `/api/controllers/${serial}/import-held`, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Result: { imported: number } }>().Result;
}

/** A clock that has not called from its own network for ten minutes (unplugged, or moved). */
async function silence(serial: string) {
  await ctx.app.db
    .update(devices)
    .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(devices.deviceId, serial));
}

async function trustOf(token: string, serial: string) {
  const res = await call(ctx, token, 'GET', `/api/controllers/${serial}/trust`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Result: { confirm_attempts: number; held: { count: number; shown: { pin: string }[] } } }>().Result;
}

async function deviceListOf(token: string) {
  const res = await call(ctx, token, 'GET', '/api/controllers');
  expect(res.statusCode).toBe(200);
  return res.json<{ Result: Record<string, unknown>[] }>().Result;
}

describe('claiming a ZKTeco clock: a serial is not a password', () => {
  it('sends a waiting clock nothing and keeps its punches out until someone at the clock punches the PIN', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana' });
    const serial = newDeviceId('CLAIM');
    const registered = await registerDevice(ctx, employer.token, {
      device_id: serial,
      protocol: 'zkteco',
      confirm: false,
    });
    expect(registered.confirm_pin).toMatch(/^9\d{5}$/);
    const [listed] = await deviceListOf(employer.token);
    expect(listed).toMatchObject({ confirmed: false, confirm_pin: registered.confirm_pin });

    // Waiting: the handshake works, polls carry no command (no employee data), uploads are refused in text.
    expect((await clock('GET', `/iclock/cdata?SN=${serial}&options=all`)).body).toContain(`GET OPTION FROM: ${serial}`);
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`)).body).toBe('OK');
    const early = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `1\t${recent(30)}\t0\t1\n`);
    expect(early.statusCode).toBe(403);
    expect(early.headers['content-type']).toMatch(/^text\/plain/);
    expect(early.body).toMatch(/^ERROR: /);
    expect(await scansOf(ctx, employer.employerId)).toEqual([]);

    // The clock keeps that punch and sends it again with the confirmation punch: it is older than
    // the confirmation, so it is held aside (it could be a former owner's), shown, and counts once
    // the employer says the clock's earlier punches are theirs.
    const confirm = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=ATTLOG`,
      `1\t${recent(30)}\t0\t1\n${registered.confirm_pin}\t${recent(0)}\t0\t1\n`,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.body).toBe('OK:2');
    expect(await scansOf(ctx, employer.employerId)).toEqual([]);
    expect((await trustOf(employer.token, serial)).held).toMatchObject({ count: 1, shown: [{ pin: '1' }] });
    expect(await adoptEarlierPunches(employer.token, serial)).toEqual({ imported: 1 });
    const stored = await scansOf(ctx, employer.employerId);
    expect(stored.map((scan) => scan.employeeId)).toEqual([ana.id]);
    const [after] = await deviceListOf(employer.token);
    expect(after).toMatchObject({ confirmed: true, confirm_pin: null });

    // Confirmed: the clock now learns the whole team.
    const poll = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    expect(poll.body).toMatch(/^C:\d+:DATA UPDATE USERINFO PIN=1\tName=Ana\tCard=$/);
  });

  it('lets the owner confirm a serial a stranger registered first, and the stranger gets nothing', async () => {
    const owner = await createPremiumWorkspace(ctx, 'Owner Bakery');
    const stranger = await createPremiumWorkspace(ctx, 'Squatter');
    await addEmployee(ctx, owner.token, { name: 'Ana' });
    const serial = newDeviceId('SQUAT');
    const squat = await registerDevice(ctx, stranger.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    const mine = await registerDevice(ctx, owner.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    expect(mine.confirm_pin).not.toBe(squat.confirm_pin);

    await confirmClock(ctx, serial, mine.confirm_pin ?? '', CLOCK_NETWORK);
    await adoptEarlierPunches(owner.token, serial);
    expect(await deviceListOf(stranger.token)).toEqual([]);
    expect(await commandsOf(serial, stranger.employerId)).toEqual([]);
    const punch = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `1\t${recent(5)}\t0\t1\n`);
    expect(punch.body).toBe('OK:1');
    expect(await scansOf(ctx, stranger.employerId)).toEqual([]);
    expect(await scansOf(ctx, owner.employerId)).toHaveLength(1);

    // Once confirmed the serial is taken: the refusal is the sentence of one's own duplicate.
    const again = await call(ctx, stranger.token, 'POST', '/api/controllers', {
      device_id: serial,
      name: 'Mine',
      protocol: 'zkteco',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      Status: false,
      Error: 'This device ID is already registered.',
      code: 'deviceTaken',
    });
    expect(again.body).not.toContain('Owner Bakery');
  });

  it('refuses a confirmed serial from another network, shows it to the employer, and takes it once approved', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana' });
    const serial = newDeviceId('NET');
    const registered = await registerDevice(ctx, employer.token, {
      device_id: serial,
      protocol: 'zkteco',
      confirm: false,
    });
    await confirmClock(ctx, serial, registered.confirm_pin ?? '', CLOCK_NETWORK);
    await adoptEarlierPunches(employer.token, serial);

    // The clock has gone quiet on its own network (it moved): a request from elsewhere is shown.
    await silence(serial);
    // A stranger who knows the serial: no commands read (nor marked sent), no punch stored, no ack.
    const read = await clock('GET', `/iclock/getrequest?SN=${serial}`, undefined, ELSEWHERE);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('USERINFO');
    expect((await commandsOf(serial, employer.employerId)).every((command) => command.sentAt === null)).toBe(true);
    const forged = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `1\t${recent(3)}\t0\t1\n`, ELSEWHERE);
    expect(forged.statusCode).toBe(403);
    const ack = await clock('POST', `/iclock/devicecmd?SN=${serial}`, 'ID=1&Return=0&CMD=DATA\n', ELSEWHERE);
    expect(ack.statusCode).toBe(403);
    expect(await scansOf(ctx, employer.employerId)).toEqual([]);
    const [shown] = await deviceListOf(employer.token);
    expect(shown).toMatchObject({ moved_network: networkOf(ELSEWHERE) });

    // Another employer cannot approve it; the owner can, and then the new network is the clock's.
    const other = await createPremiumWorkspace(ctx);
    expect((await call(ctx, other.token, 'POST', `/api/controllers/${serial}/approve-move`)).statusCode).toBe(404);
    const approve = await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/approve-move`);
    expect(approve.statusCode, approve.body).toBe(200);
    // The approval alone moves nothing: a punch with the new PIN must come from the new network.
    const [approved] = await deviceListOf(employer.token);
    const pin = String(approved?.confirm_pin);
    expect(pin).toMatch(/^9\d{5}$/);
    expect(
      (await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `1\t${recent(3)}\t0\t1\n`, ELSEWHERE)).statusCode,
    ).toBe(403);
    const moved = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=ATTLOG`,
      `1\t${recent(3)}\t0\t1\n${pin}\t${recent(1)}\t0\t1\n`,
      ELSEWHERE,
    );
    expect(moved.body).toBe('OK:2');
    expect((await scansOf(ctx, employer.employerId)).map((scan) => scan.employeeId)).toEqual([ana.id]);
    expect(await deviceListOf(employer.token)).toMatchObject([{ moved_network: null, confirm_pin: null }]);
    // Nothing to approve now: a sentence, not a 500.
    const nothing = await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/approve-move`);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ Status: false });
    // The old network is now the other one.
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`, undefined, CLOCK_NETWORK)).statusCode).toBe(403);
  });

  it('keeps a squatter who forged the confirmation punch away from the real clock', async () => {
    const squatter = await createPremiumWorkspace(ctx, 'Squatter');
    const serial = newDeviceId('FORGE');
    const squat = await registerDevice(ctx, squatter.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    // The squatter sends the punch with its own PIN from its own network: that serial is now its there.
    await confirmClock(ctx, serial, squat.confirm_pin ?? '', ELSEWHERE);
    // The real clock, on its own network: refused, nothing stored, its commands unread.
    const real = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `5\t${recent(2)}\t0\t1\n`);
    expect(real.statusCode).toBe(403);
    expect(await scansOf(ctx, squatter.employerId)).toEqual([]);
    // Approving the "move" gives a PIN that counts only when punched from the clock's network,
    // which the squatter cannot send from; from its own network the PIN is just a punch.
    await call(ctx, squatter.token, 'POST', `/api/controllers/${serial}/approve-move`);
    const [listed] = await deviceListOf(squatter.token);
    const pin = String(listed?.confirm_pin);
    await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `${pin}\t${recent(1)}\t0\t1\n`, ELSEWHERE);
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`)).statusCode).toBe(403);
    expect((await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `5\t${recent(2)}\t0\t1\n`)).statusCode).toBe(
      403,
    );
  });

  it('answers in text, never 500, when a reader already holds the id a waiting clock confirms', async () => {
    const clockOwner = await createPremiumWorkspace(ctx);
    const readerOwner = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('BOTH');
    const waiting = await registerDevice(ctx, clockOwner.token, {
      device_id: serial,
      protocol: 'zkteco',
      confirm: false,
    });
    await registerDevice(ctx, readerOwner.token, { device_id: serial });
    const res = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=ATTLOG`,
      `${waiting.confirm_pin}\t${recent(0)}\t0\t1\n`,
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatch(/^ERROR: /);
    expect(await deviceListOf(clockOwner.token)).toMatchObject([{ confirmed: false }]);
  });

  it('slows down serial guessing from one address', async () => {
    const address = '192.0.2.44';
    const statuses: number[] = [];
    for (let guess = 0; guess < 25; guess += 1) {
      const res = await clock('GET', `/iclock/getrequest?SN=GUESS-${guess}`, undefined, address);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
  });

  it('groups addresses into networks: IPv4 /24, IPv6 /48, IPv4-mapped as IPv4', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.0/24');
    expect(networkOf('::ffff:198.51.100.200')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
  });
});

describe('users on clocks', () => {
  it('gives each new employee the next free PIN and sends it to the confirmed clocks', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('PINS');
    await withConfirmedClock(ctx, employer.token, serial);
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana' });
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea' });
    const pins = await ctx.app.db
      .select({ id: employees.id, pin: employees.devicePin })
      .from(employees)
      .where(eq(employees.employerId, employer.employerId));
    expect(new Map(pins.map((row) => [row.id, row.pin]))).toEqual(
      new Map([
        [ana.id, '1'],
        [bea.id, '2'],
      ]),
    );
    const queued = (await commandsOf(serial, employer.employerId)).map((command) => command.command);
    expect(queued).toEqual([
      'DATA UPDATE USERINFO PIN=1\tName=Ana\tCard=',
      'DATA UPDATE USERINFO PIN=2\tName=Bea\tCard=',
    ]);
  });

  it('adopts cards from a USERINFO upload by PIN', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('UINFO');
    await withConfirmedClock(ctx, employer.token, serial);
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${serial}&table=USERINFO`,
      payload: 'PIN=001\tName=Ana\tPri=0\tPasswd=\tCard=[0A1B2C3D]\tGrp=1\tTZ=0\nPIN=77\tName=Someone\tCard=123\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.body).toBe('OK:2');
    const [row] = await ctx.app.db.select({ rfid: employees.rfid }).from(employees).where(eq(employees.id, ana.id));
    expect(row?.rfid).toBe('0A1B2C3D');
  });
});

describe('import users from a clock', () => {
  it("lists the clock's users with the employee holding each PIN, and links one by its PIN", async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('IMPORT');
    const registered = await registerDevice(ctx, employer.token, {
      device_id: serial,
      protocol: 'zkteco',
      confirm: false,
    });
    await confirmClock(ctx, serial, registered.confirm_pin ?? '', CLOCK_NETWORK);
    await adoptEarlierPunches(employer.token, serial);
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana' });
    const besa = await addEmployee(ctx, employer.token, { name: 'Besa' });
    // Besa has PIN 2; the clock holds PIN 1 (Ana's), 0002 (Besa's) and 44 (nobody's, with a card).
    const upload = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=OPERLOG`,
      'USER PIN=1\tName=Ana G\tCard=\nUSER PIN=0002\tName=Besa\nUSER PIN=44\tName=Drita K\tCard=[0A0B0C0D]\nOPLOG 4\t0\t2026-01-01 08:00:00\n',
    );
    expect(upload.body).toBe('OK:4');
    const list = await call(ctx, employer.token, 'GET', `/api/controllers/${serial}/users`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ Result: unknown[] }>().Result).toMatchObject([
      { pin: '44', name: 'Drita K', card: '0A0B0C0D', employee: null },
      { pin: '1', employee: { id: ana.id, name: 'Ana' } },
      { pin: '0002', employee: { id: besa.id, name: 'Besa' } },
    ]);

    // Drita's punches so far are an unknown PIN; linking her PIN to a new employee gives them to her.
    await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `44\t${recent(20)}\t0\t1\n`);
    const drita = await addEmployee(ctx, employer.token, { name: 'Drita' });
    const link = await call(ctx, employer.token, 'POST', '/krye/rfid/assign', { uid: 'PIN:44', employeeId: drita.id });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<{ Result: { attributedScans: number } }>().Result.attributedScans).toBe(1);
    const after = await call(ctx, employer.token, 'GET', `/api/controllers/${serial}/users`);
    expect(
      after.json<{ Result: { pin: string; employee: unknown }[] }>().Result.find((user) => user.pin === '44'),
    ).toMatchObject({
      employee: { id: drita.id },
    });

    // Another employer's clock is not found; a reader is not a clock; a bad id is a 400.
    const other = await createPremiumWorkspace(ctx);
    expect((await call(ctx, other.token, 'GET', `/api/controllers/${serial}/users`)).statusCode).toBe(404);
    const reader = await registerDevice(ctx, employer.token);
    expect((await call(ctx, employer.token, 'GET', `/api/controllers/${reader.device_id}/users`)).statusCode).toBe(400);
    expect((await call(ctx, employer.token, 'GET', '/api/controllers/bad%20id!/users')).statusCode).toBe(400);
  });
});

describe('push 3.x and newer endpoints', () => {
  async function confirmedClock() {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('P3');
    await withConfirmedClock(ctx, employer.token, serial);
    return { employer, serial };
  }

  it('registers and configures a push 3.x clock in text', async () => {
    const { serial } = await confirmedClock();
    const registry = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/registry?SN=${serial}`,
      payload: 'DeviceType=acc,~DeviceName=F20/M,FirmVer=Ver 8.0.1.3,PushVersion=Ver 2.0.22,CommType=ethernet',
      headers: { 'content-type': 'text/plain' },
    });
    expect(registry.statusCode).toBe(200);
    expect(registry.body).toMatch(/^RegistryCode=[0-9a-f]{16}$/);
    const push = await ctx.app.inject({ method: 'POST', url: `/iclock/push?SN=${serial}` });
    expect(push.headers['content-type']).toMatch(/^text\/plain/);
    for (const option of ['ServerVersion=3.0.1', 'RequestDelay=', 'TransTables=User Transaction', 'SessionID=']) {
      expect(push.body).toContain(option);
    }
    for (const type of ['time', 'rttime']) {
      const time = await ctx.app.inject({ method: 'GET', url: `/iclock/rtdata?SN=${serial}&type=${type}` });
      expect(time.body).toMatch(/^DateTime=\d+,ServerTZ=\+0[12]00$/);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/iclock/exchange?SN=${serial}&type=publickey` })).body).toBe(
      'OK',
    );
    const photo = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/fdata?SN=${serial}&table=ATTPHOTO`,
      payload: Buffer.concat([Buffer.from('PIN=1.jpg\nSN=x\nsize=3\nCMD=uploadphoto\0'), Buffer.from([0xff, 0xd8, 0])]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(photo.body).toBe('OK');
    // An unknown serial gets none of it.
    expect((await ctx.app.inject({ method: 'POST', url: '/iclock/registry?SN=NOBODY-1' })).statusCode).toBe(401);
  });

  it('encodes the clock time as the protocol appendix does', () => {
    // ((year-2000)*12*31 + (mon-1)*31 + day-1)*86400 + (hour*60+min)*60 + sec
    expect(encodeClockTime(new Date(Date.UTC(2000, 0, 1, 0, 0, 0)))).toBe(0);
    expect(encodeClockTime(new Date(Date.UTC(2018, 5, 26, 10, 26, 30)))).toBe(
      ((18 * 12 + 5) * 31 + 25) * 86_400 + (10 * 60 + 26) * 60 + 30,
    );
  });

  it('takes users from querydata and answers a RemoteAtt with the user line', async () => {
    const { employer, serial } = await confirmedClock();
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana' });
    const query = await ctx.app.inject({
      method: 'POST',
      url: `/iclock/querydata?SN=${serial}&type=tabledata&cmdid=415&tablename=user&count=2&packcnt=1&packidx=1`,
      payload:
        'user uid=1\tcardno=305419896\tpin=1\tpassword=\tgroup=1\tname=Ana\nuser uid=2\tcardno=\tpin=9\tname=X\n',
      headers: { 'content-type': 'text/plain' },
    });
    expect(query.body).toBe('user=2');
    const [row] = await ctx.app.db.select({ rfid: employees.rfid }).from(employees).where(eq(employees.id, ana.id));
    expect(row?.rfid).toBe('12345678');

    const remote = await ctx.app.inject({ method: 'GET', url: `/iclock/cdata?SN=${serial}&table=RemoteAtt&PIN=1` });
    expect(remote.body).toBe('DATA UPDATE USERINFO PIN=1\tName=Ana\tCard=12345678');
    const nobody = await ctx.app.inject({ method: 'GET', url: `/iclock/cdata?SN=${serial}&table=RemoteAtt&PIN=55` });
    expect(nobody.statusCode).toBe(200);
    expect(nobody.body).toBe('');
  });
});
