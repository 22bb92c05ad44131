import {
  compareNames,
  dayMarkToWire,
  isStillAtWork,
  type TDayMark,
  type TRfidDay,
  todayIn,
  weekdayName,
} from '@puna/domain';
import type { Actor } from '../../lib/actor';
import { employerTimeZoneOf, tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { flaggedCountsOn } from '../phone-clock/review';
import { scannedDays } from '../rfid/days';
import { marksWithNamesOf } from './marks';

/**
 * GET /krye/rfid_day: who scanned on a date, first-to-last range and hours, corrections applied, each
 * with its mark against the schedule (docs/product.md#marks). A row whose scans all belong to the
 * night shift of the day before has no mark of its own.
 */
export async function rfidDay(deps: ServiceDeps, actor: Actor, date: string): Promise<TRfidDay[]> {
  const employerId = tenantOf(actor);
  // The employer's zone as the session read it with the employer's row, for the days and the marks.
  const timeZone = employerTimeZoneOf(actor);
  const range = { from: date, to: date };
  const [days, flagged] = await Promise.all([
    scannedDays(deps, employerId, range),
    flaggedCountsOn(deps.db, employerId, date, timeZone),
  ]);
  const today = todayIn(timeZone);
  const { marks, names } = await marksWithNamesOf(
    deps,
    employerId,
    range,
    [...new Set(days.map((day) => day.employeeId))],
    { timeZone },
  );
  return days
    .map((day) => ({
      id: day.employeeId,
      name: names.get(day.employeeId) ?? '',
      date: day.date,
      day: weekdayName(day.date),
      firstScanTime: day.firstScanTime,
      lastScanTime: day.lastScanTime,
      scanCount: day.scanCount,
      missingCheckout: day.missingCheckout,
      hours: day.hours,
      corrected: day.corrected,
      correction_origin: day.origin,
      ...(day.endsNextDay ? { ends_next_day: true as const } : {}),
      ...(flagged.has(day.employeeId) && day.date === date ? { flagged: flagged.get(day.employeeId) } : {}),
      atWork: isStillAtWork(day, today),
      ...markFields(marks.get(day.employeeId)?.[0]),
    }))
    .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

/** A mark's optional row fields, when the day's own scans were measured. */
function markFields(mark: TDayMark | undefined) {
  return mark && mark.first !== null ? dayMarkToWire(mark) : {};
}
