import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { createPremiumWorkspace, insertScans } from '../../../test/helpers/device-factories';
import { addEmployee, call, rfidDayOf, statementOf } from '../../../test/helpers/workspace-factories';

/**
 * Pay per roster shift (docs/product.md#shifts-and-the-roster): on a date with a published shift the
 * scanned hours lose the unpaid break by the shift's length (the employer's rules, else the
 * jurisdiction's); night hours stay by the clock, at most the paid hours.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** Europe/Tirane is UTC+1 in March before the 29th. */
const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+01:00`);

async function published(token: string, employeeId: number, date: string, start: string, end: string, pause = 0) {
  const res = await call(ctx, token, 'POST', '/krye/shifts', {
    employee_id: employeeId,
    date,
    start,
    end,
    break_minutes: pause,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect((await call(ctx, token, 'POST', '/krye/shifts/publish', { from: date, to: date })).statusCode).toBe(200);
}

describe('the payroll statement against the roster', () => {
  it('takes the unpaid break off a rostered date’s scanned hours, by the jurisdiction’s rule, then by the employer’s', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });
    const nora = await addEmployee(ctx, employer.token, { name: 'Nora', wages: 'Orë', salary: 5 });
    // Tuesday 3 March: 08:00–16:00 on a published shift; Wednesday 4 March: the same, with no shift.
    await published(employer.token, nora.id, '2026-03-03', '08:00', '16:00');
    await insertScans(ctx, employer.employerId, nora.id, at('2026-03-03', '08:00'), at('2026-03-03', '16:00'));
    await insertScans(ctx, employer.employerId, nora.id, at('2026-03-04', '08:00'), at('2026-03-04', '16:00'));
    // Kosovo: 30 minutes off a day of more than 6 hours, on the rostered date only.
    const row = async () =>
      (await statementOf(ctx, employer.token, '2026-03')).workers.find((worker) => worker.employee_id === nora.id);
    expect(await row()).toMatchObject({ hours: 15.5 });

    const set = await call(ctx, employer.token, 'PUT', '/krye/roster-settings', {
      shift_requests_auto: false,
      no_show_alert: true,
      unpaid_break_rules: [
        { from_minutes: 240, break_minutes: 15 },
        { from_minutes: 420, break_minutes: 60 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await row()).toMatchObject({ hours: 15 });
  });

  it('keeps a longer break the roster planned; a night shift’s night hours are by the clock, at most its paid hours', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true, labourRules: 'XK' });
    const dea = await addEmployee(ctx, employer.token, { name: 'Dea', wages: 'Orë', salary: 5 });
    // Thursday 5 March 22:00 to Friday 06:00, a planned break of 45 minutes.
    await published(employer.token, dea.id, '2026-03-05', '22:00', '06:00', 45);
    await insertScans(ctx, employer.employerId, dea.id, at('2026-03-05', '22:00'), at('2026-03-06', '06:00'));
    const statement = await statementOf(ctx, employer.token, '2026-03');
    const row = statement.workers.find((worker) => worker.employee_id === dea.id);
    expect(row).toMatchObject({ hours: 7.25 });
    // 8 hours by the clock, all inside 22:00–06:00; the 45 unpaid minutes fall inside it too.
    expect(row?.premiums.find((premium) => premium.kind === 'night')).toMatchObject({ hours: 7.25 });
  });
});

describe('scans paired to a published night shift', () => {
  it('pairs a night shift with a break around midnight into one shift on the start’s date', async () => {
    const employer = await createPremiumWorkspace(ctx, { scans: true });
    // No weekly schedule: only the roster says Monday 9 March is a night.
    const vesa = await addEmployee(ctx, employer.token, { name: 'Vesa', wages: 'Orë', salary: 5 });
    await published(employer.token, vesa.id, '2026-03-09', '22:00', '06:00');
    await insertScans(
      ctx,
      employer.employerId,
      vesa.id,
      at('2026-03-09', '21:55'),
      at('2026-03-09', '23:30'),
      at('2026-03-10', '00:00'),
      at('2026-03-10', '06:02'),
    );
    const monday = await rfidDayOf(ctx, employer.token, '2026-03-09');
    expect(monday).toEqual([
      expect.objectContaining({
        firstScanTime: '21:55:00',
        lastScanTime: '06:02:00',
        scanCount: 4,
        ends_next_day: true,
      }),
    ]);
    expect(await rfidDayOf(ctx, employer.token, '2026-03-10')).toEqual([]);
  });
});
