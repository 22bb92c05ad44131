import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ClientToServerEvents, ServerToClientEvents, TChat, TEmployee } from '@puna/domain';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATCH_UP_MARGIN_MS } from '../src/lib/room-clock';
import { eventually, say, sleep } from './helpers/chat-factories';
import { createPostgresDatabase, testDatabaseKind } from './helpers/database';
import { randomEmail } from './helpers/factories';
import { latestCode } from './helpers/outbox';
import { browserKeys, startPushService } from './helpers/push-service';
import { api, type ServerProcess, startServer } from './helpers/server-process';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket to one process, as the web app opens it; `auth` carries the token and anything else. */
function socketTo(base: string, auth: { token: string; since?: number }): ClientSocket {
  return io(base, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth });
}

function connect(base: string, token: string): Promise<ClientSocket> {
  const socket = socketTo(base, { token });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The next `event` the socket receives that passes `accept` (a sender also hears its own messages). */
function next<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  accept: (value: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 10 s`)), 10_000);
    const listener = (value: TChat) => {
      if (!accept(value as never)) return;
      clearTimeout(timer);
      socket.off(event as 'newChat', listener);
      resolve(value as never);
    };
    socket.on(event as 'newChat', listener);
  });
}

describe.runIf(testDatabaseKind === 'postgres')('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    pushService = await startPushService();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'puna-two-'));
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@puna.test',
      ADMIN_PASSWORD: 'admin password 1',
      // The stand-in push service listens on 127.0.0.1 (allowed with NODE_ENV=test only).
      PUSH_ALLOW_PRIVATE: 'true',
    };
    // Started together on a fresh database: both migrate (one waits for the other's lock).
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.drop();
    await pushService?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('carries chat, employee and logout events between processes, and both stop cleanly', async () => {
    // An employer signs up and logs in on A; its worker logs in on B.
    const email = randomEmail('employer');
    const password = 'employer password 1';
    expect(
      (await api(a.url, null, 'POST', '/auth/signup', { email, password, companyName: 'Dy Procese' })).status,
    ).toBe(201);
    const code = await latestCode(path.join(dataDir, 'outbox'), email);
    expect((await api(a.url, null, 'POST', '/auth/verify', { email, code })).status).toBe(200);
    const employerToken: string = (await api(a.url, null, 'POST', '/auth/login', { email, password })).json.token;
    const workerEmail = randomEmail('worker');
    const added = await api(a.url, employerToken, 'POST', '/krye/add_employee', {
      name: 'Arta',
      salary: 5,
      wages: 'Orë',
      role: 'Punëtor',
      email: workerEmail,
      password: 'worker password 1',
    });
    expect(added.status).toBe(201);
    const workerId: number = added.json.Result.id;
    const workerLogin = await api(b.url, null, 'POST', '/auth/login', {
      email: workerEmail,
      password: 'worker password 1',
    });
    const workerToken: string = workerLogin.json.token;

    // Both processes serve the one VAPID key.
    const keyA = (await api(a.url, workerToken, 'GET', '/notifications/push/key')).json.Result.publicKey;
    expect((await api(b.url, workerToken, 'GET', '/notifications/push/key')).json.Result.publicKey).toBe(keyA);

    const workerOnB = await connect(b.url, workerToken);
    const employerOnA = await connect(a.url, employerToken);
    const employerOnB = await connect(b.url, employerToken);
    sockets.push(workerOnB, employerOnA, employerOnB);

    // newChat: created through A, heard on B.
    const announced = next(workerOnB, 'newChat');
    const created = await api(a.url, employerToken, 'POST', '/chat/chats', {
      type: 'direct',
      members: [{ id: workerId, userType: 'worker' }],
    });
    expect(created.status).toBe(201);
    const chat: TChat = created.json.Result;
    expect(await announced).toEqual(chat);

    // newMessage: sent through A, arrives on B; and back.
    const toWorker = next(workerOnB, 'newMessage', (m) => m.content === 'Nga procesi A');
    const sent = await say(employerOnA, chat.id, 'Nga procesi A');
    expect(await toWorker).toEqual(sent);
    const toEmployer = next(employerOnA, 'newMessage', (m) => m.content === 'Nga procesi B');
    const reply = await say(workerOnB, chat.id, 'Nga procesi B');
    expect(await toEmployer).toEqual(reply);

    // employee_update: a change made through A reaches the employer's page served by B.
    // The page below opens after the margin has passed both since B started (before that B cannot
    // tell, room-clock.ts) and since the chat events above, which went to the employer's room too
    // and would be listed with the change. Both are behind us now, so one margin from now is enough.
    await sleep(CATCH_UP_MARGIN_MS + 500);
    const pageOpened = performance.now();
    const update = next(employerOnB, 'employee_update');
    await api(a.url, employerToken, 'POST', '/krye/add_employee', {
      name: 'Besa',
      salary: 5,
      wages: 'Orë',
      role: 'Punëtor',
    });
    expect(((await update) as TEmployee[]).map((e) => e.name).sort()).toEqual(['Arta', 'Besa']);
    // A page opened before that change, whose socket joins B only now, is told it missed it.
    const late = await new Promise<unknown>((resolve, reject) => {
      const socket = socketTo(b.url, { token: employerToken, since: Math.ceil(performance.now() - pageOpened) });
      sockets.push(socket);
      socket.once('missed_events', resolve);
      socket.once('connect_error', reject);
    });
    expect(late).toEqual(['employee_update']);

    // Push: A sees the worker's socket on B, so it sends no push while that socket is open.
    const workerUserId: number = (await api(b.url, workerToken, 'GET', '/auth/check')).json.user.userId;
    const keys = browserKeys();
    const endpoint = pushService.endpoint();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db.query('insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)', [
      workerUserId,
      endpoint,
      keys.p256dh,
      keys.auth,
    ]);
    await db.end();
    const whileOnline = next(workerOnB, 'newMessage', (m) => m.content === 'Je në linjë');
    await say(employerOnA, chat.id, 'Je në linjë');
    await whileOnline;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushService.to(endpoint)).toEqual([]);

    // Logging out through A closes the worker's socket on B at once.
    const closed = new Promise<string>((resolve) => workerOnB.once('disconnect', resolve));
    expect((await api(a.url, workerToken, 'POST', '/auth/logout', {})).status).toBe(200);
    expect(await closed).toBe('io server disconnect');

    // Now no process has a socket of the worker's: the next message is pushed.
    await say(employerOnA, chat.id, 'Je jashtë linje');
    await eventually(() => expect(pushService.to(endpoint)).toHaveLength(1));
    const [push] = pushService.to(endpoint);
    expect(JSON.parse(keys.decrypt(push?.body ?? Buffer.alloc(0)))).toMatchObject({
      body: 'Dy Procese: Je jashtë linje',
      data: { url: `/datapuntoret/chat?chat=${chat.id}` },
    });

    // SIGTERM closes sockets, the Socket.IO adapter and both pools: the processes exit with 0.
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  }, 60_000);
});
