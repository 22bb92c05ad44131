// The limit for the reads suite: a bare `node:http` handler (no framework, no plugins) doing the
// work Puna does for each read — the session looked up by the SHA-256 of its token with the same
// SQL, the same queries drizzle issues (copied from a query log of the built server), the same
// domain rules on the rows (sorting by `compareNames`, weekday names, `computeMonthPay`), and
// `JSON.stringify` — and nothing else. Its answers are byte-for-byte Puna's (the suite checks).
// Stored rows go out as stored: the schedules (normalised when written, issue 37) are not parsed,
// only their keys put in the answer's order.
//
// Run as `node bare-server.mjs <job JSON>`: `{ databaseUrl }` (node-postgres, a pool of 10 like the
// server's) or `{ dataDir }` (PGlite in a stopped server's data folder), and `domain`, the path of
// the domain bundle (`lib/bare-domain.mjs`). Listens on a free port and prints it.
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPool } from './postgres.mjs';

/** @typedef {{ databaseUrl?: string | null, dataDir?: string, domain: string }} BareJob */
/** @type {BareJob} */
const job = JSON.parse(process.argv[2] ?? '{}');
/** @type {any} the domain bundle: untyped JavaScript made by esbuild */
const domain = await import(pathToFileURL(job.domain).href);

/**
 * One query; rows as objects, or as arrays (`arrays`) where columns share a name, as drizzle reads them.
 * @type {(text: string, values: unknown[], arrays?: boolean) => Promise<any[]>}
 */
let query;
/** @type {() => Promise<void>} */
let closeDb;
/**
 * `date` columns stay `YYYY-MM-DD` strings, as drizzle reads them (its `date` columns' string mode);
 * on node-postgres drizzle also reads timestamps as text and makes the Date itself (`new Date(text)`,
 * which truncates microseconds where node-postgres' own parser rounds them).
 */
const DATE_OID = 1082;
const TIMESTAMP_OIDS = new Set([1114, 1184]);
/** @param {string} value */
const asText = (value) => value;
if (job.databaseUrl) {
  const types = {
    getTypeParser: (/** @type {number} */ oid, /** @type {any} */ format) =>
      oid === DATE_OID || TIMESTAMP_OIDS.has(oid) ? asText : pg.types.getTypeParser(oid, format),
  };
  const pool = openPool({ connectionString: job.databaseUrl, max: 10, types });
  query = async (text, values, arrays = false) =>
    arrays ? (await pool.query({ text, values, rowMode: 'array' })).rows : (await pool.query(text, values)).rows;
  closeDb = () => pool.end();
} else {
  const db = await PGlite.create({
    dataDir: path.join(/** @type {string} */ (job.dataDir), 'pglite'),
    parsers: { [DATE_OID]: asText },
    // The buffer pool Puna gives PGlite (PGLITE_SHARED_BUFFERS in packages/server/src/db/client.ts).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  query = async (text, values, arrays = false) =>
    (await db.query(text, values, arrays ? { rowMode: 'array' } : {})).rows;
  closeDb = () => db.close();
}

const SESSION_SQL =
  'select "sessions"."id", "sessions"."remember_me", "sessions"."expires_at", "sessions"."impersonator_user_id", "users"."id", "users"."email", "users"."kind", "users"."is_verified", "users"."employer_id", "users"."employee_id", "employers"."company_name", "employers"."type", "employers"."time_zone", "employees"."name" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" left join "employers" on "employers"."id" = "users"."employer_id" left join "employees" on "employees"."id" = "users"."employee_id" left join "sessions" "admin_sessions" on "admin_sessions"."id" = "sessions"."impersonator_session_id" where ("sessions"."token_hash" = $1 and ("sessions"."revoked_at" is null and "sessions"."expires_at" > $2 and ("sessions"."impersonator_user_id" is null or ("admin_sessions"."revoked_at" is null and "admin_sessions"."expires_at" > $3)))) limit $4';
const EMPLOYEES_SQL =
  'select "employees"."id", "employees"."name", "employees"."salary", "employees"."wages", "employees"."role", "employees"."schedule", "employees"."employer_id", "users"."email", "employees"."rfid", "employees"."personal_id", "employees"."start_date"::text as start_date, "employees"."end_date"::text as end_date from "employees" left join "users" on "users"."employee_id" = "employees"."id" where "employees"."employer_id" = $1 and ("employees"."end_date" is null or "employees"."end_date" > (select (now() at time zone "employers"."time_zone")::date from "employers" where "employers"."id" = "employees"."employer_id"))';
const ENTRIES_SQL =
  'select "id", "worker_id", "data", "ora", "employer_id" from "hours_entries" where ("hours_entries"."employer_id" = $1 and "hours_entries"."data" between $2 and $3)';
const PAYEES_SQL =
  'select "id", "name", "role", "wages", "salary" from "employees" where "employees"."employer_id" = $1';
const PLAN_SQL = 'select "type", "list_type" from "employers" where "employers"."id" = $1 limit $2';
const HOURS_BY_WORKER_SQL =
  'select "worker_id", "ora", count(*)::int from "hours_entries" where ("hours_entries"."employer_id" = $1 and "hours_entries"."data" between $2 and $3) group by "hours_entries"."worker_id", "hours_entries"."ora"';
const CARDS_SQL = 'select "id", "name", "rfid" from "employees" where "employees"."employer_id" = $1';
// The worker days the database keeps (`scan_days`, kept by triggers on the scans): one row per date,
// its workers' days in one text (`employee_id,first,last,scan_count` joined by ';' in worker order),
// as Puna's rfid/days.ts.
const SCANNED_DAYS_SQL =
  'select "scan_days"."day"::text as date, string_agg("scan_days"."summary", \';\' order by "scan_days"."employee_id") as days from "scan_days" where ("scan_days"."employer_id" = $1 and "scan_days"."day" between $2 and $3) group by "scan_days"."day" order by "scan_days"."day"';
const CORRECTIONS_SQL =
  'select "id", "employer_id", "employee_id", "date", "first_time", "last_time", "deleted", "origin", "actor_user_id", "updated_at" from "scan_corrections" where ("scan_corrections"."employer_id" = $1 and "scan_corrections"."date" between $2 and $3)';
// The day marks' reads (docs/product.md#marks) and the approved leave beside a day's list.
const HISTORY_SQL =
  'select "employee_id", "effective_from", "schedule" from "employee_schedules" where ("employee_schedules"."employer_id" = $1 and "employee_schedules"."employee_id" = any($2)) order by "employee_schedules"."employee_id" asc, "employee_schedules"."effective_from" asc';
const LEAVE_SQL =
  'select "leave_requests"."id", "leave_requests"."employee_id", "leave_requests"."from_date", "leave_requests"."to_date", "leave_types"."id", "leave_types"."name", "leave_types"."kind", "leave_types"."paid" from "leave_requests" inner join "leave_types" on "leave_types"."id" = "leave_requests"."type_id" where ("leave_requests"."employer_id" = $1 and "leave_requests"."status" = $2 and "leave_requests"."from_date" <= $3 and "leave_requests"."to_date" >= $4)';
const COMPANY_DAYS_SQL =
  'select "id", "date", "name" from "company_holidays" where ("company_holidays"."employer_id" = $1 and "company_holidays"."date" >= $2 and "company_holidays"."date" <= $3) order by "company_holidays"."date" asc';
const SETTINGS_SQL =
  'select "jurisdiction", "attendance_tolerance_minutes" from "employers" where "employers"."id" = $1 limit $2';
const STARTS_SQL =
  'select "id", "name", "schedule", to_char("created_at" at time zone $2, \'YYYY-MM-DD\') from "employees" where "employees"."employer_id" = $1';
const MEMBER_SQL =
  'select "chats"."id" from "chat_members" inner join "chats" on "chats"."id" = "chat_members"."chat_id" where ("chat_members"."chat_id" = $1 and ("chat_members"."member_type" = $2 and "chat_members"."member_id" = $3) and "chats"."employer_id" = $4)';
const MESSAGES_SQL =
  'select "id", "chat_id", "employer_id", "sender_type", "sender_id", "sender_name", "client_message_id", "content", "created_at" from "messages" where "messages"."chat_id" = $1 order by "messages"."id" desc limit $2';

/** The names of some employees, the ids as one array value, as Puna's employees service asks. */
const NAMES_SQL =
  'select "id", "name" from "employees" where ("employees"."employer_id" = $1 and "employees"."id" = any($2))';

/** @param {{ name: string, id: number }} a @param {{ name: string, id: number }} b */
const byName = (a, b) => domain.compareNames(a.name, b.name) || a.id - b.id;

/**
 * The live session of the request's cookie: `{ kind, userId, employerId, employeeId, premium, timeZone }`.
 * @param {http.IncomingMessage} req
 */
async function sessionOf(req) {
  const token = /(?:^|;\s*)puna_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const now = new Date();
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await query(SESSION_SQL, [hash, now, now, 1], true);
  if (!row) return null;
  return { kind: row[6], userId: row[4], employerId: row[8], premium: row[11] === 'premium', timeZone: row[12] };
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/**
 * A stored schedule as stored (Puna stores them normalised, issue 37), its keys in the answer's
 * order: jsonb gives them back shortest first, and `JSON.stringify` writes them as they come.
 * @param {any} stored
 */
function inAnswerOrder(stored) {
  if (stored === null) return null;
  /** @type {Record<string, { selected: boolean, startTime: string, endTime: string }>} */
  const schedule = {};
  for (const day of DAYS) {
    const { selected, startTime, endTime } = stored[day];
    schedule[day] = { selected, startTime, endTime };
  }
  return schedule;
}

/** @param {number} employerId */
async function employeesOf(employerId) {
  const rows = await query(EMPLOYEES_SQL, [employerId]);
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      salary: Number(row.salary),
      wages: row.wages,
      role: row.role,
      schedule: inAnswerOrder(row.schedule),
      employer_id: row.employer_id,
      email: row.email,
      rfid: row.rfid,
      personal_id: row.personal_id,
      start_date: row.start_date,
      end_date: row.end_date,
    }))
    .sort(byName);
}

/** @param {number} employerId @param {number[]} ids */
async function namesOf(employerId, ids) {
  if (ids.length === 0) return new Map();
  const rows = await query(NAMES_SQL, [employerId, ids]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** @param {number} employerId @param {string} date */
async function dayList(employerId, date) {
  const stored = await query(ENTRIES_SQL, [employerId, date, date]);
  const names = await namesOf(employerId, [...new Set(stored.map((row) => row.worker_id))]);
  return stored
    .flatMap((row) => {
      const name = names.get(row.worker_id);
      return name === undefined ? [] : [{ ...row, name }];
    })
    .sort(
      (a, b) =>
        domain.compareNames(a.name, b.name) ||
        a.worker_id - b.worker_id ||
        (a.data < b.data ? -1 : a.data > b.data ? 1 : 0),
    )
    .map((row) => ({
      id: row.id,
      worker_id: row.worker_id,
      name: row.name,
      data: row.data,
      dita: domain.weekdayName(row.data),
      ora: Number(row.ora),
      employer_id: row.employer_id,
    }));
}

/** @param {number} employerId @param {string} month */
async function paySummary(employerId, month) {
  const range = domain.monthRange(month);
  // The plan, the payees and the entered hours at once, as Puna's pay service reads them.
  const [[plan], payees, grouped] = await Promise.all([
    query(PLAN_SQL, [employerId, 1]),
    query(PAYEES_SQL, [employerId]),
    query(HOURS_BY_WORKER_SQL, [employerId, range.from, range.to], true),
  ]);
  if (plan && domain.hoursComeFromScans(plan.type, plan.list_type)) {
    throw new Error('the bare handler computes pay from entered hours only (the bench employer keeps them)');
  }
  const employees = payees
    .map((row) => ({ id: row.id, name: row.name, role: row.role, wages: row.wages, salary: Number(row.salary) }))
    .sort(byName);
  /** @type {Map<number, number[]>} */
  const hours = new Map();
  for (const [workerId, ora, days] of grouped) {
    let list = hours.get(workerId);
    if (!list) {
      list = [];
      hours.set(workerId, list);
    }
    for (let day = 0; day < days; day += 1) list.push(Number(ora));
  }
  return employees.map((employee) => {
    const pay = domain.computeMonthPay({
      wages: employee.wages,
      salary: employee.salary,
      month,
      hours: hours.get(employee.id) ?? [],
    });
    return {
      id: employee.id,
      name: employee.name,
      role: employee.role,
      wages: employee.wages,
      salary: employee.salary,
      totalHours: pay.totalHours,
      countedDays: pay.countedDays,
      workingDays: pay.workingDays,
      pay: pay.pay,
      gross: pay.gross,
    };
  });
}

/**
 * The scanned days of a range (no corrections in the bench's data, but they are read and applied as Puna does).
 * @param {number} employerId @param {string} from @param {string} to
 */
async function scannedDaysOf(employerId, from, to) {
  const rows = await query(SCANNED_DAYS_SQL, [employerId, from, to], true);
  /** @type {Map<string, { employeeId: number, date: string, firstScanTime: string, lastScanTime: string, scanCount: number, corrected: boolean, origin: string | null, missingCheckout: boolean, hours: number }>} */
  const days = new Map();
  for (const [day, text] of rows) {
    for (const worker of text.split(';')) {
      const [id, first, last, count] = worker.split(',');
      const employeeId = Number(id);
      days.set(`${employeeId}|${day}`, {
        employeeId,
        date: day,
        firstScanTime: first,
        lastScanTime: last,
        scanCount: Number(count),
        corrected: false,
        origin: null,
        missingCheckout: Number(count) === 1,
        hours: domain.hoursBetweenScans(first, last),
      });
    }
  }
  for (const correction of await query(CORRECTIONS_SQL, [employerId, from, to])) {
    const key = `${correction.employee_id}|${correction.date}`;
    if (correction.deleted) {
      days.delete(key);
      continue;
    }
    const first = `${correction.first_time ?? '00:00'}:00`;
    const last = `${correction.last_time ?? correction.first_time ?? '00:00'}:00`;
    days.set(key, {
      employeeId: correction.employee_id,
      date: correction.date,
      firstScanTime: first,
      lastScanTime: last,
      scanCount: days.get(key)?.scanCount ?? 0,
      corrected: true,
      origin: correction.origin,
      missingCheckout: false,
      hours: domain.hoursBetweenScans(first, last),
    });
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.employeeId - b.employeeId));
}

/**
 * Who scanned on a date, corrections applied, with each row's mark (docs/product.md#marks).
 * @param {{ employerId: number, timeZone: string }} session
 * @param {string} date
 */
async function rfidDay(session, date) {
  const { employerId, timeZone } = session;
  const sorted = await scannedDaysOf(employerId, date, date);
  const today = domain.todayIn(timeZone);
  const ids = sorted.map((day) => day.employeeId);
  // The employees' names come with their schedules and first days (one read), as Puna's marks do.
  const { names, marks } = await marksOn(session, timeZone, date, ids);
  return sorted
    .map((day) => ({
      id: day.employeeId,
      name: names.get(day.employeeId) ?? '',
      date: day.date,
      day: domain.weekdayName(day.date),
      firstScanTime: day.firstScanTime,
      lastScanTime: day.lastScanTime,
      scanCount: day.scanCount,
      missingCheckout: day.missingCheckout,
      hours: day.hours,
      corrected: day.corrected,
      atWork: domain.isStillAtWork(day, today),
      correction_origin: day.origin,
      ...marks.get(day.employeeId),
    }))
    .sort(byName);
}

/**
 * Approved leave on the days of a range, one row per worker and day (modules/leave/days.ts).
 * @param {number} employerId @param {string} from @param {string} to
 */
async function leaveDaysOf(employerId, from, to) {
  const rows = await query(LEAVE_SQL, [employerId, 'approved', to, from], true);
  /** @type {{ employeeId: number, date: string, typeName: string, paid: boolean }[]} */
  const days = [];
  for (const [, employeeId, fromDate, toDate, , typeName, , paid] of rows) {
    // ISO dates compare as text: the leave's part inside the range.
    const first = [fromDate, from].sort()[1];
    const last = [toDate, to].sort()[0];
    for (let date = first; date <= last; date = domain.addDays(date, 1))
      days.push({ employeeId, date, typeName, paid });
  }
  return days.sort((a, b) => (a.date === b.date ? a.employeeId - b.employeeId : a.date < b.date ? -1 : 1));
}

/** The workers on approved leave on a date, as `on_leave` beside a day's list. @param {number} employerId @param {string} date */
async function onLeave(employerId, date) {
  const days = await leaveDaysOf(employerId, date, date);
  const names = await namesOf(employerId, [...new Set(days.map((day) => day.employeeId))]);
  return days
    .flatMap((day) => {
      const name = names.get(day.employeeId);
      return name === undefined
        ? []
        : [{ worker_id: day.employeeId, name, date: day.date, type: day.typeName, paid: day.paid }];
    })
    .sort(
      (a, b) =>
        domain.compareNames(a.name, b.name) ||
        a.worker_id - b.worker_id ||
        (a.date < b.date ? -1 : a.date > b.date ? 1 : 0),
    );
}

/**
 * Each scanned worker's mark on a date (modules/rfid/marks.ts): the scanned days around it, the
 * schedule histories, leave, holidays and company days, the tolerance, and each worker's first day.
 * @param {{ employerId: number }} session @param {string} timeZone @param {string} date @param {number[]} ids
 */
async function marksOn(session, timeZone, date, ids) {
  const { employerId } = session;
  const [wide, historyRows, leaveDays, companyDays, [settings], starts] = await Promise.all([
    scannedDaysOf(employerId, domain.addDays(date, -1), domain.addDays(date, 1)),
    query(HISTORY_SQL, [employerId, ids], true),
    leaveDaysOf(employerId, date, date),
    query(COMPANY_DAYS_SQL, [employerId, date, date], true),
    query(SETTINGS_SQL, [employerId, 1], true),
    query(STARTS_SQL, [employerId, timeZone], true),
  ]);
  /** @type {Map<number, { effectiveFrom: string, schedule: unknown }[]>} */
  const histories = new Map();
  for (const [employeeId, effectiveFrom, schedule] of historyRows) {
    const list = histories.get(employeeId) ?? [];
    list.push({ effectiveFrom, schedule });
    histories.set(employeeId, list);
  }
  const holidays = new Set(companyDays.map((row) => row[1]));
  for (const holiday of domain.holidaysOf(settings?.[0] ?? 'XK', Number(date.slice(0, 4))).holidays) {
    if (holiday.dayOff) holidays.add(holiday.date);
  }
  /** @type {Map<number, { date: string, minutes: number }[]>} */
  const clocks = new Map();
  const minutesOf = (/** @type {string} */ time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  for (const day of wide) {
    const list = clocks.get(day.employeeId) ?? [];
    list.push({ date: day.date, minutes: minutesOf(day.firstScanTime) });
    if (day.scanCount > 1 || day.corrected) list.push({ date: day.date, minutes: minutesOf(day.lastScanTime) });
    clocks.set(day.employeeId, list);
  }
  /** @type {Map<number, Map<string, string>>} */
  const leave = new Map();
  for (const day of leaveDays) {
    const own = leave.get(day.employeeId) ?? new Map();
    own.set(day.date, day.typeName);
    leave.set(day.employeeId, own);
  }
  const wanted = new Set(ids);
  const now = domain.localClockOf(new Date(), timeZone);
  /** @type {Map<number, object>} */
  const marks = new Map();
  /** @type {Map<number, string>} */
  const names = new Map();
  for (const [id, name, schedule, createdOn] of starts) {
    if (!wanted.has(id)) continue;
    names.set(id, name);
    const history = histories.get(id);
    const first = history?.[0]?.effectiveFrom;
    const [mark] = domain.dayMarks({
      from: date,
      to: date,
      history,
      schedule,
      clocks: clocks.get(id) ?? [],
      leave: leave.get(id),
      holidays,
      toleranceMinutes: settings?.[1],
      now,
      since: first === undefined || first === domain.SCHEDULE_HISTORY_START ? createdOn : first,
    });
    if (mark && mark.first !== null) marks.set(id, domain.dayMarkToWire(mark));
  }
  return { marks, names };
}

/** @param {{ employerId: number }} session @param {number} chatId @param {number} limit */
async function chatMessages(session, chatId, limit) {
  const member = await query(MEMBER_SQL, [chatId, 'employer', session.employerId, session.employerId]);
  if (member.length === 0) return null;
  const rows = await query(MESSAGES_SQL, [chatId, limit]);
  // `id` is a bigserial: node-postgres reads int8 as text, drizzle's number mode as a number.
  return rows.map((row) => ({
    id: Number(row.id),
    chat_id: row.chat_id,
    sender_id: row.sender_id,
    sender_type: row.sender_type,
    sender_name: row.sender_name,
    content: row.content,
    created_at: new Date(row.created_at).toISOString(),
    messageId: row.client_message_id,
  }));
}

/**
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://bare');
  const session = await sessionOf(req);
  if (!session) return send(res, 401, { Status: false, Error: 'unauthorized' });
  if (session.kind !== 'employer') return send(res, 403, { Status: false, Error: 'forbidden' });
  const { employerId } = session;
  const param = (/** @type {string} */ name) => url.searchParams.get(name) ?? '';
  /** @type {unknown} */
  let result;
  /** @type {unknown} */
  let leave;
  const chat = /^\/chat\/chats\/(\d+)\/messages$/.exec(url.pathname);
  if (url.pathname === '/krye/employee') result = await employeesOf(employerId);
  else if (url.pathname === '/krye/klista') {
    [result, leave] = await Promise.all([dayList(employerId, param('date')), onLeave(employerId, param('date'))]);
  } else if (url.pathname === '/krye/pay') result = await paySummary(employerId, param('month'));
  else if (url.pathname === '/krye/listarfid' || url.pathname === '/krye/rfid_day') {
    if (!session.premium) return send(res, 403, { Status: false, Error: 'premium' });
    result =
      url.pathname === '/krye/listarfid'
        ? (await query(CARDS_SQL, [employerId])).sort(byName)
        : await rfidDay(session, param('date'));
    if (url.pathname === '/krye/rfid_day') leave = await onLeave(employerId, param('date'));
  } else if (chat) {
    result = await chatMessages(session, Number(chat[1]), Number(param('limit') || 50));
    if (result === null) return send(res, 404, { Status: false, Error: 'not found' });
  } else return send(res, 404, { Status: false, Error: 'not found' });
  send(
    res,
    200,
    leave === undefined ? { Status: true, Result: result } : { Status: true, Result: result, on_leave: leave },
  );
}

const server = http.createServer({ keepAliveTimeout: 72_000 }, (req, res) => {
  handle(req, res).catch((error) => send(res, 500, { Status: false, Error: String(error) }));
});
server.listen(0, '127.0.0.1', () => {
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`listening on ${address.port}`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  closeDb().then(() => process.exit(0));
});
