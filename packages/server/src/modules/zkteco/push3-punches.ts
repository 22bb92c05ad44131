/**
 * Punches as push 3.x ("Security PUSH") firmware sends them, read into ATTLOG lines so they are
 * stored, deduplicated, windowed, refused and confirmed exactly like ATTLOG punches:
 *
 * - `POST /iclock/cdata?table=rtlog`: one event per line, tab-separated `key=value` fields
 *   (`time=2026-11-11 08:01:00\tpin=14\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=1\tindex=42`);
 * - `POST /iclock/cdata?table=tabledata&tablename=transaction` and the answer to a
 *   `DATA QUERY tablename=transaction` (`POST /iclock/querydata?…&tablename=transaction`): one record
 *   per line, the table's name first (`transaction cardno=…\tpin=14\tverified=1\tdoorid=1\teventtype=0\t
 *   inoutstate=0\ttime_second=<encoded>`); `time_second` is the protocol's time encoding (S appendix 5,
 *   12 months of 31 days from 2000), of the clock's local time;
 * - a `querydata` answer for `tablename=ATTLOG`: key=value lines as above, or positional ATTLOG lines,
 *   which pass through as they are.
 *
 * An event is a punch when a person was verified and let through (`PUNCH_EVENTS`); door, alarm and
 * refusal events (a door opened or closed, a denied or unregistered card, an alarm) and events of
 * no person (`pin` empty or `0`) are acknowledged and not stored. A line without an `event` (or
 * `eventtype`) field is an attendance record, a punch.
 */

/**
 * Access-control event codes that are a person verified and let through. From the real-time event
 * table of ZKTeco's access-control PUSH documents (0 normal verify open, 1 verify during passage
 * mode, 2 first-personnel open, 3 multi-personnel open); 14 to 19 (the fingerprint and card plus
 * fingerprint variants of those on older panels) as third-party readings of the same table list
 * them, not read in the vendor's own copy. Everything else (4 emergency password, 8 remote opening,
 * 20 to 48 refusals such as 27 unregistered personnel, 100+ alarms, 200+ door states) is no punch.
 */
export const PUNCH_EVENTS = new Set([0, 1, 2, 3, 14, 15, 16, 17, 18, 19]);

/** Tables whose uploads are punches in push 3.x form (lower case, as `tablename` names them). */
const PUNCH_TABLES = new Set(['rtlog', 'transaction', 'attlog']);

/**
 * Whether an upload is punches: `table=ATTLOG`, `table=rtlog`, or a `tabledata`/`querydata` upload
 * of the `transaction` or `ATTLOG` table. `tablename` is that query parameter.
 */
export function isPunchUpload(table: string | undefined, tablename: string | undefined): boolean {
  const name = (table ?? '').toLowerCase();
  if (name === 'tabledata') return PUNCH_TABLES.has((tablename ?? '').toLowerCase());
  return PUNCH_TABLES.has(name);
}

/**
 * The protocol's time encoding (Security PUSH, appendix 5): seconds from 2000 on a calendar of
 * 12 months of 31 days, of the UTC time.
 */
export function encodeClockTime(at: Date): number {
  const year = at.getUTCFullYear() - 2000;
  const days = (year * 12 + at.getUTCMonth()) * 31 + at.getUTCDate() - 1;
  return days * 86_400 + (at.getUTCHours() * 60 + at.getUTCMinutes()) * 60 + at.getUTCSeconds();
}

/** `time_second` (S appendix 5) → `YYYY-MM-DD HH:MM:SS`, or null for a value that is no time. */
export function decodeClockTime(encoded: string): string | null {
  if (!/^\d{1,12}$/.test(encoded)) return null;
  let rest = Number(encoded);
  const second = rest % 60;
  rest = Math.floor(rest / 60);
  const minute = rest % 60;
  rest = Math.floor(rest / 60);
  const hour = rest % 24;
  rest = Math.floor(rest / 24);
  const day = (rest % 31) + 1;
  rest = Math.floor(rest / 31);
  const month = (rest % 12) + 1;
  const year = Math.floor(rest / 12) + 2000;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
}

/** The fields of a key=value line by lower-case key, or null for a positional line. */
function keyedFields(line: string): Map<string, string> | null {
  // `transaction cardno=…`, `user uid=…`: the table's name before the first field.
  const text = line.replace(/^[A-Za-z_]+[ \t]+(?=[A-Za-z_]+=)/, '');
  const pairs = text.includes('\t') ? text.split('\t') : text.split(/,(?=\s*[A-Za-z_]+=)/);
  if (!/^\s*[A-Za-z_]+=/.test(pairs[0] ?? '')) return null;
  const fields = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    fields.set(pair.slice(0, at).trim().toLowerCase(), pair.slice(at + 1).trim());
  }
  return fields;
}

export type PunchUpload = {
  /** The punches as ATTLOG lines (`PIN\tYYYY-MM-DD HH:MM:SS`), positional lines passed through. */
  attlog: string;
  /** Non-blank lines in the upload (the clock's count, for its answer). */
  lines: number;
  /** Events acknowledged and not stored: no punch, or no person. */
  events: number;
};

/**
 * An upload of rtlog events, transaction records or ATTLOG answers, as ATTLOG lines. A punch whose
 * PIN or time is missing or malformed is kept as an ATTLOG line all the same, so the ATTLOG parser
 * refuses it with its reason (shown under Problemet); nothing is dropped without a trace.
 */
export function punchesAsAttlog(body: string): PunchUpload {
  const out: string[] = [];
  let lines = 0;
  let events = 0;
  for (const raw of body.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') continue;
    lines += 1;
    const fields = keyedFields(line);
    if (!fields) {
      out.push(line);
      continue;
    }
    const event = fields.get('event') ?? fields.get('eventtype');
    const pin = fields.get('pin') ?? '';
    if (event !== undefined && !(/^\d+$/.test(event) && PUNCH_EVENTS.has(Number(event)))) {
      events += 1;
      continue;
    }
    // A door opened by a card no one holds, a button, a remote command: no person punched.
    if (pin === '' || /^0+$/.test(pin)) {
      events += 1;
      continue;
    }
    const encoded = fields.get('time_second');
    const time =
      fields.get('time') ??
      fields.get('datetime') ??
      (encoded === undefined ? '' : (decodeClockTime(encoded) ?? encoded));
    out.push(`${pin}\t${time}`);
  }
  return { attlog: out.join('\n'), lines, events };
}
