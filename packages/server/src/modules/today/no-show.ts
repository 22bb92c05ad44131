import { addDays, isNoShow, localClockOf, minutesOnDay, shiftSpan, type TLocalClock } from '@puna/domain';
import type { ServiceDeps } from '../../plugins/deps';
import { employeeNamesOf } from '../employees/service';
import { noShowEmployers } from '../employer-settings/service';
import { approvedLeaveDays } from '../leave-days/service';
import { scannedDays } from '../rfid/days';
import { claimNoShow, untoldPublishedShifts } from '../roster/service';

type PublishedCopy = { employee_id: number; date: string; start: string; end: string };

/**
 * The no-show job (docs/product.md#shifts-and-the-roster), run with the attendance jobs: a
 * published shift of a worker with no scan 15 minutes after its start (and still running) tells the
 * employer once, when its `no_show_alert` is on. A worker on approved leave that day is not
 * missing. "Once" holds across processes: `no_show_notified_at` is set by a conditional UPDATE
 * (… WHERE no_show_notified_at IS NULL RETURNING), and only the process whose UPDATE changed the
 * row announces `shift.noShow`.
 */
export async function notifyNoShows(deps: ServiceDeps, now: Date): Promise<{ notified: number }> {
  let notified = 0;
  // Every zone's today is within a day of UTC's: yesterday's night shifts and today's, with a day's margin.
  const utcToday = now.toISOString().slice(0, 10);
  const candidates = await untoldPublishedShifts(deps.db, { from: addDays(utcToday, -2), to: addDays(utcToday, 1) });
  if (candidates.length === 0) return { notified };
  const byEmployer = new Map<number, { id: number; copy: PublishedCopy }[]>();
  for (const row of candidates) {
    const own = byEmployer.get(row.employerId) ?? [];
    own.push({ id: row.id, copy: row.copy });
    byEmployer.set(row.employerId, own);
  }
  for (const employer of await noShowEmployers(deps.db, [...byEmployer.keys()])) {
    const clock = localClockOf(now, employer.timeZone);
    const range = { from: addDays(clock.date, -1), to: clock.date };
    const due = (byEmployer.get(employer.id) ?? []).filter(({ copy }) => {
      if (copy.date < range.from || copy.date > range.to) return false;
      const span = shiftSpan(copy);
      // Cheap first: past its start and the 15 minutes, not yet over (the scans are read only then).
      return isNoShow(span, minutesOnDay(clock, copy.date), []);
    });
    if (due.length === 0) continue;
    const [days, leave] = await Promise.all([
      scannedDays(deps, employer.id, range),
      approvedLeaveDays(deps.db, employer.id, range),
    ]);
    // Each worker's scanned days as wall-clock readings: a day's first scan and its last.
    const clocks = new Map<number, TLocalClock[]>();
    for (const day of days) {
      const own = clocks.get(day.employeeId) ?? [];
      own.push({ date: day.date, minutes: Math.floor(day.firstMinutes) });
      if (day.scanCount > 1) own.push({ date: day.date, minutes: Math.floor(day.lastMinutes) });
      clocks.set(day.employeeId, own);
    }
    const away = new Set(leave.map((day) => `${day.employeeId}|${day.date}`));
    const missing = due.filter(({ copy }) => {
      if (away.has(`${copy.employee_id}|${copy.date}`)) return false;
      const scans = (clocks.get(copy.employee_id) ?? []).map((scan) => minutesOnDay(scan, copy.date));
      return isNoShow(shiftSpan(copy), minutesOnDay(clock, copy.date), scans);
    });
    if (missing.length === 0) continue;
    const names = await employeeNamesOf(
      deps.db,
      employer.id,
      missing.map(({ copy }) => copy.employee_id),
    );
    for (const { id, copy } of missing) {
      if (!(await claimNoShow(deps.db, id, now))) continue;
      notified += 1;
      await deps.events.announce('shift.noShow', {
        employerId: employer.id,
        shiftId: id,
        employeeId: copy.employee_id,
        employeeName: names.get(copy.employee_id) ?? '',
        date: copy.date,
        start: copy.start,
        end: copy.end,
      });
    }
  }
  return { notified };
}
