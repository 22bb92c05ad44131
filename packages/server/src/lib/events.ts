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

/**
 * An in-process bus, one per app (`deps.events`). `publish` runs every handler of the event, in the
 * order they subscribed, inside the publisher's transaction: what a handler writes (a clock's
 * queued commands) commits or rolls back with the change that caused it, and a handler's error
 * fails the publisher's request as its own would.
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventName, Handler<DomainEventName>[]>();

  on<E extends DomainEventName>(name: E, handler: Handler<E>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as unknown as Handler<DomainEventName>);
    this.handlers.set(name, list);
  }

  async publish<E extends DomainEventName>(tx: Executor, name: E, event: DomainEvents[E]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) await handler(tx, event);
  }
}
