/**
 * ATTLOG lines as time clocks in the field write them. Push 2.x firmware separates fields with
 * tabs (`PIN\tYYYY-MM-DD HH:MM:SS\tStatus\tVerify\tWorkcode\t…`, 2 to 12+ fields); legacy firmware
 * and some bridges use spaces (`1003 2026-01-05 08:04:00 0 1`); lines may end in CRLF. A line is
 * either a punch or a refusal with its reason: nothing is dropped without a trace.
 */

/** A clock user's PIN: letters and digits, up to 24 characters (bridged and newer clocks use both). */
export const CLOCK_PIN = /^[A-Za-z0-9]{1,24}$/;

/** How far back and ahead a punch may be, against the server's clock. */
export const PUNCH_WINDOW = { pastDays: 400, futureDays: 1 } as const;

export type ParsedPunch = { ok: true; pin: string; date: string; time: string };
export type RefusedLine = { ok: false; raw: string; reason: string };
export type AttlogLine = ParsedPunch | RefusedLine;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;

/** A real calendar date (no 2025-02-30) and a real time of day (no 23:59:60, no 24:00:00). */
export function isRealDateTime(date: string, time: string): boolean {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return false;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3])];
  if (year < 1970 || month < 1 || month > 12 || day < 1) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Splits one line into its fields: tabs when there are any, else runs of spaces. */
function fieldsOf(line: string): string[] {
  return (line.includes('\t') ? line.split('\t') : line.split(/ +/)).map((field) => field.trim());
}

/**
 * Key=value lines some bridges and newer firmware write (`PIN=1001\tDateTime=2025-09-02 14:32:11\t
 * Verified=1\tStatus=0`, fields split by tabs or runs of 2+ spaces): the fields by upper-case key,
 * or null for a positional line.
 */
function namedFields(line: string): Map<string, string> | null {
  if (!/^PIN=/i.test(line)) return null;
  const pairs = line.split(/\t| {2,}/).map((pair) => pair.trim());
  return new Map(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')).toUpperCase(), pair.slice(pair.indexOf('=') + 1)]),
  );
}

/** One non-empty ATTLOG line. */
export function parseAttlogLine(raw: string): AttlogLine {
  const line = raw.replace(/\r$/, '');
  const named = namedFields(line);
  const fields = named ? [] : fieldsOf(line);
  const pin = named ? (named.get('PIN') ?? '') : (fields[0] ?? '');
  if (!CLOCK_PIN.test(pin)) return { ok: false, raw: line, reason: 'the PIN is not 1 to 24 letters or digits' };
  // "YYYY-MM-DD HH:MM:SS" in one tab-separated field, or date and time as two fields.
  let date = '';
  let time = '';
  const stamp = named ? (named.get('DATETIME') ?? named.get('TIME') ?? '') : (fields[1] ?? '');
  const joined = stamp.split(/ +/);
  if (joined.length === 2) [date, time] = joined as [string, string];
  else if (!named) [date, time] = [fields[1] ?? '', fields[2] ?? ''];
  if (!DATE.test(date) || !TIME.test(time)) {
    return { ok: false, raw: line, reason: 'no date and time written YYYY-MM-DD HH:MM:SS' };
  }
  if (!isRealDateTime(date, time)) return { ok: false, raw: line, reason: 'the date or time does not exist' };
  return { ok: true, pin, date, time };
}

/** Every non-blank line of an upload, in order. */
export function parseAttlog(body: string): AttlogLine[] {
  return body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(parseAttlogLine);
}

/** A PIN as it is matched to an employee's: leading zeros do not count in a numeric PIN. */
export function pinKey(pin: string): string {
  return /^\d+$/.test(pin) ? pin.replace(/^0+(?=\d)/, '') : pin;
}

/**
 * Which of `pins` punched in an upload (a well-formed punch line of that PIN, leading zeros
 * allowed). Only lines starting with one of them are parsed, so a large upload costs one scan.
 */
export function punchedPins(body: string, pins: string[]): string[] {
  const wanted = new Set(pins.filter((pin) => CLOCK_PIN.test(pin)).map(pinKey));
  if (wanted.size === 0) return [];
  const starts = new RegExp(`^0*(?:${[...wanted].join('|')})[\\t ]`, 'gm');
  const found = new Set<string>();
  for (const match of body.matchAll(starts)) {
    const end = body.indexOf('\n', match.index);
    const line = parseAttlogLine(body.slice(match.index, end === -1 ? undefined : end));
    if (line.ok && wanted.has(pinKey(line.pin))) found.add(pinKey(line.pin));
  }
  return [...found];
}
