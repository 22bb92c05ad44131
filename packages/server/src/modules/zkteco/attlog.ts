import { pinKey } from '../employees/cards';
/**
 * ATTLOG lines as time clocks in the field write them. Push 2.x firmware separates fields with
 * tabs (`PIN\tYYYY-MM-DD HH:MM:SS\tStatus\tVerify\tWorkcode\t…`, 2 to 12+ fields); legacy firmware
 * and some bridges use spaces (`1003 2026-01-05 08:04:00 0 1`); lines may end in CRLF. Dates and
 * times come in other forms too (`2026/11/11 08:01:00`, `2026-11-11T08:01:00`, `2026-11-11 08:01`,
 * `20261111080100`, `11/11/2026 08:01:00`); each is read as `YYYY-MM-DD` and `HH:MM:SS`. A line is
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

const two = (digits: string) => digits.padStart(2, '0');

/**
 * A date as clocks write it, as `YYYY-MM-DD` (not yet checked to exist): `2026-11-11`,
 * `2026/11/11`, or day and month before the year (`11/11/2026`, `13.11.2026`, `13-11-2026`). In the
 * latter a first part over 12 is the day, and a second part over 12 is the day too (the US order,
 * month first); when both are 12 or less the day comes first, the Albanian and European order.
 * `13/13/2026` stays impossible.
 */
function readDate(text: string): string | null {
  const ymd = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (ymd) return `${ymd[1]}-${two(ymd[2] ?? '')}-${two(ymd[3] ?? '')}`;
  const dmy = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/.exec(text);
  if (!dmy) return null;
  const [first, second] = [dmy[1] ?? '', dmy[3] ?? ''];
  const monthFirst = Number(first) <= 12 && Number(second) > 12;
  const [day, month] = monthFirst ? [second, first] : [first, second];
  return `${dmy[4]}-${two(month)}-${two(day)}`;
}

/** A time of day as `HH:MM:SS` (not yet checked to exist): `08:01:00`, `8:01:00`, `08:01` (no seconds). */
function readTime(text: string): string | null {
  const hms = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return hms ? `${two(hms[1] ?? '')}:${hms[2]}:${hms[3] ?? '00'}` : null;
}

/**
 * Date and time in one text: separated by spaces or an ISO `T` (`2026-11-11T08:01:00`), or 14
 * digits (`20261111080100`). Null when it is not written so.
 */
function readStamp(text: string): { date: string; time: string } | null {
  const digits = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (digits) return { date: `${digits[1]}-${digits[2]}-${digits[3]}`, time: `${digits[4]}:${digits[5]}:${digits[6]}` };
  const parts = /^([\d/.-]+)(?:T| +)([\d:]+)$/.exec(text.trim());
  const date = readDate(parts?.[1] ?? '');
  const time = readTime(parts?.[2] ?? '');
  return date && time ? { date, time } : null;
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

/**
 * A line that only names its table (`TABLE=ATTLOG`, as LAN agents write first): no record, skipped
 * without a trace.
 */
export function isTableHeader(line: string): boolean {
  return /^table=[A-Za-z_]+(?:[\t ].*)?$/i.test(line.trim());
}

/**
 * A clock's text as it may reach a text column: PostgreSQL refuses a NUL character in text, so one
 * is shown as ␀ (a line holding one is refused, and its raw text kept this way).
 */
export function withoutNul(text: string): string {
  return text.replaceAll('\0', '\u2400');
}

export const NUL_REASON = 'the line holds a NUL byte';

/** One non-empty ATTLOG line. */
export function parseAttlogLine(raw: string): AttlogLine {
  const line = raw.replace(/\r$/, '');
  if (line.includes('\0')) return { ok: false, raw: withoutNul(line), reason: NUL_REASON };
  const named = namedFields(line);
  const fields = named ? [] : fieldsOf(line);
  const pin = named ? (named.get('PIN') ?? '') : (fields[0] ?? '');
  if (!CLOCK_PIN.test(pin)) return { ok: false, raw: line, reason: 'the PIN is not 1 to 24 letters or digits' };
  // Date and time in one field (`YYYY-MM-DD HH:MM:SS` and the other forms of `readStamp`), or as two fields.
  const stamp = named ? (named.get('DATETIME') ?? named.get('TIME') ?? '') : (fields[1] ?? '');
  const when = readStamp(stamp) ?? (named ? null : readStamp(`${fields[1] ?? ''} ${fields[2] ?? ''}`));
  if (!when) {
    return {
      ok: false,
      raw: line,
      reason: 'no date and time written YYYY-MM-DD HH:MM:SS (or another form Puna reads)',
    };
  }
  if (!isRealDateTime(when.date, when.time)) return { ok: false, raw: line, reason: 'the date or time does not exist' };
  return { ok: true, pin, date: when.date, time: when.time };
}

/** Every non-blank line of an upload, in order (a `TABLE=…` header line is no line). */
export function parseAttlog(body: string): AttlogLine[] {
  return body
    .split('\n')
    .filter((line) => line.trim() !== '' && !isTableHeader(line))
    .map(parseAttlogLine);
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

const utf8 = new TextDecoder('utf-8', { fatal: true });
const gbk = new TextDecoder('gbk', { fatal: true });
/**
 * Windows-1252, what European firmware writes: Latin-1 with €, Š, Ž … at 0x80–0x9F, where Latin-1
 * has control codes (Node's own `windows-1252` decoder reads those bytes as Latin-1).
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const windows1252 = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) =>
    byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte),
  ).join('');

/**
 * Bytes that read as GB2312 Chinese (GBK's common part): every byte over 0x7F is half of a pair,
 * a lead 0xB0–0xF7 (the hanzi rows) and a trail 0xA1–0xFE. A Latin-1 name (`Gëzim`: ë then ASCII)
 * does not fit, since its accented letters stand alone between ASCII letters.
 */
function looksLikeGbk(bytes: Uint8Array): boolean {
  let pairs = 0;
  for (let at = 0; at < bytes.length; at += 1) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) continue;
    const trail = bytes[at + 1] ?? 0;
    if (lead < 0xb0 || lead > 0xf7 || trail < 0xa1 || trail > 0xfe) return false;
    pairs += 1;
    at += 1;
  }
  return pairs > 0;
}

/**
 * One line of a clock's text upload (user names), from its bytes: UTF-8 when the bytes are valid
 * UTF-8; else GBK when the clock says it writes Chinese (`gbk`) or the bytes read as Chinese
 * (`looksLikeGbk`); else Latin-1 (as Windows-1252), what European firmware writes.
 */
export function decodeClockLine(bytes: Uint8Array, hint?: 'gbk'): string {
  try {
    return utf8.decode(bytes);
  } catch {
    // Not UTF-8: one of the clocks' 8-bit encodings.
  }
  if (hint === 'gbk' || looksLikeGbk(bytes)) {
    try {
      return gbk.decode(bytes);
    } catch {
      // Not GBK either.
    }
  }
  return windows1252(bytes);
}

/** A text upload's lines, each decoded on its own (`decodeClockLine`): one clock may mix encodings. */
export function clockLines(body: string | Uint8Array, hint?: 'gbk'): string[] {
  if (typeof body === 'string') return body.split('\n');
  const lines: string[] = [];
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf(0x0a, start);
    if (end === -1) end = body.length;
    lines.push(decodeClockLine(body.subarray(start, end), hint));
    start = end + 1;
  }
  return lines;
}
