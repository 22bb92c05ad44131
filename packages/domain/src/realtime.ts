import type { TChat, TChatMessage, TSocketAck } from './chat';
import type { TCorrectionStatus } from './corrections-api';
import type { TDevice } from './devices';
import type { TEmployee } from './employees';
import type { TLeaveStatus } from './leave';
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
  /** A message stored in a chat the socket's user belongs to. */
  newMessage: (message: TChatMessage) => void;
  /** A chat the socket's user was just made a member of. */
  newChat: (chat: TChat) => void;
  /** A worker asked to correct a missed scan, or a request was answered (docs/product.md#missed-punches). */
  correction_update: (update: { id: number; status: TCorrectionStatus }) => void;
  /** A leave was asked for, decided, recorded or withdrawn (to the employer, and to the worker it is for). */
  leave_update: (update: { id: number; employee_id: number; status: TLeaveStatus }) => void;
  /**
   * Sent once, right after a connection whose handshake carried `auth.since` (how old, in ms, the
   * client's data may be): the events that went to the socket's rooms in that time, or null when
   * the server cannot tell (the client then refreshes everything). docs/product.md#realtime.
   */
  missed_events: (events: TServerEvent[] | null) => void;
  /**
   * Sent at any time when the server may have lost events for this socket (its link to the other
   * processes was down and is back): the events to refresh, or null for everything.
   */
  refresh: (events: TServerEvent[] | null) => void;
  /** Hours entries were added, changed or deleted (to the employer, and to each worker whose hours changed). */
  hours_update: (update: THoursUpdate) => void;
  /**
   * The roster changed (docs/product.md#realtime): `changed`, the employer's unpublished plan (to the
   * employer); `published`, a range was published (to the employer and all its workers: open shifts
   * are everyone's); `request`, a claim or swap was asked, offered or decided (to the employer and
   * the workers it names; a decision to all its workers).
   */
  shift_update: (update: { reason: 'changed' | 'published' | 'request' }) => void;
}

/** Which workers' hours changed on which dates. */
export type THoursUpdate = { employee_ids: number[]; dates: string[] };

/**
 * What a client sends (the chat socket, docs/product.md#realtime). The server checks membership on every call and
 * fills the sender from the session; rooms are joined by the server, never as the client names them.
 */
export interface ClientToServerEvents {
  /** Start receiving `newMessage` for one chat (members only); marks it read. */
  joinChat: (chatId: number | string, ack?: (result: TSocketAck) => void) => void;
  /** Store then broadcast a message; the ack carries the stored message. */
  sendMessage: (payload: unknown, ack?: (result: TSocketAck<TChatMessage>) => void) => void;
  /** Accepted for the spec's client; the server already announced the chat when it was created. */
  newChat: (chat: unknown, ack?: (result: TSocketAck) => void) => void;
}

export type TServerEvent = keyof ServerToClientEvents;
