import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets the event loop read sockets before the next chunk of a long job. On the embedded database
 * every query runs synchronously and settles as a microtask, so a loop of awaited chunks would
 * otherwise never reach the I/O phase: another tenant's request would not even be read until the
 * whole job ended (measured: 21 s behind a 16 MiB clock upload).
 */
export function yieldToEventLoop(): Promise<void> {
  return nextTurn();
}
