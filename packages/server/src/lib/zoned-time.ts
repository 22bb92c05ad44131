/** Wall-clock conversions in an IANA time zone, without a date library. */

type WallClock = { date: string; time: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date (`YYYY-MM-DD`) and time (`HH:MM:SS`) of an instant in a zone. */
export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
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
