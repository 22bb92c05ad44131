import type { Clock } from './service';
import type { WaitingRegistration } from './trust';

/** A confirmed clock, or a serial that employers registered and wait to confirm. */
export type Caller =
  | { clock: Clock; provedPin?: string }
  | { clock: null; serial: string; waiting: WaitingRegistration[]; provedPin?: undefined };
