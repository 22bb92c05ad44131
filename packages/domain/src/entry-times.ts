import { z } from 'zod';
import { clockMinutes } from './calendar';
import { nightHoursOf } from './labour/night';
import { messages } from './messages';
import type { TScheduleDay } from './schedule';

/** An hours entry's optional start or end: 'HH:MM', 00:00 to 23:59. */
export const ZEntryClock = z
  .string({ error: messages.hoursTimeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.hoursTimeInvalid });

const DAY_MINUTES = 24 * 60;

/** Minutes from `from` to `to`; an end before the start ends the next day (22:00 → 06:00 is 480). */
export function entrySpanMinutes(from: string, to: string): number {
  const span = clockMinutes(to) - clockMinutes(from);
  return span > 0 ? span : span + DAY_MINUTES;
}

/**
 * Checks an entry's times against its hours (docs/product.md#hours-times): both or neither, not the
 * same time, and the hours no more than the time between them (less is a break). Null when fine,
 * else the message's code.
 */
export function entryTimesProblem(entry: {
  ora: number;
  from?: string | undefined;
  to?: string | undefined;
}): 'hoursTimesBoth' | 'hoursTimesSame' | 'hoursLongerThanTimes' | null {
  if ((entry.from === undefined) !== (entry.to === undefined)) return 'hoursTimesBoth';
  if (entry.from === undefined || entry.to === undefined) return null;
  if (entry.from === entry.to) return 'hoursTimesSame';
  if (Math.round(entry.ora * 60) > entrySpanMinutes(entry.from, entry.to)) return 'hoursLongerThanTimes';
  return null;
}

/**
 * The night hours of a day's entered hours (docs/labour-rules.md#night-work), or null when unknown:
 * - with times: the night part of `from`→`to` (past midnight when `to` is earlier), at most the hours;
 * - without times, on a scheduled day with times: the hours placed from the scheduled start (hours
 *   beyond the scheduled length run past its end);
 * - with neither: null, and the statement warns that the night hours are unknown.
 */
export function enteredNightHours(
  entry: { hours: number; from?: string | null; to?: string | null },
  scheduled: TScheduleDay | null | undefined,
  window: { start: string; end: string },
): number | null {
  if (entry.hours <= 0) return 0;
  if (entry.from && entry.to) {
    const start = clockMinutes(entry.from);
    const night = nightHoursOf(start, start + entrySpanMinutes(entry.from, entry.to), window);
    return Math.min(night, entry.hours);
  }
  if (scheduled?.selected && scheduled.startTime) {
    const start = clockMinutes(scheduled.startTime);
    return nightHoursOf(start, start + Math.round(entry.hours * 60), window);
  }
  return null;
}
