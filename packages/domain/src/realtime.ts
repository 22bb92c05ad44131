import type { TDevice } from './devices';
import type { TEmployee } from './employees';
import type { TRfidUpdate } from './rfid';

/**
 * Events the server pushes on the employer-data socket (path /socket.io). A socket joins its room
 * from its session, never from anything the client names.
 */
export interface ServerToClientEvents {
  /** The employer's whole employee list, after any employee or role change. */
  employee_update: (employees: TEmployee[]) => void;
  /** Scans just stored from one batch: the worker (null for an unknown card) and the scans. */
  rfid_update: (update: TRfidUpdate) => void;
  /** A device was registered, renamed, removed, or came online or sent scans. */
  device_update: (device: TDevice | { device_id: string; removed: true }) => void;
}

/** Nothing is sent by the client on the employer-data socket yet. */
export type ClientToServerEvents = Record<string, never>;

export type TServerEvent = keyof ServerToClientEvents;
