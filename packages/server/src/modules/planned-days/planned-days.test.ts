import { SCHEDULE_HISTORY_START } from '@puna/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers/app';
import { insertLeave } from '../../../test/helpers/leave-factories';
import { setScheduleHistory, weekdays } from '../../../test/helpers/schedules';
import {
  addCompanyDay,
  addEmployee,
  createWorkspace,
  createWorkspaceTestApp,
} from '../../../test/helpers/workspace-factories';
import { plannedDaysOf } from './service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createWorkspaceTestApp();
});
afterAll(async () => ctx?.close());

// Monday 4 to Monday 11 May 2026; Europe Day (Saturday 9 May) gives Kosovo its day off on Monday 11.
const RANGE = { from: '2026-05-04', to: '2026-05-11' };

describe('plannedDaysOf', () => {
  it('answers each day of a worker from its schedule history, the days off and its leave', async () => {
    const employer = await createWorkspace(ctx, 'Dita e planifikuar');
    const later = weekdays('12:00', '20:00');
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana', schedule: later });
    // Ana worked 08:00–16:00 until Wednesday 6 May, 12:00–20:00 from then on.
    await setScheduleHistory(ctx, employer.employerId, ana.id, [
      { effectiveFrom: SCHEDULE_HISTORY_START, schedule: weekdays('08:00', '16:00') },
      { effectiveFrom: '2026-05-06', schedule: later },
    ]);
    await addCompanyDay(ctx, employer.token, '2026-05-08', 'Dita e firmës');
    await insertLeave(ctx, employer.employerId, ana.id, { from: '2026-05-05', to: '2026-05-05' });

    const planned = await plannedDaysOf(ctx.app.db, employer.employerId, RANGE);
    const days = planned.daysOf({ id: ana.id, schedule: later });
    expect(
      days.map((day) => [
        day.date,
        day.shift?.start ?? null,
        day.holiday?.kind ?? null,
        day.leave?.type ?? null,
        day.expected,
      ]),
    ).toEqual([
      ['2026-05-04', 480, null, null, true],
      ['2026-05-05', 480, null, 'Pushim vjetor', false],
      ['2026-05-06', 720, null, null, true],
      ['2026-05-07', 720, null, null, true],
      ['2026-05-08', 720, 'company', null, false],
      ['2026-05-09', null, null, null, false],
      ['2026-05-10', null, null, null, false],
      ['2026-05-11', 720, 'official', null, false],
    ]);
    expect(planned.holidays.daysOff.get('2026-05-08')).toEqual({ name: 'Dita e firmës', kind: 'company' });
    // The weekend holiday is listed, without a day off of its own.
    expect(planned.holidays.official.map((day) => [day.date, day.dayOff])).toEqual([
      ['2026-05-09', false],
      ['2026-05-11', true],
    ]);
  });

  it("sees nothing of another employer's workers, company days or leave", async () => {
    const mine = await createWorkspace(ctx, 'Imja');
    const other = await createWorkspace(ctx, 'E tjetrit');
    const theirs = await addEmployee(ctx, other.token, { name: 'Besa', schedule: weekdays('08:00', '16:00') });
    await addCompanyDay(ctx, other.token, '2026-05-06', 'Festa e tjetrit');
    await insertLeave(ctx, other.employerId, theirs.id, { from: '2026-05-04', to: '2026-05-07' });

    const planned = await plannedDaysOf(ctx.app.db, mine.employerId, RANGE);
    expect(planned.holidays.company).toEqual([]);
    expect(planned.leaveDays).toEqual([]);
    expect(planned.histories.has(theirs.id)).toBe(false);
    // Asked of the other employer's worker, it is a worker without history, leave or company days.
    const days = planned.daysOf({ id: theirs.id, schedule: null });
    expect(days.every((day) => day.shift === null && day.leave === null && day.holiday?.kind !== 'company')).toBe(true);
  });

  it('reads one worker only when asked for one', async () => {
    const employer = await createWorkspace(ctx, 'Një punëtor');
    const ana = await addEmployee(ctx, employer.token, { name: 'Ana', schedule: weekdays('08:00', '16:00') });
    const bea = await addEmployee(ctx, employer.token, { name: 'Bea', schedule: weekdays('08:00', '16:00') });
    await insertLeave(ctx, employer.employerId, ana.id, { from: '2026-05-04', to: '2026-05-04' });
    await insertLeave(ctx, employer.employerId, bea.id, {
      from: '2026-05-04',
      to: '2026-05-04',
      type: 'Pushim i Beës',
    });

    const planned = await plannedDaysOf(ctx.app.db, employer.employerId, RANGE, [bea.id], { jurisdiction: 'XK' });
    expect(planned.leaveDays.map((day) => day.employeeId)).toEqual([bea.id]);
    expect([...planned.histories.keys()]).toEqual([bea.id]);
    expect(planned.leaveOf(ana.id)).toBeUndefined();
  });
});
