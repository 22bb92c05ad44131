import {
  clockOfMinutes,
  datesOfMonth,
  monthRange,
  type TCalendarCell,
  type THolidayEntry,
  type TTeamCalendar,
} from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { listEmployeesOf } from '../employees/service';
import { plannedDaysOf } from '../planned-days/service';

/**
 * GET /krye/calendar (docs/product.md#team-calendar): every worker's day of a month — holiday,
 * company day, approved leave, scheduled shift or rest day — and the month's holidays. Reads the
 * database five times whatever the number of workers: the employees and their planned days (the
 * schedule histories, each day measured against the schedule it had, docs/product.md#schedules-over-time;
 * the company days, the jurisdiction and the approved leave).
 */
export async function teamCalendar(deps: ServiceDeps, actor: Actor, month: string): Promise<TTeamCalendar> {
  const employerId = tenantOf(actor);
  const range = monthRange(month);
  const [employees, planned] = await Promise.all([
    listEmployeesOf(deps.db, employerId),
    plannedDaysOf(deps.db, employerId, range),
  ]);

  const company: THolidayEntry[] = planned.holidays.company.map((day) => ({
    date: day.date,
    name: day.name,
    kind: 'company',
    dayOff: true,
  }));
  // Official first on a shared date, like the holiday calendar.
  const holidays = [...planned.holidays.official, ...company].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : 0,
  );

  const dates = datesOfMonth(month);
  const workers = employees.map((employee) => ({
    employee_id: employee.id,
    name: employee.name,
    role: employee.role,
    // An official holiday marks its cell only when it is a day off (one on a weekend may move its day off).
    days: planned.daysOf({ id: employee.id, schedule: employee.schedule }).map((day): TCalendarCell => {
      const shift = day.shift ? { start: clockOfMinutes(day.shift.start), end: clockOfMinutes(day.shift.end) } : null;
      const kind = day.holiday
        ? day.holiday.kind === 'official'
          ? 'holiday'
          : 'company'
        : day.leave
          ? 'leave'
          : shift
            ? 'scheduled'
            : 'rest';
      return { date: day.date, kind, shift, holiday: day.holiday?.name ?? null, leave: day.leave };
    }),
  }));
  return { month, dates, holidays, workers };
}
