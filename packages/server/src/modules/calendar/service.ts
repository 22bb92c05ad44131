import {
  clockOfMinutes,
  datesOfMonth,
  expectedShift,
  holidaysOf,
  monthRange,
  scheduleOn,
  type TCalendarCell,
  type TCalendarLeave,
  type THolidayEntry,
  type TTeamCalendar,
} from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { scheduleHistoriesOf } from '../employees/schedule-history';
import { listEmployeesOf } from '../employees/service';
import { jurisdictionOf } from '../employer-settings/service';
import { companyDaysIn } from '../holidays/service';
import { approvedLeaveDays } from '../leave/days';

/**
 * GET /krye/calendar (docs/product.md#team-calendar): every worker's day of a month — holiday,
 * company day, approved leave, scheduled shift or rest day — and the month's holidays. Reads the
 * database five times whatever the number of workers: the employees, their schedule histories
 * (each day is measured against the schedule it had, docs/product.md#schedules-over-time), the
 * company days, the jurisdiction and the approved leave.
 */
export async function teamCalendar(deps: ServiceDeps, actor: Actor, month: string): Promise<TTeamCalendar> {
  const employerId = tenantOf(actor);
  const range = monthRange(month);
  const [employees, histories, companyDays, jurisdiction, leaveDays] = await Promise.all([
    listEmployeesOf(deps.db, employerId),
    scheduleHistoriesOf(deps.db, employerId),
    companyDaysIn(deps.db, employerId, range),
    jurisdictionOf(deps.db, employerId),
    approvedLeaveDays(deps.db, employerId, range),
  ]);

  const official = holidaysOf(jurisdiction, Number(month.slice(0, 4))).holidays.filter(
    (holiday) => holiday.date >= range.from && holiday.date <= range.to,
  );
  const company: THolidayEntry[] = companyDays.map((day) => ({
    date: day.date,
    name: day.name,
    kind: 'company',
    dayOff: true,
  }));
  // Official first on a shared date, like the holiday calendar.
  const holidays = [...official, ...company].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  // An official holiday marks its cell only when it is a day off (one on a weekend may move its day off).
  const officialOff = new Map<string, string>();
  for (const holiday of official)
    if (holiday.dayOff && !officialOff.has(holiday.date)) officialOff.set(holiday.date, holiday.name);
  const companyOff = new Map(companyDays.map((day) => [day.date, day.name]));

  const leave = new Map<string, TCalendarLeave>();
  for (const day of leaveDays) {
    leave.set(`${day.employeeId}:${day.date}`, { type: day.typeName, kind: day.kind, paid: day.paid });
  }

  const dates = datesOfMonth(month);
  const workers = employees.map((employee) => ({
    employee_id: employee.id,
    name: employee.name,
    role: employee.role,
    days: dates.map((date): TCalendarCell => {
      const expected = expectedShift(scheduleOn(histories.get(employee.id), date, employee.schedule), date);
      const shift = expected ? { start: clockOfMinutes(expected.start), end: clockOfMinutes(expected.end) } : null;
      const onLeave = leave.get(`${employee.id}:${date}`) ?? null;
      const officialName = officialOff.get(date);
      const companyName = companyOff.get(date);
      const kind = officialName
        ? 'holiday'
        : companyName
          ? 'company'
          : onLeave
            ? 'leave'
            : shift
              ? 'scheduled'
              : 'rest';
      return { date, kind, shift, holiday: officialName ?? companyName ?? null, leave: onLeave };
    }),
  }));
  return { month, dates, holidays, workers };
}
