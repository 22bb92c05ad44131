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
import { call, createWorkspaceTestApp, resultOf } from '../../../test/helpers/workspace-factories';
import { employees } from '../../db/schema';
import { decimalCard, userInfoCommandFor } from './commands';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

/** A request as the clock (or the LAN bridge speaking for it) sends it: plain text. */
function clock(method: 'GET' | 'POST', url: string, body?: string) {
  return clockRequest(ctx, method, url, body);
}

/** Every command queued for the clock, polled one by one and acknowledged with `answer(command)`. */
async function drain(serial: string, answer: (command: string) => number = () => 0): Promise<string[]> {
  const commands: string[] = [];
  for (let poll = 0; poll < 100; poll += 1) {
    const res = await clock('GET', `/iclock/getrequest?SN=${serial}`);
    if (res.body === 'OK') return commands;
    const [, id, command = ''] = res.body.match(/^C:(\d+):(.*)$/s) ?? [];
    commands.push(command);
    await clock('POST', `/iclock/devicecmd?SN=${serial}`, `ID=${id}&Return=${answer(command)}&CMD=DATA\n`);
  }
  throw new Error('the clock never ran out of commands');
}

async function setup() {
  const employer = await createPremiumWorkspace(ctx);
  const serial = newDeviceId('BRDG');
  await withConfirmedClock(ctx, employer.token, serial);
  const ana = await addEmployeeWithPin(ctx, employer.token, 'Ana', '17');
  const bea = await addEmployeeWithPin(ctx, employer.token, 'Bea', 'A17');
  await ctx.app.db.update(employees).set({ rfid: '0A0B0C0D' }).where(eq(employees.id, ana.id));
  await ctx.app.db.update(employees).set({ rfid: '04A1B2C3D4E5F6' }).where(eq(employees.id, bea.id));
  const setConfig = (body: unknown, token = employer.token, id = serial) =>
    call(ctx, token, 'PUT', `/api/controllers/${id}/config`, body);
  return { employer, serial, ana, bea, setConfig };
}

describe('A clock behind a LAN bridge (numeric users)', () => {
  it('writes cards in decimal for a bridge, and refuses PINs that are not numeric', () => {
    expect(decimalCard('0A0B0C0D')).toBe('168496141');
    expect(decimalCard('15CD5B07')).toBe('365779719');
    expect(decimalCard('0012345')).toBe('12345');
    expect(decimalCard('04A1B2C3D4E5F6')).toBeNull(); // a 7-byte UID fits no 32-bit card number
    expect(decimalCard(null)).toBeNull();
    const ana = { name: 'Ana', rfid: '0A0B0C0D', pin: '17' };
    expect(userInfoCommandFor(ana, false)).toBe('DATA UPDATE USERINFO PIN=17\tName=Ana\tCard=[0A0B0C0D]');
    expect(userInfoCommandFor(ana, true)).toBe('DATA UPDATE USERINFO PIN=17\tName=Ana\tCard=168496141');
    expect(userInfoCommandFor({ ...ana, pin: 'A17' }, true)).toBeNull();
  });

  it('sends a bridge numeric PINs and decimal cards once the employer turns it on, and lists who is left off', async () => {
    const { employer, serial, ana, bea, setConfig } = await setup();
    const before = await drain(serial);
    // Off (the default), the clock is sent the PIN as it is (the cards were set after these).
    expect(before).toContain('DATA UPDATE USERINFO PIN=A17\tName=Bea\tCard=');

    expect((await setConfig({ numeric_users: true })).statusCode).toBe(200);
    const listed = resultOf<{ device_id: string; numeric_users: boolean | null }[]>(
      await call(ctx, employer.token, 'GET', '/api/controllers'),
    );
    expect(listed.find((device) => device.device_id === serial)?.numeric_users).toBe(true);

    // The clock learns its users again, in the form the bridge applies.
    const after = await drain(serial);
    expect(after).toEqual(['DATA UPDATE USERINFO PIN=17\tName=Ana\tCard=168496141']);

    const problems = resultOf<{ skipped_users: { employee: { name: string }; pin: string; reason: string }[] }>(
      await call(ctx, employer.token, 'GET', `/api/controllers/${serial}/problems`),
    );
    expect(problems.skipped_users).toEqual([
      { employee: { id: expect.any(Number), name: 'Bea' }, pin: 'A17', reason: 'pin_not_numeric' },
    ]);

    // An employee changed later reaches the bridge numeric too; a non-numeric PIN does not.
    const edit = (id: number, name: string, pin: string) =>
      call(ctx, employer.token, 'PUT', `/krye/edit_employee/${id}`, {
        name,
        salary: 4,
        wages: 'Orë',
        role: 'Punëtor',
        device_pin: pin,
      });
    expect((await edit(ana.id, 'Ana Hoxha', '18')).statusCode).toBe(200);
    expect((await edit(bea.id, 'Bea Hoxha', 'B17')).statusCode).toBe(200);
    expect(await drain(serial)).toEqual([
      'DATA DELETE USERINFO PIN=17',
      'DATA UPDATE USERINFO PIN=18\tName=Ana Hoxha\tCard=168496141',
    ]);
  });

  it('shows a command the bridge refused with its return code', async () => {
    const { employer, serial, setConfig } = await setup();
    // Off: the bridge refuses the letter PIN with Return=1.
    await drain(serial, (command) => (command.includes('PIN=A17') ? 1 : 0));
    const problems = resultOf<{ failed_commands: { command: string; result: number | null }[] }>(
      await call(ctx, employer.token, 'GET', `/api/controllers/${serial}/problems`),
    );
    expect(problems.failed_commands.map((command) => command.result)).toEqual([1]);
    expect((await setConfig({ numeric_users: true })).statusCode).toBe(200);
    await drain(serial);
  });

  it('refuses another employer, a reader that is no ZKTeco clock and a setting that is not true or false', async () => {
    const { employer, setConfig } = await setup();
    const other = await createPremiumWorkspace(ctx);
    expect((await setConfig({ numeric_users: true }, other.token)).statusCode).toBe(404);
    const reader = await registerDevice(ctx, employer.token);
    const refused = await setConfig({ numeric_users: true }, employer.token, reader.device_id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      Status: false,
      Error: 'Only a ZKTeco clock can be sent numeric users.',
      code: 'numericUsersZktecoOnly',
    });
    const bad = await setConfig({ numeric_users: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Status).toBe(false);
    expect((await setConfig({ numeric_users: true, commands_per_poll: 2 })).statusCode).toBe(400);
  });
});

describe('GET /iclock/fdata', () => {
  it('answers a known clock OK in text, and an unknown serial 401', async () => {
    const { serial } = await setup();
    for (const path of ['/iclock/fdata', '/iclock/fdata.aspx']) {
      const res = await clock('GET', `${path}?SN=${serial}&table=ATTPHOTO&PIN=17`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('OK');
    }
    const stranger = await clock('GET', '/iclock/fdata?SN=NOBODY-1&table=ATTPHOTO');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['content-type']).toMatch(/^text\/plain/);
    const overlong = await clock('GET', `/iclock/fdata?SN=${'X'.repeat(200)}`);
    expect(overlong.statusCode).toBe(401);
    expect(overlong.body).toBe('Unknown device');
  });
});
