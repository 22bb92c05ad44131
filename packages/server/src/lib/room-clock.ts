/**
 * When each event last went to each socket room, as seen by this process: what lets a socket that
 * has just connected learn which events it may have missed (docs/architecture.md#catching-up-on-a-first-connection).
 *
 * A page answers its queries first and opens its socket a moment later, so a change made in between
 * reaches neither. The client says how old its data can be (`auth.since`, the page's age in ms) and
 * the server answers with the events that went to the socket's rooms in that time, plus a margin for
 * the difference in the two trips' delays. Every event is seen here: those this process emits when
 * they are emitted, those of other processes when their notification arrives (before they reach this
 * process's sockets). Times are monotonic (`performance.now()`), never the wall clock.
 */

/** Added to the client's `since`: a handshake may travel slower than the page's first requests did. */
export const CATCH_UP_MARGIN_MS = 2_000;
/** How long an event is remembered; a client asking about a longer time is told "cannot tell". */
export const CATCH_UP_RETAIN_MS = 10 * 60_000;

export type RoomClockOptions = { marginMs?: number; retainMs?: number; now?: () => number };

export class RoomClock {
  /** room → event → when it last went there. */
  private readonly lastSent = new Map<string, Map<string, number>>();
  private readonly marginMs: number;
  private readonly retainMs: number;
  private readonly now: () => number;
  /** Before this, events went unseen (the process had not started). */
  private readonly startedAt: number;

  constructor(options: RoomClockOptions = {}) {
    this.marginMs = options.marginMs ?? CATCH_UP_MARGIN_MS;
    this.retainMs = options.retainMs ?? CATCH_UP_RETAIN_MS;
    this.now = options.now ?? (() => performance.now());
    this.startedAt = this.now();
  }

  /** Notes that `event` went to these rooms now. */
  sent(rooms: Iterable<string>, event: string): void {
    const at = this.now();
    for (const room of rooms) {
      let events = this.lastSent.get(room);
      if (!events) {
        events = new Map();
        this.lastSent.set(room, events);
      }
      events.set(event, at);
    }
  }

  /**
   * The events that went to any of these rooms in the last `sinceMs` (and the margin), each once in
   * the order first seen; null when this process cannot tell, because it started or forgot within
   * that time.
   */
  sentWithin(rooms: Iterable<string>, sinceMs: number): string[] | null {
    const now = this.now();
    const from = now - sinceMs - this.marginMs;
    if (from < this.startedAt || from < now - this.retainMs) return null;
    const events = new Set<string>();
    for (const room of rooms) {
      for (const [event, at] of this.lastSent.get(room) ?? []) if (at >= from) events.add(event);
    }
    return [...events];
  }

  /** Forgets what is older than the retention time; call now and then. */
  forgetOld(): void {
    const before = this.now() - this.retainMs;
    for (const [room, events] of this.lastSent) {
      for (const [event, at] of events) if (at < before) events.delete(event);
      if (events.size === 0) this.lastSent.delete(room);
    }
  }

  /** How many rooms are remembered (for tests and the bench). */
  get size(): number {
    return this.lastSent.size;
  }
}
