/**
 * The realtime socket (docs/product.md#realtime): one socket.io connection shared by every screen that
 * listens, opened while at least one listens. The server joins it to its room from the session
 * cookie; the client never names a room. Handlers only update or invalidate TanStack Query keys
 * (STYLE), so a page never keeps a second copy of server state.
 *
 * The spec describes an employer-data socket and a chat socket. Both reach the same server on the
 * same path and session, so one connection carries both: it takes the chat socket's stricter
 * options (websocket only, 5 reconnection attempts starting 1 s apart), which the employer-data
 * events lose nothing by. After the 5 attempts it tries again when the browser comes back online
 * or the tab is shown again, so a long outage does not end realtime for the rest of the visit.
 *
 * The socket.io client (about 18 KB gzip) is loaded when the first screen listens, not with the
 * screen's own code: a page paints from its queries first and connects a moment later
 * (bench/README.md#web, the employer dashboard's first JavaScript). A change made in that moment
 * reaches neither, so the first connection asks the server which events it missed
 * (`auth.since`, answered by `missed_events`) and only those listeners refresh: refreshing every
 * query of the dashboard cost it two long tasks and its Lighthouse score.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@puna/domain';
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';

export type PunaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: PunaSocket | null = null;
let holders = 0;
let library: Promise<typeof import('socket.io-client')> | undefined;

/**
 * The shared socket, connecting it on first use; null when every holder let go while the client
 * library was loading. Pair every call with `releaseSocket`, also when it answers null.
 */
export function acquireSocket(): Promise<PunaSocket | null> {
  holders += 1;
  library ??= import('socket.io-client');
  return library.then(({ io }) => {
    if (holders === 0) return null;
    if (!socket) socket = openSocket(io);
    return socket;
  });
}

/** How long a first connection waits for the server's `missed_events` before refreshing everything. */
const MISSED_EVENTS_WAIT_MS = 5_000;

/** What each listener refreshes after a connection that may have missed its event. */
type Resync = { event: string; run: () => void };
const resyncs = new Set<Resync>();

/** Runs the resyncs of the missed events, or all of them when `missed` is null (cannot tell). */
function resync(missed: readonly string[] | null): void {
  for (const entry of [...resyncs]) if (missed === null || missed.includes(entry.event)) entry.run();
}

/** The server's `missed_events` answer: a list of event names, or null (also for anything else). */
function missedList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((name) => typeof name === 'string') ? value : null;
}

function openSocket(io: typeof import('socket.io-client')['io']): PunaSocket {
  // The first connection asks which events went to its rooms since the page opened (its data is
  // no older than the page), and refreshes only those listeners; a server that does not answer in
  // time gets everything refreshed. A reconnection refreshes everything: events may have been sent
  // to the old connection after it died unnoticed.
  let first = true;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const stopWaiting = () => {
    clearTimeout(waiting);
    waiting = undefined;
  };
  const created: PunaSocket = io({
    path: '/socket.io',
    withCredentials: true,
    transports: ['websocket'],
    reconnectionAttempts: 5,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20000,
    // Read at each attempt, so a first connection that took several attempts still covers the wait.
    auth: (send) => send(first ? { since: Math.ceil(performance.now()) } : {}),
  });
  // The connection state on <html data-realtime>: a diagnostic, and what browser tests wait for.
  // A socket already given up may still report; only the current one writes.
  created.on('connect', () => {
    if (socket === created) setRealtimeState('connected');
    if (first) {
      first = false;
      waiting = setTimeout(() => {
        waiting = undefined;
        resync(null);
      }, MISSED_EVENTS_WAIT_MS);
    } else {
      resync(null);
    }
  });
  created.on('missed_events', (missed: unknown) => {
    if (waiting === undefined) return;
    stopWaiting();
    resync(missedList(missed));
  });
  // The server lost events for a while (its link between processes was down): refresh them.
  created.on('refresh', (missed: unknown) => resync(missedList(missed)));
  created.on('disconnect', () => {
    if (socket === created) setRealtimeState('disconnected');
    // Unanswered: the reconnection refreshes everything anyway.
    stopWaiting();
  });
  window.addEventListener('online', revive);
  document.addEventListener('visibilitychange', revive);
  return created;
}

/** Reconnects a socket that gave up once the page can use it again (a no-op while it is still trying). */
function revive(): void {
  if (socket && !socket.connected && document.visibilityState === 'visible') socket.connect();
}

/** Gives the socket back; the last holder disconnects it. */
export function releaseSocket(): void {
  holders = Math.max(0, holders - 1);
  if (holders === 0 && socket) {
    window.removeEventListener('online', revive);
    document.removeEventListener('visibilitychange', revive);
    socket.disconnect();
    socket = null;
    setRealtimeState(undefined);
  }
}

function setRealtimeState(state: 'connected' | 'disconnected' | undefined): void {
  if (state) document.documentElement.dataset.realtime = state;
  else delete document.documentElement.dataset.realtime;
}

type Listener<E extends keyof ServerToClientEvents> = ServerToClientEvents[E];

/**
 * Listens to one server event while the calling component is mounted. `onReconnect` runs when this
 * event may have been missed (typically: invalidate queries): after every reconnection, and after
 * the first connection when the server says the event went to the socket's rooms since the page
 * opened (or cannot tell).
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  listener: Listener<E>,
  onReconnect?: () => void,
): void {
  // The latest callbacks, so a new function each render does not reconnect.
  const listenerRef = useRef(listener);
  listenerRef.current = listener;
  const reconnectRef = useRef(onReconnect);
  reconnectRef.current = onReconnect;

  useEffect(() => {
    let active = true;
    let detach = () => {};
    void acquireSocket().then((current) => {
      if (!active || !current) return;
      const handler = ((...args: Parameters<Listener<E>>) =>
        (listenerRef.current as (...values: Parameters<Listener<E>>) => void)(...args)) as Listener<E>;
      // Every connect after this listener attached may follow missed events: a reconnect, and the
      // first connect too, since the screen's queries may have been answered before the socket
      // joined its rooms (the client library loads after the first paint). `openSocket` decides
      // which listeners that concerns.
      const entry: Resync = { event, run: () => reconnectRef.current?.() };
      // socket.io's typed `on` needs the event map's own key types; the casts keep this hook generic.
      (current.on as (name: string, fn: (...args: unknown[]) => void) => void)(
        event,
        handler as (...args: unknown[]) => void,
      );
      resyncs.add(entry);
      detach = () => {
        (current.off as (name: string, fn: (...args: unknown[]) => void) => void)(
          event,
          handler as (...args: unknown[]) => void,
        );
        resyncs.delete(entry);
      };
    });
    return () => {
      active = false;
      detach();
      releaseSocket();
    };
  }, [event]);
}

/**
 * The shared socket while the calling component is mounted (null before its first effect), for
 * screens that send as well as listen (chat). Listeners still belong in `useSocketEvent`.
 */
export function useSocket(): PunaSocket | null {
  const [current, setCurrent] = useState<PunaSocket | null>(null);
  useEffect(() => {
    let active = true;
    void acquireSocket().then((socket) => {
      if (active) setCurrent(socket);
    });
    return () => {
      active = false;
      setCurrent(null);
      releaseSocket();
    };
  }, []);
  return current;
}
