import type { ClientToServerEvents, ServerToClientEvents, TChatUserType, TServerEvent } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Actor } from '../lib/actor';
import { isTrustedOrigin } from '../lib/origins';
import { RoomClock } from '../lib/room-clock';
import { SESSION_COOKIE } from './auth';
import { createPostgresAdapter } from './realtime-adapter';
import { findSession, liveSessionIds } from './sessions';

type SocketData = { actor: Actor; sessionId: number };
type InterServerEvents = Record<string, never>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

export type Realtime = {
  io: RealtimeServer;
  /** Sends an event to every socket of one employer (its owner and admins acting as it). */
  emitToEmployer<E extends keyof ServerToClientEvents>(employerId: number, event: E, ...args: EventArgs<E>): void;
  /** Sends an event to every socket of one worker. */
  emitToWorker<E extends keyof ServerToClientEvents>(employeeId: number, event: E, ...args: EventArgs<E>): void;
  /** Sends an event to every socket of every worker of one employer (not to the employer's own). */
  emitToStaff<E extends keyof ServerToClientEvents>(employerId: number, event: E, ...args: EventArgs<E>): void;
  /**
   * Sends an event once to every socket in any of these rooms, on every process: a socket in two
   * of them still gets it once.
   */
  emitToRooms<E extends keyof ServerToClientEvents>(rooms: string[], event: E, ...args: EventArgs<E>): void;
  /** Which of these rooms have at least one open socket, on any process. */
  occupiedRooms(rooms: string[]): Promise<Set<string>>;
  /** Closes a worker's open sockets (its employee was deleted, so its sessions are gone). */
  disconnectWorker(employeeId: number): void;
  /** Closes the sockets opened with one session (it was logged out), on every process. */
  disconnectSession(sessionId: number): void;
  /** Re-checks the sessions of this process's sockets now and closes those that ended. */
  recheckSessions(): Promise<void>;
  /**
   * Settles once every event emitted so far has gone out to this process's sockets (on PostgreSQL
   * that is after its NOTIFY), so a test can tell its own events from the next test's.
   */
  settled(): Promise<void>;
  /** When each event last went to each room, as this process saw it (tests read it). */
  clock: RoomClock;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Rooms are named by the server from the session; a client can never pick one. */
export const employerRoom = (employerId: number) => `employer:${employerId}`;
export const workerRoom = (employeeId: number) => `worker:${employeeId}`;
/** Every worker of an employer: what all of them see (the open shifts). */
export const staffRoom = (employerId: number) => `staff:${employerId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** The personal room of a chat member: its employer's or its worker's room. */
export const memberRoom = (type: TChatUserType, id: number) =>
  type === 'employer' ? employerRoom(id) : workerRoom(id);

/** A handshake's `auth.since`: how old, in ms, the client's data may be (at most a day). */
const ZSince = z.number().nonnegative().max(86_400_000);

/** How often events older than the room clock keeps are forgotten. */
const FORGET_EVERY_MS = 60_000;

/** The part of a cluster adapter's message (socket.io-adapter's `ClusterMessage`) read here. */
type ClusterMessage = { type?: unknown; uid?: unknown; nsp?: unknown; data?: unknown };
/** `MessageType.BROADCAST` in socket.io-adapter's cluster protocol. */
const CLUSTER_BROADCAST = 3;

/** The rooms and event of another process's broadcast, or null for any other message. */
function broadcastOf(message: ClusterMessage, ownUid: unknown): { rooms: string[]; event: string } | null {
  if (message.type !== CLUSTER_BROADCAST || message.uid === ownUid || message.nsp !== '/') return null;
  const data = message.data as { opts?: { rooms?: unknown }; packet?: { data?: unknown } } | undefined;
  const rooms = data?.opts?.rooms;
  const event = Array.isArray(data?.packet?.data) ? data.packet.data[0] : undefined;
  if (!Array.isArray(rooms) || typeof event !== 'string') return null;
  return { rooms: rooms.filter((room): room is string => typeof room === 'string'), event };
}

function presentedToken(app: FastifyInstance, socket: RealtimeSocket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth !== '') return fromAuth;
  const cookieHeader = socket.handshake.headers.cookie;
  return cookieHeader ? app.parseCookie(cookieHeader)[SESSION_COOKIE] : undefined;
}

/**
 * The socket server (docs/product.md#realtime) on path /socket.io, sharing the HTTP server. A socket is
 * authenticated once from its session (cookie or `auth.token`) and joined to its employer's or
 * worker's room and to its session's room. On PostgreSQL the Postgres adapter carries events
 * between processes (LISTEN/NOTIFY); PGlite is one process and keeps the in-memory adapter.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => {
      // Browsers send no CORS preflight for WebSockets: the Origin is checked here (own or CORS_ORIGINS).
      callback(null, isTrustedOrigin(request.headers.origin, request.headers.host, app.config));
    },
  });

  let closing = false;
  const postgres = app.database.pool
    ? createPostgresAdapter(
        app.database.pool.options,
        (error) => {
          if (!closing) app.log.warn({ err: error }, 'socket.io postgres adapter error');
        },
        () => {
          // The link between processes was down: events other processes sent meanwhile are lost,
          // so every socket of this process refreshes what it shows (docs/product.md#realtime).
          if (closing) return;
          app.log.info('socket.io postgres adapter reconnected; sockets told to refresh');
          io.local.emit('refresh', null);
        },
      )
    : undefined;
  if (postgres) io.adapter(postgres.adapter);

  // Every event this process delivers is noted, so a socket that just connected can be told what it
  // may have missed: its own broadcasts in `broadcast`, other processes' as their notification
  // arrives (the adapter then delivers them to this process's sockets in the same call).
  const clock = new RoomClock();
  if (postgres) {
    const adapter = io.of('/').adapter as unknown as {
      uid?: unknown;
      onMessage(message: ClusterMessage, offset?: string): unknown;
    };
    const deliver = adapter.onMessage.bind(adapter);
    adapter.onMessage = (message, offset) => {
      const broadcast = broadcastOf(message, adapter.uid);
      if (broadcast) clock.sent(broadcast.rooms, broadcast.event);
      return deliver(message, offset);
    };
  }
  const forgetTimer = setInterval(() => clock.forgetOld(), FORGET_EVERY_MS);
  forgetTimer.unref();

  io.use((socket, next) => {
    const token = presentedToken(app, socket);
    if (!token) return next(new Error('unauthorized'));
    findSession(app.db, token).then(
      (session) => {
        if (!session) return next(new Error('unauthorized'));
        socket.data.actor = session.actor;
        socket.data.sessionId = session.sessionId;
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket authentication failed');
        next(new Error('server error'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { actor, sessionId } = socket.data;
    const rooms = [sessionRoom(sessionId)];
    if (actor.kind === 'employer' && actor.employerId !== null) rooms.push(employerRoom(actor.employerId));
    else if (actor.kind === 'worker' && actor.employeeId !== null) {
      rooms.push(workerRoom(actor.employeeId));
      if (actor.employerId !== null) rooms.push(staffRoom(actor.employerId));
    }
    void socket.join(rooms);
    // Joined now, so anything sent from here on arrives; what went to these rooms before is in the
    // clock. Asked with a `since` the server cannot use, it answers "cannot tell" (null).
    const since = (socket.handshake.auth as { since?: unknown } | undefined)?.since;
    if (since === undefined) return;
    const parsed = ZSince.safeParse(since);
    const missed = parsed.success ? clock.sentWithin(rooms, parsed.data) : null;
    socket.emit('missed_events', missed as TServerEvent[] | null);
  });

  /**
   * Logout closes its session's sockets at once, on every process (disconnectSession). This check
   * catches the rest within `socketSessionCheckMs` (15 s): sessions revoked without that call (a
   * password change), expired, or whose user was deleted. Each process checks only its own sockets.
   */
  let checking = false;
  async function recheckSessions(): Promise<void> {
    if (checking) return;
    checking = true;
    try {
      const sockets = [...io.of('/').sockets.values()];
      const live = await liveSessionIds(app.db, [...new Set(sockets.map((socket) => socket.data.sessionId))]);
      for (const socket of sockets) {
        if (!live.has(socket.data.sessionId)) socket.disconnect(true);
      }
    } finally {
      checking = false;
    }
  }
  const sessionTimer = setInterval(() => {
    recheckSessions().catch((error: unknown) => app.log.warn({ err: error }, 'socket session check failed'));
  }, app.config.socketSessionCheckMs);
  sessionTimer.unref();

  /** Events emitted and not yet sent to this process's sockets (`settled` awaits them). */
  const inFlight = new Set<Promise<void>>();
  /**
   * Every event goes out in the order it was emitted. The in-memory adapter sends at once; the
   * Postgres adapter first publishes (a NOTIFY) and only then sends to this process's sockets. Its
   * publishes go through one queue (`notifyBatcher` in realtime-adapter.ts) that runs them in order
   * and settles them in order, so two events emitted back to back cannot overtake each other, here
   * or on other processes, and a burst goes out in one round trip instead of one per event.
   */
  function broadcast(rooms: string[], data: [string, ...unknown[]]): void {
    clock.sent(rooms, data[0]);
    const adapter = io.of('/').adapter;
    // With no other process running (PGlite: never), and no earlier event still on its way out (it
    // would be overtaken), the event goes to this process's sockets at once, without a NOTIFY.
    const local = postgres === undefined || (inFlight.size === 0 && postgres.alone(adapter));
    // Alone, and none of this process's sockets is in these rooms: nobody is there to hear it.
    if (local && !rooms.some((room) => adapter.rooms.has(room))) return;
    // The packet Socket.IO's own `io.to(rooms).emit()` builds: an EVENT (2) to these rooms.
    const published = adapter.broadcast(
      { type: 2, data },
      { rooms: new Set(rooms), except: new Set(), flags: local ? { local: true } : {} },
    ) as Promise<void> | undefined;
    if (!published) return;
    const sent: Promise<void> = published
      .catch((error: unknown) => app.log.warn({ err: error }, 'socket event not sent'))
      .finally(() => inFlight.delete(sent));
    // A local event has been sent already: only what waits for its NOTIFY is in flight.
    if (!local) inFlight.add(sent);
  }

  app.decorate('realtime', {
    io,
    emitToEmployer(employerId, event, ...args) {
      broadcast([employerRoom(employerId)], [event, ...args]);
    },
    emitToWorker(employeeId, event, ...args) {
      broadcast([workerRoom(employeeId)], [event, ...args]);
    },
    emitToStaff(employerId, event, ...args) {
      broadcast([staffRoom(employerId)], [event, ...args]);
    },
    emitToRooms(rooms, event, ...args) {
      if (rooms.length > 0) broadcast(rooms, [event, ...args]);
    },
    async occupiedRooms(rooms) {
      const occupied = new Set<string>();
      if (rooms.length === 0) return occupied;
      const wanted = new Set(rooms);
      for (const socket of await io.in(rooms).fetchSockets()) {
        for (const room of socket.rooms) if (wanted.has(room)) occupied.add(room);
      }
      return occupied;
    },
    disconnectWorker(employeeId) {
      io.in(workerRoom(employeeId)).disconnectSockets(true);
    },
    disconnectSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    recheckSessions,
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    clock,
  } satisfies Realtime);

  // Open sockets would keep the HTTP server from closing; the server itself is closed by Fastify.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(sessionTimer);
    clearInterval(forgetTimer);
    // Only this process's sockets: with the Postgres adapter a plain disconnectSockets reaches all.
    io.local.disconnectSockets(true);
    io.engine.close();
    if (postgres) {
      // Stops the adapter's timers, then its LISTEN connection and publishing pool.
      await io.of('/').adapter.close();
      await postgres.close();
    }
  });
});
