import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { correctionRequests, messages, scanPhotos, scans as scanRows } from '../../src/db/schema';
import { createAdmin } from '../helpers/admin-factories';
import type { TestContext } from '../helpers/app';
import { createTestApp, generousLimits } from '../helpers/app';
import { createChat } from '../helpers/chat-factories';
import { createPremiumWorkspace, deviceCall, newDeviceId, registerDevice } from '../helpers/device-factories';
import { bearer } from '../helpers/factories';
import { PAYPAL_PLAN_ID, type PaypalStandIn, startPaypalStandIn } from '../helpers/paypal-stand-in';
import { addEmployee, addHours, addRole, call, createWorker } from '../helpers/workspace-factories';

/** Who makes a request in the abuse suites. */
export type Actor = 'anonymous' | 'employerA' | 'workerA' | 'employerB' | 'workerB' | 'admin';

/** Text only employer A's data holds: an answer to anyone but A (or the admin) must not contain it. */
export const A_MARKER = 'Alfa-Sekret';
export const DAY = '2025-03-04';
/** A month employer A closed (the reopen route's target). */
export const CLOSED_MONTH_A = '2025-02';
/** A Monday in an open month of A's: WA2's pending leave. */
export const LEAVE_DAY_A = '2025-03-10';
export const CARD_A = 'A1B2C3D4';
export const UNKNOWN_CARD_A = 'FFEEDDCC';
export const PUSH_ENDPOINT_A = 'https://push.example.test/alfa';
/** A's roster week, far ahead (claims and swaps need a shift from today on): its Monday and ISO week. */
export const ROSTER_DAY_A = '2031-01-07';
export const ROSTER_WEEK_A = '2031-W02';
/** A's workplace: a phone punch here is inside it. */
export const WORKPLACE_A = { lat: 41.3275, lng: 19.8187 };

/**
 * Two premium employers with everything a route can address: employer A with employees (one
 * without a login, workers WA and WA2), a role, hours, a device, a ZKTeco clock, a group, a card
 * with scans, a chat with WA2 holding a message and a PayPal subscription; employer B with worker
 * WB and a device of its own; a platform admin; and a contact message.
 */
export async function buildWorld() {
  const paypal = await startPaypalStandIn();
  const ctx = await createTestApp(paypal.env, {
    limits: generousLimits(),
  });
  const a = await createPremiumWorkspace(ctx, `${A_MARKER} Company`);
  const b = await createPremiumWorkspace(ctx, 'Beta Company');
  const admin = await createAdmin(ctx);

  await addRole(ctx, a.token, `${A_MARKER} Role`);
  const plain = await addEmployee(ctx, a.token, { name: `${A_MARKER} Plain` });
  const wa = await createWorker(ctx, a.token, { name: `${A_MARKER} Worker` });
  const wa2 = await createWorker(ctx, a.token, { name: `${A_MARKER} Other` });
  const wb = await createWorker(ctx, b.token, { name: 'Beta Worker' });
  const hours = await addHours(ctx, a.token, [
    { worker_id: plain.id, data: DAY, ora: 8 },
    { worker_id: wa.employee.id, data: DAY, ora: 7 },
    { worker_id: wa2.employee.id, data: DAY, ora: 6 },
  ]);
  await call(ctx, a.token, 'PUT', `/krye/edit_employee/${plain.id}`, {
    name: plain.name,
    salary: plain.salary,
    wages: plain.wages,
    role: plain.role,
    rfid: CARD_A,
  });
  const deviceA = await registerDevice(ctx, a.token, { name: `${A_MARKER} Door` });
  const clockA = await registerDevice(ctx, a.token, { device_id: `ZK${Date.now()}`, protocol: 'zkteco' });
  const deviceB = await registerDevice(ctx, b.token, { name: 'Beta Door' });
  const scans = await deviceCall(ctx, deviceA, '/device/v1/scans', {
    scans: [
      { seq: 1, uid: CARD_A, ts: `${DAY}T08:00:00+01:00` },
      { seq: 2, uid: CARD_A, ts: `${DAY}T16:00:00+01:00` },
      { seq: 3, uid: UNKNOWN_CARD_A, ts: `${DAY}T09:00:00+01:00` },
    ],
  });
  if (scans.statusCode !== 200) throw new Error(`scans failed: ${scans.body}`);
  const group = await call(ctx, a.token, 'POST', '/api/group-devices', {
    name: `${A_MARKER} Group`,
    devices: [{ device_id: deviceA.device_id }],
  });
  const groupId = group.json<{ Result: { id: number } }>().Result.id;
  const chat = await createChat(ctx, a.token, [wa2.employee.id]);
  await ctx.app.db.insert(messages).values({
    chatId: chat.id,
    employerId: a.employerId,
    senderType: 'employer',
    senderId: a.employerId,
    senderName: `${A_MARKER} Company`,
    content: `${A_MARKER} message`,
  });
  const rules = await call(ctx, a.token, 'PUT', '/krye/labour-settings', { apply_labour_rules: true });
  if (rules.statusCode !== 200) throw new Error(`labour settings failed: ${rules.body}`);
  const closed = await call(ctx, a.token, 'POST', `/krye/months/${CLOSED_MONTH_A}/close`);
  if (closed.statusCode !== 200) throw new Error(`closing a month failed: ${closed.body}`);
  const companyDay = await call(ctx, a.token, 'POST', '/krye/holidays', { date: DAY, name: `${A_MARKER} Day` });
  if (companyDay.statusCode !== 201) throw new Error(`company day failed: ${companyDay.body}`);
  const leaveType = await call(ctx, a.token, 'POST', '/krye/leave-types', {
    name: `${A_MARKER} Leave`,
    paid: true,
    needs_approval: true,
  });
  if (leaveType.statusCode !== 201) throw new Error(`leave type failed: ${leaveType.body}`);
  const leaveTypeA = leaveType.json<{ Result: { id: number } }>().Result.id;
  // WA2's pending leave: WA may not cancel it, B may not decide it.
  const leave = await call(ctx, wa2.token, 'POST', '/krye/worker/me/leave', {
    from: LEAVE_DAY_A,
    to: LEAVE_DAY_A,
    type: leaveTypeA,
    note: `${A_MARKER} Other leave`,
  });
  if (leave.statusCode !== 201) throw new Error(`leave request failed: ${leave.body}`);
  const push = await call(ctx, a.token, 'POST', '/auth/push-subscription', {
    subscription: { endpoint: PUSH_ENDPOINT_A, keys: { p256dh: 'alfa-key', auth: 'alfa-auth' } },
  });
  if (push.statusCode >= 300) throw new Error(`push subscription failed: ${push.body}`);
  // A pending "I forgot to scan" of WA, written as the route stores it.
  const [correctionA] = await ctx.app.db
    .insert(correctionRequests)
    .values({ employerId: a.employerId, employeeId: wa.employee.id, date: DAY, kind: 'out', time: '16:00' })
    .returning({ id: correctionRequests.id });
  // A's roster: WA2's published shift, offered to the employee without a login (WA may not accept
  // it), and a published open shift WA2 has claimed (B may not decide the claim).
  const plan = async (body: Record<string, unknown>) => {
    const res = await call(ctx, a.token, 'POST', '/krye/shifts', { date: ROSTER_DAY_A, ...body });
    if (res.statusCode !== 201) throw new Error(`shift failed: ${res.body}`);
    return res.json<{ Result: { id: number } }>().Result.id;
  };
  const shiftOfOtherA = await plan({
    employee_id: wa2.employee.id,
    start: '06:00',
    end: '14:00',
    note: `${A_MARKER} Other shift`,
  });
  const openShiftA = await plan({ employee_id: null, start: '14:00', end: '22:00', note: `${A_MARKER} Open shift` });
  const publish = await call(ctx, a.token, 'POST', '/krye/shifts/publish', { from: ROSTER_DAY_A, to: ROSTER_DAY_A });
  if (publish.statusCode !== 200) throw new Error(`publish failed: ${publish.body}`);
  const offer = await call(ctx, wa2.token, 'POST', `/krye/worker/me/shifts/${shiftOfOtherA}/swap`, {
    employee_id: plain.id,
  });
  if (offer.statusCode !== 201) throw new Error(`swap offer failed: ${offer.body}`);
  const claimOfOtherA = await call(ctx, wa2.token, 'POST', `/krye/worker/me/shifts/${openShiftA}/claim`);
  if (claimOfOtherA.statusCode !== 201) throw new Error(`claim failed: ${claimOfOtherA.body}`);
  // A's phone clock: punches on, a workplace on the square, and WA2's flagged punch with a photo.
  const phoneOn = await call(ctx, a.token, 'PUT', '/krye/phone-clock-settings', { phone_punches: true });
  if (phoneOn.statusCode !== 200) throw new Error(`phone clock settings failed: ${phoneOn.body}`);
  const workplace = await call(ctx, a.token, 'POST', '/krye/locations', {
    name: `${A_MARKER} Workplace`,
    ...WORKPLACE_A,
    radius_m: 100,
  });
  if (workplace.statusCode !== 201) throw new Error(`workplace failed: ${workplace.body}`);
  const [punchA] = await ctx.app.db
    .insert(scanRows)
    .values({
      employerId: a.employerId,
      employeeId: wa2.employee.id,
      uid: 'phone',
      origin: 'phone',
      clientId: '6f1d2c3b-4a5e-4f70-8a9b-0c1d2e3f4a5b',
      scannedAt: new Date(`${DAY}T12:00:00+01:00`),
      lat: WORKPLACE_A.lat + 0.01,
      lng: WORKPLACE_A.lng,
      accuracyM: 20,
      distanceM: 1112,
      flags: ['outside'],
    })
    .returning({ id: scanRows.id });
  if (!punchA) throw new Error('storing the phone punch failed');
  await ctx.app.db.insert(scanPhotos).values({
    scanId: punchA.id,
    employerId: a.employerId,
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x41, 0x6c, 0x66, 0x61, 0xff, 0xd9]),
  });
  const contact = await ctx.app.inject({
    method: 'POST',
    url: '/contact',
    payload: { name: 'Visitor', email: 'visitor@example.test', message: 'Hello there' },
  });
  if (contact.statusCode !== 201) throw new Error(`contact failed: ${contact.body}`);
  const contactRow = await ctx.app.db.query.contactMessages.findFirst();
  const subscriptionId = 'I-ALFA0000001';
  paypal.subscriptions.set(subscriptionId, {
    id: subscriptionId,
    status: 'ACTIVE',
    plan_id: PAYPAL_PLAN_ID,
    custom_id: String(a.employerId),
  });
  const confirmed = await call(ctx, a.token, 'GET', `/api/paypal/subscription/${subscriptionId}`);
  if (confirmed.statusCode !== 200) throw new Error(`subscription failed: ${confirmed.body}`);

  const tokens: Record<Exclude<Actor, 'anonymous'>, string> = {
    employerA: a.token,
    workerA: wa.token,
    employerB: b.token,
    workerB: wb.token,
    admin: admin.token,
  };
  return {
    ctx,
    paypal,
    tokens,
    /** Strings only A's data holds (and A's e-mail): no answer to another tenant may contain one. */
    markers: [A_MARKER, CARD_A, UNKNOWN_CARD_A, a.email, wa.email, wa2.email],
    /** What worker WA must not see of its colleague WA2. */
    colleagueMarkers: [wa2.email, `${A_MARKER} Other`, `${A_MARKER} message`],
    ids: {
      employerA: a.employerId,
      employerB: b.employerId,
      plainEmployee: plain.id,
      workerA: wa.employee.id,
      otherWorkerA: wa2.employee.id,
      hoursOfPlain: hours[0]?.id ?? 0,
      hoursOfOtherWorker: hours[2]?.id ?? 0,
      deviceA: deviceA.device_id,
      /** Employer A's device credentials, as `Authorization: Device <id>:<secret>`. */
      deviceAuthA: `Device ${deviceA.device_id}:${deviceA.secret}`,
      clockA: clockA.device_id,
      deviceB,
      workerB: wb.employee.id,
      groupA: groupId,
      chatA: chat.id,
      correctionA: correctionA?.id ?? 0,
      companyDayA: companyDay.json<{ holiday: { id: number } }>().holiday.id,
      leaveTypeA,
      leaveA: leave.json<{ Result: { id: number } }>().Result.id,
      contactMessage: contactRow?.id ?? 0,
      shiftOfOtherA,
      openShiftA,
      swapOfOtherA: offer.json<{ Result: { id: number } }>().Result.id,
      claimOfOtherA: claimOfOtherA.json<{ Result: { id: number } }>().Result.id,
      subscriptionA: subscriptionId,
      locationA: workplace.json<{ Result: { location: { id: number } } }>().Result.location.id,
      punchA: punchA.id,
      newDevice: newDeviceId,
    },
    async close() {
      await ctx.close();
      await paypal.close();
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

export function headersOf(world: World, actor: Actor): Record<string, string> {
  return actor === 'anonymous' ? {} : bearer(world.tokens[actor]);
}

export async function send(
  world: World,
  actor: Actor,
  request: Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  return world.ctx.app.inject({ ...request, headers: { ...headersOf(world, actor), ...request.headers } });
}

/**
 * Row count and a hash of every row of every table, in one statement. Sessions are included:
 * a refusal must not log anyone in or out either.
 */
const UNCOMPARED_TABLES = new Set(['rate_limits']);

export async function snapshotDatabase(ctx: TestContext): Promise<Record<string, string>> {
  const tables = await ctx.app.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  // Attempt counters (PostgreSQL's `rate_limits`) count refused tries by design; they are not data.
  const parts = rowsOf<{ name: string }>(tables)
    .filter(({ name }) => !UNCOMPARED_TABLES.has(name))
    .map(
      ({ name }) =>
        `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as state from "${name}" t`,
    );
  const result = await ctx.app.db.execute<{ name: string; state: string }>(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rowsOf<{ name: string; state: string }>(result).map(({ name, state }) => [name, state]));
}

/**
 * `snapshotDatabase` taken again only when something may have been written since the last one:
 * every write (committed or rolled back) is given a transaction id, so while the next id to be
 * given (the xmax of a fresh snapshot) has not moved, nothing was written and the last snapshot still
 * holds. On PGlite the database is the test file's own, and most refusals write nothing; on a
 * PostgreSQL server other test files' writes move the id too, and the snapshot is then taken as
 * before. `taken` counts the full snapshots.
 */
export function databaseWatch(ctx: TestContext) {
  let last: { snapshot: Record<string, string>; nextXid: string } | undefined;
  const watch = {
    taken: 0,
    async snapshot(): Promise<Record<string, string>> {
      const nextXid = await nextTransactionId(ctx);
      if (last && last.nextXid === nextXid) return last.snapshot;
      // Read before the snapshot: a write that lands in between moves it, so the next call looks again.
      last = { snapshot: await snapshotDatabase(ctx), nextXid };
      watch.taken += 1;
      return last.snapshot;
    },
  };
  return watch;
}

async function nextTransactionId(ctx: TestContext): Promise<string> {
  const result = await ctx.app.db.execute<{ xid: string }>(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`,
  );
  return rowsOf<{ xid: string }>(result)[0]?.xid ?? '';
}

/** The rows of `db.execute`, which node-postgres and PGlite both return under `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A short fingerprint of a snapshot, for messages. */
export function fingerprint(snapshot: Record<string, string>): string {
  return createHash('sha256').update(JSON.stringify(snapshot)).digest('hex').slice(0, 12);
}

/** The tables whose state differs between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

export type { PaypalStandIn };
