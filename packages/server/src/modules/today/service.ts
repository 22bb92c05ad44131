import {
  addDays,
  classifyDay,
  clockOfMinutes,
  DAY_FLAGS,
  DAY_STATES,
  localClockOf,
  minutesOnDay,
  scansOfShift,
  shiftSpan,
  shiftStateNow,
  type TAttendanceSettings,
  type TAttendanceSettingsRequest,
  type TDayFlag,
  type TDayState,
  TODAY_SHIFT_STATES,
  type TPlannedDay,
  type TTodayBoard,
  type TTodayRosterShift,
  type TTodayShiftState,
  type TTodayWorker,
} from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/errors';
import { employerTimeZoneOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { clocksByWorker } from '../attendance/marks';
import { listEmployeesOf } from '../employees/service';
import { attendanceSettingsOf, setAttendanceTolerance, setAutoCheckout } from '../employer-settings/service';
import { plannedDaysOf } from '../planned-days/service';
import { scannedDays } from '../rfid/days';
import { publishedShiftsOf } from '../roster/service';

/** 'HH:MM:SS' (or 'HH:MM') as minutes from midnight. */

/**
 * GET /krye/today (docs/product.md#attendance): every worker measured against its weekly schedule
 * now, in the employer's time zone. A night shift that began yesterday and is still running is shown
 * instead of today's day. Reads the database a fixed number of times whatever the number of workers:
 * the employees, yesterday's and today's scanned days, the company days, the jurisdiction with the
 * tolerance, and the planned days (the schedule histories and the approved leave).
 */
export async function todayBoard(deps: ServiceDeps, actor: Actor, instant = new Date()): Promise<TTodayBoard> {
  const employerId = tenantOf(actor);
  const timeZone = employerTimeZoneOf(actor);
  const now = localClockOf(instant, timeZone);
  const today = now.date;
  const yesterday = addDays(today, -1);
  const range = { from: yesterday, to: today };
  const settingsRead = attendanceSettingsOf(deps.db, employerId);
  const [employees, days, settings, planned, published] = await Promise.all([
    listEmployeesOf(deps.db, employerId),
    scannedDays(deps, employerId, range),
    settingsRead,
    plannedDaysOf(deps.db, employerId, range, undefined, {
      jurisdiction: settingsRead.then((read) => read?.jurisdiction ?? 'XK'),
    }),
    publishedShiftsOf(deps.db, employerId, range),
  ]);
  if (!settings) throw notFound('Company not found.');
  const tolerance = settings.toleranceMinutes;

  // Each worker's scans as wall-clock readings: a day's first scan, and its last when it has two or more.
  const clocks = clocksByWorker(days);

  const workers: TTodayWorker[] = employees.map((employee) => {
    const own = clocks.get(employee.id) ?? [];
    // Each day against the schedule that held on it (docs/product.md#schedules-over-time).
    const [before, current] = planned.daysOf(employee) as [TPlannedDay, TPlannedDay];
    // Yesterday's night shift, while it (with the tolerance) is not over.
    const night = before.shift;
    const date = night && night.end > 1440 && minutesOnDay(now, yesterday) < night.end + tolerance ? yesterday : today;
    const day = date === today ? current : before;
    const shift = day.shift;
    const scans = scansOfShift(own, date, shift);
    const leaveType = day.leave?.type;
    const status = classifyDay({
      date,
      shift,
      ...scans,
      onLeave: leaveType !== undefined,
      holiday: day.holiday !== null,
      toleranceMinutes: tolerance,
      now: minutesOnDay(now, date),
    });
    return {
      employee_id: employee.id,
      name: employee.name,
      role: employee.role,
      date,
      state: status.state,
      flags: status.flags,
      shift: shift ? { start: clockOfMinutes(shift.start), end: clockOfMinutes(shift.end) } : null,
      first_scan: status.first === null ? null : clockOfMinutes(status.first),
      last_scan: status.last === null ? null : clockOfMinutes(status.last),
      late_by_minutes: status.lateBy ?? null,
      ...(leaveType === undefined ? {} : { leave_type: leaveType }),
    };
  });

  // Each published shift of today, and yesterday's still running, with where its worker stands now.
  const shifts: TTodayRosterShift[] = [];
  for (const employee of employees) {
    const own = clocks.get(employee.id) ?? [];
    const leave = planned.leaveOf(employee.id);
    for (const shift of published.get(employee.id) ?? []) {
      const span = shiftSpan(shift);
      const at = minutesOnDay(now, shift.date);
      if (shift.date !== today && at >= span.end) continue;
      const status = shiftStateNow({
        shift: span,
        now: at,
        scans: own.map((scan) => minutesOnDay(scan, shift.date)).filter((minutes) => !Number.isNaN(minutes)),
        toleranceMinutes: tolerance,
        onLeave: leave?.has(shift.date) ?? false,
      });
      shifts.push({
        id: shift.id,
        employee_id: employee.id,
        name: employee.name,
        date: shift.date,
        start: shift.start,
        end: shift.end,
        state: status.state,
        first_scan: status.first === null ? null : clockOfMinutes(status.first),
        late_by_minutes: status.lateBy,
      });
    }
  }
  shifts.sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start) || a.id - b.id);
  const shiftCounts = Object.fromEntries(TODAY_SHIFT_STATES.map((state) => [state, 0])) as Record<
    TTodayShiftState,
    number
  >;
  for (const shift of shifts) shiftCounts[shift.state] += 1;

  const counts = Object.fromEntries(DAY_STATES.map((state) => [state, 0])) as Record<TDayState, number>;
  const flagged = Object.fromEntries(DAY_FLAGS.map((flag) => [flag, 0])) as Record<TDayFlag, number>;
  for (const worker of workers) {
    counts[worker.state] += 1;
    for (const flag of worker.flags) flagged[flag] += 1;
  }
  return {
    date: today,
    now: clockOfMinutes(now.minutes),
    time_zone: timeZone,
    tolerance_minutes: tolerance,
    counts,
    flagged,
    workers,
    shifts,
    shift_counts: shiftCounts,
  };
}

/** GET /krye/attendance-settings. */
export async function getAttendanceSettings(deps: ServiceDeps, actor: Actor): Promise<TAttendanceSettings> {
  const settings = await attendanceSettingsOf(deps.db, tenantOf(actor));
  if (!settings) throw notFound('Company not found.');
  return { tolerance_minutes: settings.toleranceMinutes, auto_checkout: settings.autoCheckout };
}

/** PUT /krye/attendance-settings: answers the settings as they now are; auto_checkout left out stays as it was. */
export async function updateAttendanceSettings(
  deps: ServiceDeps,
  actor: Actor,
  input: TAttendanceSettingsRequest,
): Promise<TAttendanceSettings> {
  await setAttendanceTolerance(deps.db, tenantOf(actor), input.tolerance_minutes);
  if (input.auto_checkout !== undefined) await setAutoCheckout(deps.db, tenantOf(actor), input.auto_checkout);
  return getAttendanceSettings(deps, actor);
}
