import type { ClientToServerEvents, ServerToClientEvents, TSessionUser } from '@puna/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { findSession } from '../modules/auth/sessions';
import { SESSION_COOKIE } from './auth';

type SocketData = { user: TSessionUser };
type InterServerEvents = Record<string, never>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

export type Realtime = {
  io: RealtimeServer;
  /** Sends an event to every socket of one employer (its owner and admins acting as it). */
  emitToEmployer<E extends keyof ServerToClientEvents>(employerId: number, event: E, ...args: EventArgs<E>): void;
  /** Sends an event to every socket of one worker. */
  emitToWorker<E extends keyof ServerToClientEvents>(employeeId: number, event: E, ...args: EventArgs<E>): void;
  /** Closes a worker's open sockets (its employee was deleted, so its sessions are gone). */
  disconnectWorker(employeeId: number): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Rooms are named by the server from the session; a client can never pick one. */
export const employerRoom = (employerId: number) => `employer:${employerId}`;
export const workerRoom = (employeeId: number) => `worker:${employeeId}`;

/** A browser socket must come from this app's own origin; non-browser clients send none. */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  if (origin === publicUrl) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function presentedToken(app: FastifyInstance, socket: RealtimeSocket): string | undefined {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth !== '') return fromAuth;
  const cookieHeader = socket.handshake.headers.cookie;
  return cookieHeader ? app.parseCookie(cookieHeader)[SESSION_COOKIE] : undefined;
}

/**
 * The employer-data socket (SPEC §7 Realtime) on path /socket.io, sharing the HTTP server. A
 * socket is authenticated once from its session (cookie or `auth.token`) and joined to its
 * employer's or worker's room.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => {
      callback(null, isAllowedOrigin(request.headers.origin, request.headers.host, app.config.publicUrl));
    },
  });

  io.use((socket, next) => {
    const token = presentedToken(app, socket);
    if (!token) return next(new Error('unauthorized'));
    findSession(app.db, token).then(
      (session) => {
        if (!session) return next(new Error('unauthorized'));
        socket.data.user = session.user;
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket authentication failed');
        next(new Error('server error'));
      },
    );
  });

  io.on('connection', (socket) => {
    const { user } = socket.data;
    if (user.role === 'employer' && user.employerId !== null) void socket.join(employerRoom(user.employerId));
    else if (user.role === 'worker' && user.employeeId !== null) void socket.join(workerRoom(user.employeeId));
  });

  app.decorate('realtime', {
    io,
    emitToEmployer(employerId, event, ...args) {
      io.to(employerRoom(employerId)).emit(event, ...args);
    },
    emitToWorker(employeeId, event, ...args) {
      io.to(workerRoom(employeeId)).emit(event, ...args);
    },
    disconnectWorker(employeeId) {
      io.in(workerRoom(employeeId)).disconnectSockets(true);
    },
  } satisfies Realtime);

  // Open sockets would keep the HTTP server from closing; the server itself is closed by Fastify.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    io.engine.close();
  });
});
