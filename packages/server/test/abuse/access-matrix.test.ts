import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../helpers/database';
import { type ApiRoute, apiRouteTable, routeKey } from '../helpers/route-table';
import { INPUTS, requestFor } from './route-inputs';
import {
  A_MARKER,
  type Actor,
  buildWorld,
  changedTables,
  databaseWatch,
  send,
  snapshotDatabase,
  type World,
} from './world';

type Allowance = {
  status: number[];
  /** The request may change the database (it acts on the caller's own data). */
  changes?: true;
  reason: string;
};

const own = (reason: string, status = [200]): Allowance => ({ status, reason });
const ownWrite = (reason: string, status: number[]): Allowance => ({ status, changes: true, reason });
const SELF = 'answers about the caller itself';
const OWN_LIST = "lists the caller's own tenant only";
const everyUser = (allowance: Allowance) => ({
  employerB: allowance,
  workerA: allowance,
  workerB: allowance,
  admin: allowance,
});
const chatUsers = (allowance: Allowance) => ({ employerB: allowance, workerA: allowance, workerB: allowance });
const otherEmployer = (allowance: Allowance) => ({ employerB: allowance });

/**
 * Requests that reach a route legitimately although they are not employer A acting on A's data.
 * Each carries its reason; every other (route, actor) pair must be refused with 401, 403 or 404.
 */
const ALLOWED: Record<string, Partial<Record<Actor, Allowance>>> = {
  'GET /auth/check/protected': everyUser(own(SELF)),
  'GET /verify': everyUser(own(SELF)),
  'GET /krye/ujipuntoret_count': otherEmployer(own(OWN_LIST)),
  'GET /krye/ujipuntor_count': otherEmployer(own(OWN_LIST)),
  'GET /krye/ujimjeshter_count': otherEmployer(own(OWN_LIST)),
  'GET /krye/employee': otherEmployer(own(OWN_LIST)),
  'POST /krye/add_employee': otherEmployer(ownWrite('adds to the caller’s own tenant', [201])),
  'GET /krye/employers/roles': otherEmployer(own(OWN_LIST)),
  'POST /krye/employers/roles': otherEmployer(ownWrite('adds to the caller’s own roles', [201])),
  // A role is addressed by its index in the caller's own list, never by a global id.
  'PUT /krye/employers/roles/:index': otherEmployer(ownWrite('renames the caller’s own role', [200])),
  'DELETE /krye/employers/roles/:index': otherEmployer({
    status: [409],
    reason: "the caller's own role 0 is held by its worker",
  }),
  'GET /krye/holidays': otherEmployer(own(OWN_LIST)),
  'POST /krye/holidays': otherEmployer(ownWrite('adds a day to the caller’s own calendar', [201])),
  'GET /krye/labour-settings': otherEmployer(own(SELF)),
  'PUT /krye/labour-settings': otherEmployer(ownWrite('changes the caller’s own labour settings', [200])),
  'GET /krye/payroll': otherEmployer({
    status: [200, 409],
    reason: "B's own statement: 409 until B turns its rules on (the PUT row may do it first), never A's rows",
  }),
  // B's own month: closing it needs B's rules on (409 until the PUT row turns them on), and B's
  // "2025-02" was never closed (409); A's closed month stays closed.
  'POST /krye/months/:month/close': otherEmployer({
    status: [200, 409],
    changes: true,
    reason: "closes the caller's own month",
  }),
  'POST /krye/months/:month/reopen': otherEmployer({ status: [409], reason: "B's own month was never closed" }),
  'GET /krye/workerdate': otherEmployer(own(OWN_LIST)),
  'GET /krye/klista': otherEmployer(own(OWN_LIST)),
  'GET /krye/pay': otherEmployer(own(OWN_LIST)),
  'GET /krye/pay/by-list-type': otherEmployer(own(OWN_LIST)),
  'GET /krye/get_worker_id': { workerA: own(SELF), workerB: own(SELF) },
  'GET /krye/worker/me': { workerA: own(SELF), workerB: own(SELF) },
  'GET /krye/export/hours': otherEmployer(own(OWN_LIST)),
  'GET /krye/export/pay': otherEmployer(own(OWN_LIST)),
  'GET /krye/export/payroll': otherEmployer({
    status: [200, 409],
    reason: "B's own payroll list: 409 until B turns its rules on (the PUT row may do it first), never A's rows",
  }),
  'GET /krye/payslips': otherEmployer({
    status: [200, 409],
    reason: "B's own payslips: 409 until B turns its rules on (the PUT row may do it first), never A's workers",
  }),
  'GET /krye/declaration': otherEmployer({
    status: [200, 409],
    reason: "B's own declaration list: 409 until B turns its rules on (the PUT row may do it first), never A's rows",
  }),
  // Each worker's own payslip: WA's from A's closed month; B never closed that month, so WB's is 409.
  'GET /krye/worker/me/payslip': {
    workerA: own(SELF),
    workerB: { status: [409], reason: "WB's own payslip: B's month is not closed" },
  },
  // Each worker's own list of closed months: WB's is its own (empty), never WA's.
  'GET /krye/worker/me/payslips': { workerA: own(SELF), workerB: own(SELF) },
  'GET /api/paypal/plan': otherEmployer(own('the plan id is the same for every employer')),
  'GET /api/paypal/subscription/:id': otherEmployer({
    status: [409],
    reason: 'A’s subscription is bound to A: another employer is refused with 409',
  }),
  'GET /api/controllers': otherEmployer(own(OWN_LIST)),
  'POST /api/controllers': otherEmployer(ownWrite('registers a device of the caller’s own', [201])),
  'GET /api/group-devices': otherEmployer(own(OWN_LIST)),
  'GET /krye/listarfid': otherEmployer(own(OWN_LIST)),
  'GET /krye/rfid_day': otherEmployer(own(OWN_LIST)),
  'GET /krye/rfid/unknown': otherEmployer(own(OWN_LIST)),
  // The built-in leave types are created on a tenant's first use: B's own, never A's.
  'GET /krye/leave-types': otherEmployer(ownWrite('creates the caller’s own built-in types on first use', [200])),
  'POST /krye/leave-types': otherEmployer(ownWrite('adds a type to the caller’s own list', [201])),
  'GET /krye/leave/settings': otherEmployer(own(SELF)),
  'PUT /krye/leave/settings': otherEmployer(ownWrite('sets the caller’s own annual leave days', [200])),
  'GET /krye/leave/balances': otherEmployer(own(OWN_LIST)),
  'GET /krye/leave': otherEmployer(own(OWN_LIST)),
  'GET /krye/leave/unread': otherEmployer(own(OWN_LIST)),
  // A worker's own leave: reading it creates its employer's built-in types and clears its own unread marks.
  'GET /krye/worker/me/leave': {
    workerA: ownWrite('the caller’s own leave', [200]),
    workerB: ownWrite('the caller’s own leave', [200]),
  },
  'GET /krye/worker/me/leave/unread': { workerA: own(SELF), workerB: own(SELF) },
  // WA asks for its own leave with A's type; WB's employer has no such type (404).
  'POST /krye/worker/me/leave': { workerA: ownWrite('asks for the caller’s own leave', [201, 409]) },
  // The roster: B's own week (empty), B's own copy and publish (nothing to copy or publish).
  'GET /krye/shifts': otherEmployer(own(OWN_LIST)),
  'POST /krye/shifts/copy': otherEmployer(own("copies the caller's own (empty) week: nothing changes")),
  'POST /krye/shifts/from-schedules': otherEmployer(
    own("fills the caller's own week from its own schedules (none that week: nothing changes)", [201]),
  ),
  'POST /krye/shifts/publish': otherEmployer(own("publishes the caller's own (empty) range: nothing changes")),
  'GET /krye/shift-requests': otherEmployer(own(OWN_LIST)),
  'GET /krye/worker/me/shifts': { workerA: own(SELF), workerB: own(SELF) },
  'GET /krye/worker/me/shift-requests': { workerA: own(SELF), workerB: own(SELF) },
  'GET /krye/worker/me/colleagues': { workerA: own(SELF), workerB: own(SELF) },
  // WA claims A's open shift for itself: its own request, under its own employer.
  'POST /krye/worker/me/shifts/:id/claim': {
    workerA: ownWrite("claims an open shift of the caller's own employer", [201, 409]),
  },
  // Phone clock: B's own workplaces and settings; each worker's own punch button. WA punches for
  // itself at A's workplace (a resend answers 200); B has phone punches off, so WB is refused (403).
  'GET /krye/locations': otherEmployer(own(OWN_LIST)),
  'POST /krye/locations': otherEmployer(ownWrite('adds a workplace of the caller’s own', [201])),
  'GET /krye/phone-clock-settings': otherEmployer(own(SELF)),
  'PUT /krye/phone-clock-settings': otherEmployer(ownWrite('changes the caller’s own phone clock settings', [200])),
  'GET /krye/worker/me/punch': { workerA: own(SELF), workerB: own(SELF) },
  'POST /krye/worker/me/punch': { workerA: ownWrite('punches for the caller itself', [200, 201]) },
  'GET /krye/today': otherEmployer(own(OWN_LIST)),
  'GET /krye/calendar': otherEmployer(own(OWN_LIST)),
  'GET /krye/attendance-settings': otherEmployer(own(OWN_LIST)),
  'PUT /krye/attendance-settings': otherEmployer(ownWrite('sets the caller’s own tolerance', [200])),
  'GET /krye/roster-settings': otherEmployer(own(SELF)),
  'PUT /krye/roster-settings': otherEmployer(ownWrite('sets the caller’s own roster settings', [200])),
  // "I forgot to scan": each worker asks for its own day; the request is its own, under its own employer.
  'POST /krye/worker/me/corrections': {
    workerA: ownWrite('asks for the caller’s own missed scan', [201]),
    workerB: {
      status: [201, 409],
      changes: true,
      reason: 'asks for the caller’s own missed scan: 409 once B closed its own month (the close row may run first)',
    },
  },
  'GET /krye/worker/me/corrections': { workerA: own(SELF), workerB: own(SELF) },
  'GET /krye/worker/me/corrections/unread': { workerA: own(SELF), workerB: own(SELF) },
  // Listing clears the caller's own unread marks (B's, after WB's request above), never A's.
  'GET /krye/corrections': otherEmployer(ownWrite(OWN_LIST, [200])),
  'GET /krye/corrections/unread': otherEmployer(own(OWN_LIST)),
  // Both act on the caller's own login only (the session decides whose); B's password and codes are not these.
  'POST /auth/email/change': otherEmployer({
    status: [400],
    reason: "changes the caller's own login; the password given is not B's",
  }),
  'POST /auth/email/confirm': otherEmployer({
    status: [400],
    reason: "confirms the caller's own change; B asked for none",
  }),
  // Two-step verification is the caller's own (employers and the admin; workers are refused).
  'GET /auth/2fa': { employerB: own(SELF), admin: own(SELF) },
  'POST /auth/2fa/setup': {
    employerB: { status: [400], reason: "sets up the caller's own; the password given is not B's" },
    admin: { status: [400], reason: "sets up the caller's own; the password given is not the admin's" },
  },
  'POST /auth/2fa/enable': {
    employerB: { status: [400], reason: "confirms the caller's own setup; B started none" },
    admin: { status: [400], reason: "confirms the caller's own setup; the admin started none" },
  },
  'POST /auth/2fa/disable': otherEmployer({ status: [400], reason: "turns off the caller's own; B has none on" }),
  // The admin has no chats: it is refused.
  'GET /chat/chats': chatUsers(own(OWN_LIST)),
  'GET /chat/workers': otherEmployer(own(OWN_LIST)),
  'GET /notifications/messages/unread': chatUsers(own(OWN_LIST)),
  'GET /notifications/push/key': everyUser(own('the VAPID public key is the same for everyone')),
  // Every caller sends the same endpoint: the first stores it for itself, the others get 409 (it is not moved).
  'POST /auth/push-subscription': everyUser(ownWrite('subscribes the caller itself', [200, 201, 409])),
};

const REFUSED = [401, 403, 404];

/** Who is thrown at a route: everyone who is not employer A acting on its own data. */
function actorsFor(route: ApiRoute): Actor[] {
  if (route.auth === 'admin') return ['anonymous', 'employerA', 'employerB', 'workerA', 'workerB'];
  return ['anonymous', 'employerB', 'workerB', 'workerA', 'admin'];
}

describe('the access matrix', () => {
  let world: World;
  let routes: ApiRoute[];
  beforeAll(async () => {
    world = await buildWorld();
    routes = apiRouteTable(world.ctx.routes).filter((route) => route.auth !== 'public');
  }, 120_000);
  afterAll(async () => world?.close());

  it('has a request for every protected route, and no entry for a route that is gone', () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((key) => !INPUTS[key])).toEqual([]);
    expect(Object.keys(INPUTS).filter((key) => !keys.includes(key))).toEqual([]);
    expect(Object.keys(ALLOWED).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('refuses every other tenant, worker and anonymous caller, and leaves the database as it was', async () => {
    const failures: string[] = [];
    let calls = 0;
    const database = databaseWatch(world.ctx);
    let before = await database.snapshot();
    for (const route of routes) {
      for (const actor of actorsFor(route)) {
        const allowance = ALLOWED[routeKey(route)]?.[actor];
        const res = await send(world, actor, requestFor(world, route));
        calls += 1;
        const after = await database.snapshot();
        const where = `${routeKey(route)} as ${actor} → ${res.statusCode}`;
        const expected = allowance?.status ?? REFUSED;
        if (!expected.includes(res.statusCode)) failures.push(`${where}: expected ${expected.join('/')} ${res.body}`);
        const changed = changedTables(before, after);
        if (changed.length > 0 && !allowance?.changes) failures.push(`${where}: changed ${changed.join(', ')}`);
        const outsider = actor === 'anonymous' || actor === 'employerB' || actor === 'workerB';
        const markers = outsider
          ? world.markers
          : actor === 'workerA'
            ? world.colleagueMarkers.filter(
                // The swap's colleague picker shows colleagues' names, and names only (no emails, no messages).
                (marker) => !(routeKey(route) === 'GET /krye/worker/me/colleagues' && marker === `${A_MARKER} Other`),
              )
            : [];
        const leaked = markers.filter((marker) => res.body.includes(marker));
        if (leaked.length > 0) failures.push(`${where}: answer holds A's ${leaked.join(', ')}`);
        before = after;
      }
    }
    console.log(
      `access matrix: ${routes.length} routes, ${calls} refused-or-allowed calls checked; ${database.taken} database snapshots`,
    );
    expect(failures).toEqual([]);
  }, 120_000);

  it('lets employer A itself read every one of those GET routes with the same inputs (the inputs are valid)', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET' && (r.auth === 'employer' || r.auth === 'user'))) {
      const res = await send(world, 'employerA', requestFor(world, route));
      if (res.statusCode !== 200) failures.push(`${routeKey(route)} → ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it("the database watch sees a write, also one undone by a later one, and a write's rollback changes nothing", async () => {
    const database = databaseWatch(world.ctx);
    const start = await database.snapshot();
    expect(await database.snapshot()).toEqual(start);
    await world.ctx.app.db.execute(
      sql`update employers set company_name = company_name || '~' where id = ${world.ids.employerA}`,
    );
    const written = await database.snapshot();
    expect(changedTables(start, written)).toEqual(['employers']);
    await world.ctx.app.db.execute(
      sql`update employers set company_name = left(company_name, -1) where id = ${world.ids.employerA}`,
    );
    expect(changedTables(start, await database.snapshot())).toEqual([]);
    await world.ctx.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`update employers set company_name = 'rolled back' where id = ${world.ids.employerA}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(changedTables(start, await database.snapshot())).toEqual([]);
    // Its own database on PGlite: a snapshot after each write and the rollback, none for the reads.
    if (testDatabaseKind === 'pglite') expect(database.taken).toBe(4);
  });

  it('refuses every cookie-authenticated write from another site, and changes nothing', async () => {
    const failures: string[] = [];
    const writes = routes.filter((route) => route.method !== 'GET' && route.auth !== 'device');
    const owner = (route: ApiRoute): Exclude<Actor, 'anonymous'> =>
      route.auth === 'admin' ? 'admin' : route.auth === 'worker' ? 'workerA' : 'employerA';
    const before = await snapshotDatabase(world.ctx);
    for (const route of writes) {
      const cookie = `puna_session=${world.tokens[owner(route)]}`;
      const request = requestFor(world, route);
      const foreign = await world.ctx.app.inject({
        ...request,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      });
      const fetchMetadata = await world.ctx.app.inject({
        ...request,
        headers: { cookie, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      });
      const nullOrigin = await world.ctx.app.inject({
        ...request,
        headers: { cookie, origin: 'null', 'content-type': 'application/json' },
      });
      // A cross-site form can send text/plain without a preflight: it is never parsed (415 or another 4xx).
      const textPlain = await world.ctx.app.inject({
        ...request,
        payload: JSON.stringify(request.payload ?? {}),
        headers: { cookie, 'content-type': 'text/plain' },
      });
      for (const [kind, res, status] of [
        ['foreign Origin', foreign, 403],
        ['Sec-Fetch-Site: cross-site', fetchMetadata, 403],
        ['Origin: null', nullOrigin, 403],
        ['text/plain', textPlain, null],
      ] as const) {
        const refused = status === null ? res.statusCode >= 400 && res.statusCode < 500 : res.statusCode === status;
        if (!refused) failures.push(`${routeKey(route)} (${kind}) → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await snapshotDatabase(world.ctx))).toEqual([]);
    expect(writes.length).toBeGreaterThanOrEqual(30);
  });
});
