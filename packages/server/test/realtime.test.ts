import type { ServerToClientEvents, TEmployee } from '@puna/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { isTrustedOrigin } from '../src/lib/origins';
import { CATCH_UP_MARGIN_MS } from '../src/lib/room-clock';
import type { TestContext } from './helpers/app';
import { eventually, sleep } from './helpers/chat-factories';
import { testDatabaseKind } from './helpers/database';
import { createPremiumWorkspace } from './helpers/device-factories';
import { addEmployee, call, createWorker, createWorkspace, listeningWorkspaceApp } from './helpers/workspace-factories';

type ClientSocket = Socket<ServerToClientEvents>;

let ctx: TestContext;
let url: string;
const open: ClientSocket[] = [];

beforeAll(async () => {
  ({ ctx, url } = await listeningWorkspaceApp());
});
afterEach(async () => {
  // The test's own events go out before its sockets close, not to the next test's (see socketPool).
  await ctx.app.realtime.settled();
  for (const socket of open.splice(0)) socket.disconnect();
});
afterAll(async () => ctx?.close());

function connect(options: { token?: string; cookie?: string; origin?: string; since?: unknown } = {}): ClientSocket {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const socket: ClientSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: {
      ...(options.token ? { token: options.token } : {}),
      ...('since' in options ? { since: options.since } : {}),
    },
    extraHeaders: headers,
  });
  open.push(socket);
  return socket;
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

function refused(socket: ClientSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

function nextEmployeeUpdate(socket: ClientSocket): Promise<TEmployee[]> {
  return new Promise((resolve) => socket.once('employee_update', resolve));
}

/** Collects what a socket receives, to prove later that nothing came. */
function record(socket: ClientSocket): TEmployee[][] {
  const received: TEmployee[][] = [];
  socket.on('employee_update', (employees) => received.push(employees));
  return received;
}

describe('employer-data socket', () => {
  it('sends employee_update with the list to the employer’s sockets only, after add, edit and delete', async () => {
    const employer = await createWorkspace(ctx);
    const stranger = await createWorkspace(ctx);
    const byToken = connect({ token: employer.token });
    const byCookie = connect({ cookie: employer.cookie });
    const outsider = connect({ token: stranger.token });
    await Promise.all([connected(byToken), connected(byCookie), connected(outsider)]);
    const outsiderReceived = record(outsider);

    const added = nextEmployeeUpdate(byToken);
    const addedToo = nextEmployeeUpdate(byCookie);
    const employee = await addEmployee(ctx, employer.token, { name: 'Live' });
    expect((await added).map((e) => e.name)).toEqual(['Live']);
    expect(await addedToo).toEqual(await added);

    const edited = nextEmployeeUpdate(byToken);
    await call(ctx, employer.token, 'PUT', `/krye/edit_employee/${employee.id}`, {
      name: 'Renamed',
      salary: 5,
      wages: 'Ditë',
      role: 'Punëtor',
    });
    expect((await edited)[0]).toMatchObject({ id: employee.id, name: 'Renamed', wages: 'Ditë' });

    const renamedRole = nextEmployeeUpdate(byToken);
    await call(ctx, employer.token, 'PUT', '/krye/employers/roles/0', { role: 'Ndihmës' });
    expect((await renamedRole)[0]?.role).toBe('Ndihmës');

    const deleted = nextEmployeeUpdate(byToken);
    await call(ctx, employer.token, 'DELETE', `/krye/delete_employee/${employee.id}`);
    expect(await deleted).toEqual([]);

    // A last event to the outsider's own employer proves its socket was listening all along.
    const own = nextEmployeeUpdate(outsider);
    await addEmployee(ctx, stranger.token, { name: 'Theirs' });
    await own;
    expect(outsiderReceived.map((list) => list.map((e) => e.name))).toEqual([['Theirs']]);
  });

  it('never sends a worker its employer’s employee list', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const workerSocket = connect({ token: worker.token });
    const employerSocket = connect({ token: employer.token });
    await Promise.all([connected(workerSocket), connected(employerSocket)]);
    const workerReceived = record(workerSocket);
    const update = nextEmployeeUpdate(employerSocket);
    await addEmployee(ctx, employer.token);
    await update;
    expect(workerReceived).toEqual([]);
  });

  it('sends hours_update after hours are added, edited and deleted: to the employer, and to the worker whose hours they are', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token, { name: 'Arbër' });
    const colleague = await createWorker(ctx, employer.token, { name: 'Çlirim' });
    const stranger = await createWorkspace(ctx);
    const employerSocket = connect({ token: employer.token });
    const workerSocket = connect({ token: worker.token });
    const colleagueSocket = connect({ token: colleague.token });
    const outsider = connect({ token: stranger.token });
    await Promise.all([employerSocket, workerSocket, colleagueSocket, outsider].map(connected));
    const seen = {
      employer: [] as unknown[],
      worker: [] as unknown[],
      colleague: [] as unknown[],
      outsider: [] as unknown[],
    };
    employerSocket.on('hours_update', (update) => seen.employer.push(update));
    workerSocket.on('hours_update', (update) => seen.worker.push(update));
    colleagueSocket.on('hours_update', (update) => seen.colleague.push(update));
    outsider.on('hours_update', (update) => seen.outsider.push(update));

    const added = await call(ctx, employer.token, 'POST', '/krye/addworkerklista', [
      { worker_id: worker.employee.id, data: '2026-03-02', ora: 8 },
      { worker_id: worker.employee.id, data: '2026-03-03', ora: 7 },
    ]);
    expect(added.statusCode).toBe(201);
    const [first] = added.json<{ Result: { id: number }[] }>().Result;
    expect((await call(ctx, employer.token, 'PUT', `/krye/edit_klista/${first?.id}`, { ora: 6 })).statusCode).toBe(200);
    expect((await call(ctx, employer.token, 'DELETE', `/krye/delete_klista/${first?.id}`)).statusCode).toBe(200);

    const expected = [
      { employee_ids: [worker.employee.id], dates: ['2026-03-02', '2026-03-03'] },
      { employee_ids: [worker.employee.id], dates: ['2026-03-02'] },
      { employee_ids: [worker.employee.id], dates: ['2026-03-02'] },
    ];
    await eventually(() => expect(seen.employer).toEqual(expected));
    await eventually(() => expect(seen.worker).toEqual(expected));
    await ctx.app.realtime.settled();
    await sleep(100);
    expect(seen.colleague).toEqual([]);
    expect(seen.outsider).toEqual([]);
  });

  it('sends shift_update: a plan change to the employer, a publish to every worker of the employer, none to another employer’s', async () => {
    const employer = await createPremiumWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token, { name: 'Arbër' });
    const colleague = await createWorker(ctx, employer.token, { name: 'Çlirim' });
    const stranger = await createPremiumWorkspace(ctx);
    const strangerWorker = await createWorker(ctx, stranger.token, { name: 'Dritë' });
    const sockets = {
      employer: connect({ token: employer.token }),
      worker: connect({ token: worker.token }),
      colleague: connect({ token: colleague.token }),
      outsider: connect({ token: stranger.token }),
      outsiderWorker: connect({ token: strangerWorker.token }),
    };
    await Promise.all(Object.values(sockets).map(connected));
    const seen = Object.fromEntries(Object.keys(sockets).map((name) => [name, [] as string[]]));
    for (const [name, socket] of Object.entries(sockets)) {
      socket.on('shift_update', (update) => seen[name]?.push(update.reason));
    }

    // An open shift planned, then published: the workers hear of it only once it is published.
    const date = '2031-03-04';
    const planned = await call(ctx, employer.token, 'POST', '/krye/shifts', {
      employee_id: null,
      date,
      start: '08:00',
      end: '16:00',
    });
    expect(planned.statusCode, planned.body).toBe(201);
    const published = await call(ctx, employer.token, 'POST', '/krye/shifts/publish', { from: date, to: date });
    expect(published.statusCode, published.body).toBe(200);

    await eventually(() => expect(seen.employer).toEqual(['changed', 'published']));
    await eventually(() => expect(seen.worker).toEqual(['published']));
    await eventually(() => expect(seen.colleague).toEqual(['published']));
    await ctx.app.realtime.settled();
    await sleep(100);
    expect(seen.outsider).toEqual([]);
    expect(seen.outsiderWorker).toEqual([]);
  });

  it('closes a deleted worker’s socket', async () => {
    const employer = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    const socket = connect({ token: worker.token });
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await call(ctx, employer.token, 'DELETE', `/krye/delete_employee/${worker.employee.id}`);
    expect(await closed).toBe('io server disconnect');
  });

  it.each([
    ['no session', {}],
    ['an unknown token', { token: 'not-a-session' }],
    ['an unknown cookie', { cookie: 'puna_session=nope' }],
  ])('refuses a socket with %s', async (_name, options) => {
    expect(await refused(connect(options))).toBe('unauthorized');
  });

  it('refuses a socket after logout', async () => {
    const employer = await createWorkspace(ctx);
    await call(ctx, employer.token, 'POST', '/auth/logout', {});
    expect(await refused(connect({ token: employer.token }))).toBe('unauthorized');
  });

  it('refuses a browser socket from another site', async () => {
    const employer = await createWorkspace(ctx);
    const socket = connect({ token: employer.token, origin: 'https://evil.example' });
    await expect(refused(socket)).resolves.toBeTypeOf('string');
    const own = connect({ token: employer.token, origin: url });
    await connected(own);
  });
});

describe('what a new socket missed', () => {
  type Missed = Parameters<ServerToClientEvents['missed_events']>[0];

  /** The socket's `missed_events` answer; the listener is attached before it can arrive. */
  function missedOf(socket: ClientSocket): Promise<Missed> {
    return new Promise((resolve) => socket.once('missed_events', resolve));
  }

  /** The page's age in ms since `start`, as a browser would send it. */
  const ageSince = (start: number) => Math.ceil(performance.now() - start);

  beforeAll(async () => {
    // A process cannot tell about the time before it started: wait until it is old enough.
    await eventually(() => expect(ctx.app.realtime.clock.sentWithin([], 1_000)).not.toBeNull());
  });

  it('lists the events that went to the socket’s own rooms since its data was read', async () => {
    const employer = await createWorkspace(ctx);
    const stranger = await createWorkspace(ctx);
    const worker = await createWorker(ctx, employer.token);
    // Adding the worker sent an employee_update too: let it fall out of the window and its margin,
    // so that only the change below can be listed.
    await sleep(CATCH_UP_MARGIN_MS + 200);
    const pageOpened = performance.now();
    // Read by the page, then changed before its socket joined: the event went to no one.
    await call(ctx, employer.token, 'GET', '/krye/employee');
    await addEmployee(ctx, employer.token, { name: 'Between' });

    const employerSocket = connect({ token: employer.token, since: ageSince(pageOpened) });
    const strangerSocket = connect({ token: stranger.token, since: ageSince(pageOpened) });
    const workerSocket = connect({ token: worker.token, since: ageSince(pageOpened) });
    const answers = Promise.all([missedOf(employerSocket), missedOf(strangerSocket), missedOf(workerSocket)]);
    await Promise.all([connected(employerSocket), connected(strangerSocket), connected(workerSocket)]);
    // Another employer’s event and the employer’s own list are not the worker’s or the stranger’s.
    expect(await answers).toEqual([['employee_update'], [], []]);

    // Once joined, a socket hears events as they happen. On PostgreSQL the adapter delivers to this
    // process's sockets only after its NOTIFY, so the update for 'Between' (listed as missed, since
    // it was sent before the join) may still arrive after the join: harmless, and not the one awaited.
    const received = record(employerSocket);
    await addEmployee(ctx, employer.token, { name: 'After' });
    const names = () => (received.at(-1) ?? []).map((e) => e.name).sort();
    await eventually(() => expect(names()).toEqual(['After', 'Between', worker.employee.name].sort()));
  });

  it('answers “cannot tell” (null) to a since it cannot use or a time longer than it remembers', async () => {
    const employer = await createWorkspace(ctx);
    for (const since of ['1000', -1, 1e12, Number.NaN, null, { ms: 5 }, 86_000_000]) {
      const socket = connect({ token: employer.token, since });
      const answer = missedOf(socket);
      await connected(socket);
      expect(await answer, JSON.stringify(since)).toBeNull();
      socket.disconnect();
    }
  });

  it('sends nothing to a client that did not ask', async () => {
    const employer = await createWorkspace(ctx);
    await addEmployee(ctx, employer.token);
    const socket = connect({ token: employer.token });
    const answers: Missed[] = [];
    socket.on('missed_events', (missed) => answers.push(missed));
    await connected(socket);
    // An event after the connection proves the socket was listening, and that nothing came before it.
    const update = nextEmployeeUpdate(socket);
    await addEmployee(ctx, employer.token);
    await update;
    expect(answers).toEqual([]);
  });

  it('refuses an outsider whatever it asks', async () => {
    expect(await refused(connect({ token: 'not-a-session', since: 1_000 }))).toBe('unauthorized');
  });
});

describe('socket origin rule', () => {
  it.each([
    [undefined, 'localhost:3000', true],
    ['http://localhost:3000', 'localhost:3000', true],
    ['https://puna.example', 'internal:8080', true],
    ['https://evil.example', 'localhost:3000', false],
    ['null', 'localhost:3000', false],
    ['not a url', 'localhost:3000', false],
    ['http://[::1', 'localhost:3000', false],
    ['https://app.partner.example', 'localhost:3000', true],
    ['https://app.partner.example:8443', 'localhost:3000', false],
  ])('origin %s on host %s allowed: %s', (origin, host, allowed) => {
    const config = { publicUrl: 'https://puna.example', corsOrigins: ['https://app.partner.example'] };
    expect(isTrustedOrigin(origin, host, config)).toBe(allowed);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('processes on one PostgreSQL', () => {
  type ClusterAdapter = { serverCount(): Promise<number> };

  it('forget a process that stops, even at once: the others do not wait for its answers', async () => {
    const adapter = ctx.app.realtime.io.of('/').adapter as unknown as ClusterAdapter;
    expect(await adapter.serverCount()).toBe(1);
    // A process that starts and stops at once (a restart, a crashed deploy): its hello may still be
    // on its way when it says goodbye, and the goodbye must still go out after it.
    const other = await buildApp(ctx.config, { database: ctx.database, logger: false });
    await other.close();
    // Long enough for both notifications to arrive; far shorter than the 10 s after which a silent
    // process is forgotten, during which every `fetchSockets` waited 5 s for its answer.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await adapter.serverCount()).toBe(1);
  });
});
