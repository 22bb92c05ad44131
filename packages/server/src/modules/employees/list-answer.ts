import { compareNames } from '@puna/domain';

/**
 * The employee list's answer (`GET /krye/employee`) as text, without an object per row (issue 37,
 * item 2). The old read had the driver parse every schedule (jsonb) into objects, copied each row
 * three times and serialized it all again: most of its CPU, and of its garbage.
 *
 * The database writes each row's JSON text around its schedule (`employeeListText` in service.ts),
 * exactly as the route's serializer writes the fields of the object the old read made
 * (`toEmployee`): the keys in `ZEmployee`'s order,
 * strings by `to_json` (which escapes what `JSON.stringify` escapes: `"`, `\`, the control
 * characters, \b \f \n \r \t short; stored text holds no lone surrogate), the salary by `trim_scale`
 * (numeric(12,2) without trailing zeros: the digits `String(Number(text))` gives for up to 12
 * significant digits, never an exponent) and the dates as the driver reads them (`::text`).
 *
 * The schedule comes as jsonb's own text, whose form is fixed (keys shortest first, then
 * bytewise; `": "` and `", "` between): a schedule in the normalised shape `readNormalSchedule`
 * reads (seven days, each switched off with empty times or on with two different step times) has
 * exactly the text `NORMAL` matches, and is rewritten in the answer's key order from the matched
 * times. Any other text (none is after migration 0020; `parseStoredSchedule` reads those, and a
 * day with a key more, which `readNormalSchedule` drops, is left to it too) makes the whole list
 * go the old way.
 */

/** A step time (`isTimeStep`: 00–23, minutes 00, 15, 30 or 45), or empty. */
const TIME = '((?:[01][0-9]|2[0-3]):(?:00|15|30|45)|)';
const DAY = `\\{"endTime": "${TIME}", "selected": (true|false), "startTime": "${TIME}"\\}`;
/** jsonb's order of the days (by length, then bytes), each day's end, selected and start captured. */
const STORED_ORDER = ['friday', 'monday', 'sunday', 'tuesday', 'saturday', 'thursday', 'wednesday'] as const;
const NORMAL = new RegExp(`^\\{${STORED_ORDER.map((day) => `"${day}": ${DAY}`).join(', ')}\\}$`);
/** The answer's order of the days, as the index of each in `STORED_ORDER`. */
const ANSWER_ORDER = [1, 3, 6, 5, 0, 4, 2] as const;
const ANSWER_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * A stored schedule's text (jsonb's) in the answer's form, `"null"` for none, or null when it is
 * not in the normalised shape.
 */
export function scheduleAnswerText(stored: string | null): string | null {
  if (stored === null) return 'null';
  const match = NORMAL.exec(stored);
  if (match === null) return null;
  let text = '{';
  for (let i = 0; i < 7; i += 1) {
    const at = 1 + 3 * (ANSWER_ORDER[i] as number);
    const end = match[at] as string;
    const selected = match[at + 1] as string;
    const start = match[at + 2] as string;
    // Off: both times empty; on: two times, not the same (`normalDay`).
    if (selected === 'false' ? start !== '' || end !== '' : start === '' || end === '' || start === end) return null;
    text += `${i === 0 ? '' : ','}"${ANSWER_DAYS[i]}":{"selected":${selected},"startTime":"${start}","endTime":"${end}"}`;
  }
  return `${text}}`;
}

/** A row of the list's read (`employeeListText` in service.ts): `[id, name, the JSON text before the schedule, the stored schedule's text, the JSON text after it]`. */
export type ListRow = [number, string, string, string | null, string, ...unknown[]];

/**
 * The employee list's answer as the route's serializer would write it, `{"Status":true,"Result":[…]}`,
 * sorted by name (`compareNames`, the id for equal names); null when a stored schedule is not in
 * the normalised shape, for the caller to answer the old way.
 */
export function listAnswerText(rows: ListRow[]): string | null {
  rows.sort((a, b) => compareNames(a[1], b[1]) || a[0] - b[0]);
  const parts: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const [, , before, stored, after] = rows[i] as ListRow;
    const schedule = scheduleAnswerText(stored);
    if (schedule === null) return null;
    parts[i] = before + schedule + after;
  }
  return `{"Status":true,"Result":[${parts.join(',')}]}`;
}
