import type { TEmployee } from './employees';

/**
 * Events the server pushes on the employer-data socket (path /socket.io). A socket joins its room
 * from its session, never from anything the client names.
 */
export interface ServerToClientEvents {
  /** The employer's whole employee list, after any employee or role change. */
  employee_update: (employees: TEmployee[]) => void;
}

/** Nothing is sent by the client on the employer-data socket yet. */
export type ClientToServerEvents = Record<string, never>;

export type TServerEvent = keyof ServerToClientEvents;
