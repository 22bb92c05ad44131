import type {
  TChatMessage,
  TChatUserType,
  TCorrectionStatus,
  TDevice,
  TEmployee,
  TLeaveRequest,
  TRfidUpdate,
  TShiftRequest,
} from '@puna/domain';
import type { Executor } from '../db/executor';

/**
 * What an employee is to a time clock: the name it shows, its card and its PIN. Taken before a
 * change, so a subscriber can tell what changed (and delete a PIN no longer used).
 */
export type ClockIdentity = { name: string; rfid: string | null; pin: string | null };

/**
 * Domain events: facts a feature states about its own data, for the features that react to them
 * (the time clocks' sync today; docs/architecture.md#boundaries). The publisher does not know who
 * listens: no feature imports the clock module to tell it something changed.
 */
export type DomainEvents = {
  /** An employee was added (`before` null), changed or archived: its name, card or PIN may differ. */
  'employee.saved': { employerId: number; employeeId: number; before: ClockIdentity | null };
  /** A clock is to learn the whole team again (confirmed, asked to resend, or its user format changed). */
  'clock.rosterRequested': { employerId: number; deviceId: number; numericUsers?: boolean };
};

export type DomainEventName = keyof DomainEvents;
type Handler<E extends DomainEventName> = (tx: Executor, event: DomainEvents[E]) => Promise<void>;

/** A correction request as its notices tell it. */
export type CorrectionFact = {
  id: number;
  employeeId: number;
  employeeName: string;
  kind: 'in' | 'out';
  date: string;
  time: string;
  status: TCorrectionStatus;
  decisionNote: string | null;
};

/**
 * Facts announced after they committed, for the features that tell people: the open pages
 * (realtime, `modules/live`) and the browsers' notifications (`modules/notifications`). The
 * publisher states what happened; it does not know who is told, or how.
 */
export type AnnouncedEvents = {
  /** Hours entries were added, changed or deleted. */
  'hours.changed': { employerId: number; changes: { employeeId: number; date: string }[] };
  /** Scans were stored or a day's scans changed (one update per employee; a null worker is an unknown card). */
  'scans.changed': { employerId: number; updates: TRfidUpdate[] };
  /** A device was registered, renamed, confirmed, came online or sent scans. */
  'device.changed': { employerId: number; device: TDevice };
  /** A device left the employer (removed, or confirmed by another employer). */
  'device.removed': { employerId: number; deviceId: string };
  /** A confirmed clock calls from a network it was not confirmed on (once per clock per network). */
  'clock.moved': { employerId: number; serial: string; name: string };
  /** The employer's employee list changed (an employee or a role); the list as it is now. */
  'employees.changed': { employerId: number; employees: TEmployee[] };
  /** Sessions or a worker's every session lost their right to stay connected. */
  'access.revoked': { sessionIds?: number[]; employeeIds?: number[] };
  /** A worker asked for leave, or the employer recorded it (then already approved). */
  'leave.requested': { employerId: number; employeeName: string; request: TLeaveRequest };
  /** The employer decided a leave request or recorded leave: the worker is told. */
  'leave.decided': { employerId: number; request: TLeaveRequest };
  /** The worker withdrew a pending request. */
  'leave.cancelled': { employerId: number; request: TLeaveRequest };
  /** A worker asked to correct a missed scan. */
  'correction.requested': { employerId: number; correction: CorrectionFact };
  /** The employer approved or declined a correction (approved: the day's scans changed). */
  'correction.decided': { employerId: number; correction: CorrectionFact };
  /** A scheduled shift ended without a checkout; `closedAt` when the automatic checkout closed it. */
  'attendance.checkoutMissed': {
    employerId: number;
    employeeId: number;
    date: string;
    shiftEnd: string;
    closedAt: string | null;
  };
  /** The morning digest of yesterday's exceptions, one line per kind (`summary`). */
  'attendance.digest': { employerId: number; date: string; summary: string };
  /** The employer added, changed, moved, copied or removed shifts not yet published (its own screens follow). */
  'roster.changed': { employerId: number };
  /** The employer published a range of the roster: these workers' shifts were added, changed or removed. */
  'roster.published': { employerId: number; employeeIds: number[]; from: string; to: string };
  /** A claim of an open shift, or a swap the colleague accepted, waits for the employer. */
  'shift.requested': { employerId: number; request: TShiftRequest };
  /** A worker offered its shift to a colleague, who is to accept it. */
  'shift.offered': { employerId: number; request: TShiftRequest };
  /** The employer approved or declined a claim or a swap. */
  'shift.decided': { employerId: number; request: TShiftRequest };
  /** A worker's published shift began 15 minutes ago with no scan (told once per shift). */
  'shift.noShow': {
    employerId: number;
    shiftId: number;
    employeeId: number;
    employeeName: string;
    date: string;
    start: string;
    end: string;
  };
  /** A chat message that members with no open page have not seen. */
  'chat.unseen': { message: TChatMessage; recipients: { type: TChatUserType; id: number }[] };
};

export type AnnouncedEventName = keyof AnnouncedEvents;
type Listener<E extends AnnouncedEventName> = (event: AnnouncedEvents[E]) => void | Promise<void>;
type Log = { warn(details: object, message: string): void };

/**
 * An in-process bus, one per app (`deps.events`), for two kinds of events.
 *
 * `publish` runs every handler of a domain event, in the order they subscribed, inside the
 * publisher's transaction: what a handler writes (a clock's queued commands) commits or rolls back
 * with the change that caused it, and a handler's error fails the publisher's request as its own
 * would.
 *
 * `announce` tells the listeners of a committed fact. A listener's failure (a push service that
 * does not answer) never fails the request that caused it: it is logged. The promise settles when
 * every listener is done; a publisher that must answer fast does not wait for it.
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Handler<DomainEventName>[]>();
  private readonly listeners = new Map<AnnouncedEventName, Listener<AnnouncedEventName>[]>();

  constructor(private readonly log: Log = { warn: () => {} }) {}

  on<E extends DomainEventName>(name: E, handler: Handler<E>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as unknown as Handler<DomainEventName>);
    this.handlers.set(name, list);
  }

  async publish<E extends DomainEventName>(tx: Executor, name: E, event: DomainEvents[E]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) await handler(tx, event);
  }

  listen<E extends AnnouncedEventName>(name: E, listener: Listener<E>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as unknown as Listener<AnnouncedEventName>);
    this.listeners.set(name, list);
  }

  async announce<E extends AnnouncedEventName>(name: E, event: AnnouncedEvents[E]): Promise<void> {
    const listeners = this.listeners.get(name) ?? [];
    await Promise.all(
      listeners.map(async (listener) => {
        try {
          await listener(event);
        } catch (error) {
          this.log.warn({ err: error, event: name }, 'an event listener failed');
        }
      }),
    );
  }
}
