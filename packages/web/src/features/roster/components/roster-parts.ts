import type { TShift, TShiftDayTotal } from '@puna/domain';

/** A shift as a person reads it: '22:00–06:00'. */
export const spanText = (shift: { start: string; end: string }) => `${shift.start}–${shift.end}`;

/** The shifts of one row (an employee, or null: the open shifts) on one date, earliest first. */
export function shiftsOf(shifts: readonly TShift[], employeeId: number | null, date: string): TShift[] {
  return shifts
    .filter((shift) => shift.employee_id === employeeId && shift.date === date)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** Planned hours and cost summed over the totals that match (a day, an employee, or all). */
export function sumTotals(
  totals: readonly TShiftDayTotal[],
  match: (total: TShiftDayTotal) => boolean = () => true,
): { hours: number; cost: number } {
  let hours = 0;
  let cost = 0;
  for (const total of totals) {
    if (!match(total)) continue;
    hours += total.hours;
    cost += total.cost;
  }
  return { hours: Math.round(hours * 100) / 100, cost: Math.round(cost * 100) / 100 };
}
