import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, generousLimits, type TestContext } from '../../../test/helpers/app';
import { eventually } from '../../../test/helpers/chat-factories';
import {
  addEmployeeWithPin,
  clockRequest,
  confirmClock,
  createPremiumWorkspace,
  newDeviceId,
  registerDevice,
  scansOf,
  withConfirmedClock,
} from '../../../test/helpers/device-factories';
import { startPushService, subscribedBrowser } from '../../../test/helpers/push-service';
import { call } from '../../../test/helpers/workspace-factories';
import { devices } from '../../db/schema';
import { MAX_CONFIRM_ATTEMPTS } from '../devices/service';
import { networkOf } from './trust';

let ctx: TestContext;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  ctx = await createTestApp({}, { limits: generousLimits({ unknownClockPerIp: 20 }), pushAllowPrivateAddresses: true });
  pushService = await startPushService();
});
afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

const SHOP = '198.51.100.7';
const STRANGER = '203.0.113.9';
const NEW_LINE = '192.0.2.77';

function clock(method: 'GET' | 'POST', url: string, body?: string, remoteAddress = SHOP) {
  return clockRequest(ctx, method, url, body, { remoteAddress });
}

/** `YYYY-MM-DD HH:MM:SS` some minutes ago, as a clock set to the employer's zone writes it. */
const ago = (minutes: number) =>
  new Date(Date.now() - minutes * 60_000).toLocaleString('sv-SE', { timeZone: ctx.app.deps.config.defaultTimeZone });
const DAY = 24 * 60;

async function trustOf(token: string, serial: string) {
  const res = await call(ctx, token, 'GET', `/api/controllers/${serial}/trust`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    Result: {
      confirm_attempts: number;
      max_confirm_attempts: number;
      punches_from: string | null;
      held: { count: number; oldest: string | null; newest: string | null; shown: { pin: string; at: string }[] };
    };
  }>().Result;
}

async function unknownCardsOf(token: string) {
  const res = await call(ctx, token, 'GET', '/krye/rfid/unknown');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ Result: { uid: string }[] }>().Result.map((card) => card.uid);
}

async function deviceOf(token: string, serial: string) {
  const res = await call(ctx, token, 'GET', '/api/controllers');
  return res.json<{ Result: Record<string, unknown>[] }>().Result.find((device) => device.device_id === serial);
}

async function silence(serial: string) {
  await ctx.app.db
    .update(devices)
    .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(devices.deviceId, serial));
}

/** Every possible confirmation ID, one punch each, as the red team sent them (100,000 lines). */
function everyConfirmationId(): string {
  const at = ago(1);
  const lines: string[] = [];
  for (let id = 900_000; id <= 999_999; id += 1) lines.push(`${id}\t${at}\t0\t1`);
  return `${lines.join('\n')}\n`;
}

describe('a moved clock replays the old employer’s log (issue 31, item 6)', () => {
  it('holds punches older than the new employer’s confirmation, shows them, and imports them only on request', async () => {
    const first = await createPremiumWorkspace(ctx, 'First Shop');
    const second = await createPremiumWorkspace(ctx, 'Second Shop');
    await addEmployeeWithPin(ctx, first.token, 'Ana', '1');
    const bea = await addEmployeeWithPin(ctx, second.token, 'Bea', '1');
    const serial = newDeviceId('MOVED');

    // The first employer used the clock, then deleted it; the second registers and confirms it.
    await withConfirmedClock(ctx, first.token, serial);
    expect((await call(ctx, first.token, 'DELETE', `/api/controllers/${serial}`)).statusCode).toBe(200);
    const mine = await registerDevice(ctx, second.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    await confirmClock(ctx, serial, mine.confirm_pin ?? '', SHOP);

    // The clock sends its whole log: Ana's punches of the last weeks under PIN 1, then Bea's first.
    const oldLog = [`1\t${ago(30 * DAY)}\t0\t1`, `1\t${ago(2 * DAY)}\t0\t1`, `1\t${ago(DAY)}\t1\t1`];
    const upload = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `${oldLog.join('\n')}\n`);
    expect(upload.body).toBe('OK:3');
    const fresh = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `1\t${ago(0)}\t0\t1\n`);
    expect(fresh.body).toBe('OK:1');

    // Only the punch after the confirmation counts for Bea; the old log is held, shown, nobody's.
    expect((await scansOf(ctx, second.employerId)).map((scan) => scan.employeeId)).toEqual([bea.id]);
    const trust = await trustOf(second.token, serial);
    expect(trust.held.count).toBe(3);
    expect(trust.held.shown.map((punch) => punch.pin)).toEqual(['1', '1', '1']);
    expect(trust.punches_from).not.toBeNull();
    expect(await unknownCardsOf(second.token)).toEqual([]);

    // Sent again (the clock missed the answer): held once, not twice.
    await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `${oldLog.join('\n')}\n`);
    expect((await trustOf(second.token, serial)).held.count).toBe(3);
  });

  it('never brings the confirmation punch back as an unknown card on "upload all again"', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('REUP');
    const mine = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    const confirmedAt = ago(0);
    await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `${mine.confirm_pin}\t${confirmedAt}\t0\t1\n`);
    expect((await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/reupload`, {})).statusCode).toBe(200);
    // The employer also took the clock's earlier punches as its own: nothing is held any more.
    expect((await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/import-held`, {})).statusCode).toBe(
      200,
    );
    const again = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=ATTLOG`,
      `${mine.confirm_pin}\t${confirmedAt}\t0\t1\n7\t${ago(0)}\t0\t1\n`,
    );
    expect(again.body).toBe('OK:2');
    expect(await unknownCardsOf(employer.token)).toEqual(['PIN:7']);
    expect((await trustOf(employer.token, serial)).held.count).toBe(0);
  });

  it('imports held punches for a clock that really was the employer’s, by PIN, once', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '1');
    const serial = newDeviceId('OWN');
    const mine = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    await confirmClock(ctx, serial, mine.confirm_pin ?? '', SHOP);
    const [threeDaysAgo, dayAgo, fiveDaysAgo] = [ago(3 * DAY), ago(DAY), ago(5 * DAY)];
    await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `1\t${threeDaysAgo}\t0\t1\n1\t${dayAgo}\t0\t1\n`);
    expect(await scansOf(ctx, employer.employerId)).toEqual([]);

    // Another employer: not found, nothing imported. Bad input: refused in a sentence.
    const outsider = await createPremiumWorkspace(ctx);
    const foreign = await call(ctx, outsider.token, 'POST', `/api/controllers/${serial}/import-held`, {});
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ Status: false });
    expect((await call(ctx, outsider.token, 'GET', `/api/controllers/${serial}/trust`)).statusCode).toBe(404);
    const extra = await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/import-held`, { all: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    const badId = await call(ctx, employer.token, 'POST', `/api/controllers/${'x'.repeat(300)}/import-held`, {});
    expect(badId.statusCode).toBeGreaterThanOrEqual(400);
    expect(badId.statusCode).toBeLessThan(500);
    expect((await trustOf(employer.token, serial)).held.count).toBe(2);

    const imported = await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/import-held`, {});
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ Status: true, Result: { imported: 2 } });
    expect((await scansOf(ctx, employer.employerId)).map((scan) => scan.employeeId)).toEqual([ana.id, ana.id]);
    // From now on every punch counts; sent again, none is stored twice.
    await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=ATTLOG`,
      `1\t${threeDaysAgo}\t0\t1\n1\t${fiveDaysAgo}\t0\t1\n`,
    );
    expect(await scansOf(ctx, employer.employerId)).toHaveLength(3);
    expect(await trustOf(employer.token, serial)).toMatchObject({ punches_from: null, held: { count: 0 } });
  });
});

describe('the confirmation ID cannot be brute-forced (issue 31, item 8)', () => {
  it('confirms nothing with one punch per possible ID, counts the try, and lists no junk card', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('BRUTE');
    await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });

    const brute = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, everyConfirmationId(), STRANGER);
    expect(brute.statusCode).toBe(403);
    expect(brute.body).toMatch(/^ERROR: /);
    expect(await deviceOf(employer.token, serial)).toMatchObject({ confirmed: false });
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`, undefined, STRANGER)).body).toBe('OK');
    expect(await trustOf(employer.token, serial)).toMatchObject({ confirm_attempts: 1 });
    expect(await scansOf(ctx, employer.employerId)).toEqual([]);
    expect(await unknownCardsOf(employer.token)).toEqual([]);
  }, 60_000);

  it('stops taking tries on a confirmation ID after the limit, even the right one', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('TRIES');
    const mine = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    // Ten uploads, each with IDs not tried before (the same ones sent again are no new try).
    const wrongIds = Array.from({ length: 40 }, (_, index) => String(900_100 + index)).filter(
      (id) => id !== mine.confirm_pin,
    );
    for (let attempt = 0; attempt < MAX_CONFIRM_ATTEMPTS; attempt += 1) {
      const body = wrongIds
        .slice(attempt * 3, attempt * 3 + 3)
        .map((id) => `${id}\t${ago(1)}\t0\t1`)
        .join('\n');
      const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `${body}\n`);
      expect(res.statusCode).toBe(403);
    }
    // A punch under an ordinary PIN is no try.
    await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `5\t${ago(1)}\t0\t1\n`);
    expect(await trustOf(employer.token, serial)).toMatchObject({ confirm_attempts: MAX_CONFIRM_ATTEMPTS });
    const right = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=ATTLOG`,
      `${mine.confirm_pin}\t${ago(0)}\t0\t1\n`,
    );
    expect(right.statusCode).toBe(403);
    expect(await deviceOf(employer.token, serial)).toMatchObject({ confirmed: false });
  });

  it('does not spend the tries on a moved clock resending its log with the former owner’s confirmation punch', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('RESEND');
    const mine = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    const formerId = mine.confirm_pin === '912345' ? '912346' : '912345';
    const log = `1\t${ago(40 * DAY)}\t0\t1\n${formerId}\t${ago(60 * DAY)}\t0\t1\n`;
    // Refused while waiting, the clock sends the same log again every 30 s: one try, not one per resend.
    for (let resend = 0; resend < MAX_CONFIRM_ATTEMPTS + 2; resend += 1) {
      expect((await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, log)).statusCode).toBe(403);
    }
    expect(await trustOf(employer.token, serial)).toMatchObject({ confirm_attempts: 1 });
    const confirmed = await clock(
      'POST',
      `/iclock/cdata?SN=${serial}&table=ATTLOG`,
      `${log}${mine.confirm_pin}\t${ago(0)}\t0\t1\n`,
    );
    expect(confirmed.body).toBe('OK:3');
    // The former owner's confirmation punch is nobody's: not held, never an unknown card.
    expect((await trustOf(employer.token, serial)).held.shown.map((punch) => punch.pin)).toEqual(['1']);
    await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/import-held`, {});
    expect(await unknownCardsOf(employer.token)).toEqual(['PIN:1']);
  });

  it('confirms a clock whose upload holds its ID and a few other users', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('FEW');
    const mine = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    const body = `1\t${ago(5)}\t0\t1\n2\t${ago(4)}\t0\t1\n${mine.confirm_pin}\t${ago(0)}\t0\t1\n`;
    const res = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, body);
    expect(res.body).toBe('OK:3');
    expect(await deviceOf(employer.token, serial)).toMatchObject({ confirmed: true });
  });

  it('does not raise the move banner while the clock calls from its own network, and a move cannot be brute-forced', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const serial = newDeviceId('MOVEBF');
    const mine = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    await confirmClock(ctx, serial, mine.confirm_pin ?? '', SHOP);
    await clock('GET', `/iclock/getrequest?SN=${serial}`);

    // A stranger with the serial, one request: refused, kept under Problemet, no banner.
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`, undefined, STRANGER)).statusCode).toBe(403);
    expect(await deviceOf(employer.token, serial)).toMatchObject({ moved_network: null });
    const problems = await call(ctx, employer.token, 'GET', `/api/controllers/${serial}/problems`);
    expect(problems.json<{ Result: { refused_lines: { raw: string }[] } }>().Result.refused_lines).toEqual([
      expect.objectContaining({ raw: `network ${networkOf(STRANGER)}` }),
    ]);
    const approve = await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/approve-move`);
    expect(approve.statusCode).toBe(400);

    // The clock gone quiet (unplugged at night), the stranger raises the banner and the employer
    // approves: every possible ID in one upload still moves nothing.
    await silence(serial);
    await clock('GET', `/iclock/getrequest?SN=${serial}`, undefined, STRANGER);
    expect(await deviceOf(employer.token, serial)).toMatchObject({ moved_network: networkOf(STRANGER) });
    expect((await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/approve-move`)).statusCode).toBe(200);
    const brute = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, everyConfirmationId(), STRANGER);
    expect(brute.statusCode).toBe(403);
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`, undefined, STRANGER)).statusCode).toBe(403);
    expect(await trustOf(employer.token, serial)).toMatchObject({ confirm_attempts: 1 });
    expect(await scansOf(ctx, employer.employerId)).toEqual([]);
  }, 60_000);
});

describe('a residential line changes address (issue 31, item 9)', () => {
  const subscribe = (token: string) => subscribedBrowser(ctx, pushService, token);

  it('tells the employer at once, once per new address, with the way to approve', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const browser = await subscribe(employer.token);
    const serial = newDeviceId('ISP');
    const mine = await registerDevice(ctx, employer.token, { device_id: serial, protocol: 'zkteco', confirm: false });
    await confirmClock(ctx, serial, mine.confirm_pin ?? '', SHOP);

    // The ISP moved the line: the clock's polls now come from another /24, and its own is silent.
    await silence(serial);
    for (let poll = 0; poll < 3; poll += 1) {
      expect((await clock('GET', `/iclock/getrequest?SN=${serial}`, undefined, NEW_LINE)).statusCode).toBe(403);
    }
    const pushed = await eventually(() => {
      const got = pushService.to(browser.endpoint);
      expect(got).toHaveLength(1);
      return got;
    });
    const payload = JSON.parse(browser.keys.decrypt((pushed[0] as { body: Buffer }).body));
    expect(payload).toMatchObject({ data: { url: '/kryepuntor/devices', device_id: serial } });
    expect(payload.body).toContain(serial);
    expect(await deviceOf(employer.token, serial)).toMatchObject({ moved_network: networkOf(NEW_LINE) });
    // Still one notice after more polls from the same new address.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pushService.to(browser.endpoint)).toHaveLength(1);

    // One tap approves; a punch with the new ID from the new line moves the clock there.
    expect((await call(ctx, employer.token, 'POST', `/api/controllers/${serial}/approve-move`)).statusCode).toBe(200);
    const pin = String((await deviceOf(employer.token, serial))?.confirm_pin);
    const moved = await clock('POST', `/iclock/cdata?SN=${serial}&table=ATTLOG`, `${pin}\t${ago(0)}\t0\t1\n`, NEW_LINE);
    expect(moved.body).toBe('OK:1');
    expect((await clock('GET', `/iclock/getrequest?SN=${serial}`, undefined, NEW_LINE)).statusCode).toBe(200);
    expect(await unknownCardsOf(employer.token)).toEqual([]);
  });
});
