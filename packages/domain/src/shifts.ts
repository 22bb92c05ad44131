import { addDays, wallClockOf } from './calendar';
import { nightHoursOf } from './labour/night';

/**
 * Card scans paired into shifts (issue 30, docs/product.md#night-shifts). A shift belongs to the
 * date it starts on, also when it ends after midnight: its times are minutes from that date's
 * midnight, and a checkout the next morning is past 1440 (22:00 to 06:00 is 1320 to 1800).
 *
 * The pairing rule, for one worker's scans in time order (wall clock in the employer's zone):
 * 1. A shift begins at the first scan no earlier shift took; its date is that scan's date.
 * 2. When the schedule of that date has a night shift (one that ends after midnight), the shift
 *    takes the date's later scans and the next day's scans before noon (as the marks always did).
 * 3. Otherwise it takes the date's later scans; a shift left with its one scan (the day's last
 *    scan, with no checkout on its date) is closed by the next day's scans up to 14 hours on the
 *    clock after it.
 * A day whose shift is corrected across midnight takes the next morning's scans up to an hour
 * after the corrected end (they are that shift's checkout).
 */

/** Rule 3's reach: the next day's scans up to this many minutes after a lone scan close its shift. */
export const OVERNIGHT_PAIRING_MINUTES = 14 * 60;

/** Rule 2's reach: a night shift takes the next day's scans before this minute (noon). */
export const NIGHT_SHIFT_MORNING_END = 12 * 60;

/** A corrected night shift takes the next morning's scans up to this many minutes after its end. */
export const CORRECTED_END_MARGIN_MINUTES = 60;

/** One scan on the employer's wall clock: its date and minutes from that date's midnight. */
export type TScanClock = { date: string; minutes: number };

/** A paired shift: its date, first and last scan in minutes on that date (last past 1440 the next day), and how many scans it took. */
export type TPairedShift = { date: string; first: number; last: number; count: number };

export type TPairingInput = {
  /** Whether the schedule of a date has a night shift (one ending after midnight). */
  nightShiftOn: (date: string) => boolean;
  /**
   * Minutes on a date up to which its scans belong to the shift of the day before, corrected to end
   * after midnight (the corrected end plus the margin); undefined when the day before is not so corrected.
   */
  correctedUntil?: (date: string) => number | undefined;
};

/** Minutes of a clock on the day `date` (the next day past 1440). */
function minutesOn(clock: TScanClock, date: string, nextDate: string): number {
  return clock.date === date ? clock.minutes : clock.date === nextDate ? clock.minutes + 1440 : Number.NaN;
}

/**
 * One worker's scans (in time order) paired into shifts by the rule above, in order. Scans taken
 * by a corrected night shift of the day before form no shift.
 */
export function pairShifts(clocks: readonly TScanClock[], input: TPairingInput): TPairedShift[] {
  const shifts: TPairedShift[] = [];
  let i = 0;
  while (i < clocks.length) {
    const start = clocks[i] as TScanClock;
    const date = start.date;
    const until = input.correctedUntil?.(date);
    if (until !== undefined && start.minutes <= until) {
      i += 1;
      continue;
    }
    const next = addDays(date, 1);
    let j = i + 1;
    if (input.nightShiftOn(date)) {
      while (j < clocks.length) {
        const clock = clocks[j] as TScanClock;
        if (clock.date === date || (clock.date === next && clock.minutes < NIGHT_SHIFT_MORNING_END)) j += 1;
        else break;
      }
    } else {
      while (j < clocks.length && (clocks[j] as TScanClock).date === date) j += 1;
      if (j === i + 1) {
        while (j < clocks.length) {
          const clock = clocks[j] as TScanClock;
          if (clock.date === next && clock.minutes + 1440 - start.minutes <= OVERNIGHT_PAIRING_MINUTES) j += 1;
          else break;
        }
      }
    }
    const last = clocks[j - 1] as TScanClock;
    shifts.push({ date, first: start.minutes, last: minutesOn(last, date, next), count: j - i });
    i = j;
  }
  return shifts;
}

/**
 * A change of the clocks (daylight saving time) on a date: `at` the wall-clock minute it happens
 * (on the clock before it: 02:00 in spring, 03:00 in autumn in Central Europe) and `jump` how far
 * the clock moves (+60 in spring, −60 in autumn).
 */
export type TClockChange = { date: string; at: number; jump: number };

/** A clock change within a shift, in minutes on the shift's date (`at` past 1440 when the change is the next day). */
export type TShiftClockChange = { at: number; jump: number };

/** Minutes a zone is ahead of UTC at an instant. */
function offsetAt(ms: number, timeZone: string): number {
  const { date, time } = wallClockOf(new Date(ms), timeZone);
  return Math.round((Date.parse(`${date}T${time}Z`) - Math.floor(ms / 1000) * 1000) / 60_000);
}

const changesByZoneYear = new Map<string, TClockChange[]>();

/** The clock changes of a zone in a year (worked out once per zone and year). */
export function clockChangesIn(timeZone: string, year: number): TClockChange[] {
  const key = `${timeZone}|${year}`;
  const known = changesByZoneYear.get(key);
  if (known) return known;
  const changes: TClockChange[] = [];
  const day = 24 * 60 * 60 * 1000;
  let ms = Date.UTC(year, 0, 1, 0);
  let offset = offsetAt(ms, timeZone);
  const end = Date.UTC(year + 1, 0, 1, 0);
  while (ms < end) {
    const nextOffset = offsetAt(ms + day, timeZone);
    if (nextOffset !== offset) {
      // The first minute of the new offset, by halving the day.
      let low = ms;
      let high = ms + day;
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 120_000) * 60_000;
        if (offsetAt(middle, timeZone) === offset) low = middle;
        else high = middle;
      }
      const local = new Date(high + offset * 60_000);
      const date = local.toISOString().slice(0, 10);
      changes.push({ date, at: local.getUTCHours() * 60 + local.getUTCMinutes(), jump: nextOffset - offset });
    }
    offset = nextOffset;
    ms += day;
  }
  changesByZoneYear.set(key, changes);
  return changes;
}

/**
 * The clock change inside a shift dated `date` from `first` to `last` (minutes on that date), or
 * undefined: one on the date itself or on the next day (a night shift), between its first and last scan.
 */
export function clockChangeWithin(
  timeZone: string,
  date: string,
  first: number,
  last: number,
): TShiftClockChange | undefined {
  const year = Number(date.slice(0, 4));
  const next = addDays(date, 1);
  for (const change of clockChangesIn(timeZone, year)) {
    const at = change.date === date ? change.at : change.date === next ? change.at + 1440 : Number.NaN;
    if (first < at && at <= last) return { at, jump: change.jump };
  }
  // The next day in the next year (a shift of 31 December).
  if (last > 1440 && next.slice(0, 4) !== date.slice(0, 4)) {
    for (const change of clockChangesIn(timeZone, year + 1)) {
      const at = change.date === next ? change.at + 1440 : Number.NaN;
      if (first < at && at <= last) return { at, jump: change.jump };
    }
  }
  return undefined;
}

/** A shift's real length in minutes: its wall-clock length less the clocks' jump inside it. */
export function shiftMinutes(first: number, last: number, change?: TShiftClockChange): number {
  return Math.max(0, last - first - (change ? change.jump : 0));
}

/** A shift's hours: its real length rounded to the nearest quarter hour (as a scanned day's). */
export function shiftHours(first: number, last: number, change?: TShiftClockChange): number {
  return Math.round(shiftMinutes(first, last, change) / 15) / 4;
}

/**
 * A shift's night hours from its real instants: the wall-clock night hours (`nightHoursOf`), less
 * the hour the clocks skip in spring and plus the hour they repeat in autumn where those fall in
 * the window. 22:00 to 06:00 is 7 night hours the night the clocks go forward and 9 the night they
 * go back (with a 22:00–06:00 window).
 */
export function shiftNightHours(
  first: number,
  last: number,
  window: { start: string; end: string },
  change?: TShiftClockChange,
): number {
  const wall = nightHoursOf(first, last, window);
  if (!change) return wall;
  const low = Math.max(first, Math.min(change.at, change.at + change.jump));
  const high = Math.min(last, Math.max(change.at, change.at + change.jump));
  if (high <= low) return wall;
  const inWindow = nightHoursOf(low, high, window);
  const hours = change.jump > 0 ? wall - inWindow : wall + inWindow;
  return Math.round(hours * 100) / 100;
}
