/** Wall-clock conversions in an IANA time zone, without a date library. */

import { type TWallClock as WallClock, wallClockOf } from '@puna/domain';

export { wallClockOf };

/**
 * `wallClockOf` for many instants in one zone: formats once per distinct minute and adds the
 * seconds, since zone offsets change only on whole minutes. For a batch of scans seconds apart
 * that is a handful of Intl calls instead of one per scan. A zone whose offset has seconds
 * (pre-1900 local mean time) is formatted instant by instant.
 */
export function wallClockReader(timeZone: string): (instant: Date) => WallClock {
  const minutes = new Map<number, WallClock | null>();
  return (instant) => {
    const ms = instant.getTime();
    const minute = Math.floor(ms / 60_000);
    let start = minutes.get(minute);
    if (start === undefined) {
      const clock = wallClockOf(new Date(minute * 60_000), timeZone);
      start = clock.time.endsWith(':00') ? clock : null;
      minutes.set(minute, start);
    }
    if (!start) return wallClockOf(instant, timeZone);
    const seconds = String(Math.floor((ms - minute * 60_000) / 1000)).padStart(2, '0');
    return { date: start.date, time: `${start.time.slice(0, 6)}${seconds}` };
  };
}

/** Minutes the zone is ahead of UTC at an instant (Europe/Tirane in summer: 120). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const { date, time } = wallClockOf(instant, timeZone);
  const asUtc = Date.parse(`${date}T${time}Z`);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a local wall-clock time names in a zone. Two passes settle the offset around DST
 * changes; a time skipped by a spring-forward lands an hour later, as clocks do.
 */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const naive = Date.parse(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  let guess = naive - zoneOffsetMinutes(new Date(naive), timeZone) * 60_000;
  guess = naive - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}
