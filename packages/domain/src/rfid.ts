import { z } from 'zod';
import { ZIsoDate } from './calendar';
import { CORRECTION_ORIGINS } from './corrections-api';
import { resultEnvelope } from './envelope';
import { ZHoursOnLeave } from './hours-entries';
import { idField } from './ids';
import { ZDayMarkFields } from './marks';
import { messages } from './messages';
import { OVERNIGHT_PAIRING_MINUTES } from './shifts';

/** A card UID as readers send it (hex or decimal digits); stored upper-case. */
export const ZCardUid = z
  .string()
  .trim()
  .min(1, messages.cardUidRequired)
  .max(64, messages.cardUidTooLong)
  .regex(/^[\w:-]+$/, messages.cardUidFormat)
  .transform((uid) => uid.toUpperCase());

/** GET /krye/listarfid: `{ id, name, rfid }` (docs/product.md#rfid-list). */
export const ZRfidWorker = z.object({ id: z.number().int(), name: z.string(), rfid: z.string().nullable() });
export const ZRfidWorkerListResponse = resultEnvelope(z.array(ZRfidWorker));

/** A scan record (docs/product.md#rfid-list): date, time (`HH:MM:SS`, employer's zone), weekday name. */
export const ZScanRecord = z.object({ date: z.string(), time: z.string(), day: z.string() });
export type TScanRecord = z.infer<typeof ZScanRecord>;
export const ZScanRecordListResponse = resultEnvelope(z.array(ZScanRecord));

export const ZRfidDataQuery = z.strictObject({ rfid_worker_id: idField(), date: ZIsoDate.optional() });
export const ZRfidDateQuery = z.strictObject({ date: ZIsoDate });

/** One worker's scanned day on the RFID list, corrections applied. */
export const ZRfidDay = z.object({
  id: z.number().int(),
  name: z.string(),
  date: z.string(),
  day: z.string(),
  firstScanTime: z.string(),
  lastScanTime: z.string(),
  scanCount: z.number().int(),
  missingCheckout: z.boolean(),
  hours: z.number(),
  corrected: z.boolean(),
  /** Scanned in today and not out yet: at work since the first scan, not a missing checkout. */
  atWork: z.boolean(),
  // Optional fields after the required ones: the compiled serializer writes required ones first.
  /** Who corrected the day: 'employer', 'worker' (an approved "I forgot to scan") or 'automatic' (checkout at the scheduled end); null when raw. */
  correction_origin: z.enum(CORRECTION_ORIGINS).nullable().optional(),
  /** The last time is the next day's: a shift past midnight, on the date it started (docs/product.md#night-shifts); absent otherwise. */
  ends_next_day: z.literal(true).optional(),
  /** Punches of the day flagged and not yet accepted (docs/product.md#phone-clock); absent when none. */
  flagged: z.number().int().optional(),
  /** The day's mark against the schedule (docs/product.md#marks); absent when the day has none of its own. */
  ...ZDayMarkFields,
});
export type TRfidDay = z.infer<typeof ZRfidDay>;
/**
 * Whether a single-scan day is a worker still at work (today, in the employer's zone) rather than
 * a missing checkout (a past day): the list then says "at work since" instead of flagging it.
 */
export function isStillAtWork(day: { date: string; missingCheckout: boolean }, today: string): boolean {
  return day.missingCheckout && day.date === today;
}

/**
 * GET /krye/rfid_day: the day's scanned workers, and beside them (`on_leave`) the workers on
 * approved leave that day, also those who did not scan (docs/product.md#rfid-list).
 */
export const ZRfidDayListResponse = resultEnvelope(z.array(ZRfidDay)).extend({ on_leave: z.array(ZHoursOnLeave) });

const ZClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, messages.scanTimeFormat)
  .transform((time) => time.slice(0, 5));

/** Minutes from midnight of 'HH:MM'. */
const minutesOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * PUT /krye/edit_rfid: the shift of `date`; a last time before the first is the next day's (a night
 * shift, 22:00 to 06:00: docs/product.md#night-shifts), for a shift of at most 14 hours as the
 * scans' pairing (`OVERNIGHT_PAIRING_MINUTES`).
 */
export const ZEditRfidRequest = z
  .object({ id: idField(), date: ZIsoDate, firstScanTime: ZClockTime, lastScanTime: ZClockTime })
  .refine(
    (body) =>
      body.firstScanTime <= body.lastScanTime ||
      minutesOfTime(body.lastScanTime) + 1440 - minutesOfTime(body.firstScanTime) <= OVERNIGHT_PAIRING_MINUTES,
    { message: messages.scanTimesOrder, path: ['lastScanTime'] },
  );
export type TEditRfidRequest = z.infer<typeof ZEditRfidRequest>;

/** DELETE /krye/delete_rfid. */
export const ZDeleteRfidRequest = z.strictObject({ id: idField(), date: ZIsoDate });

/** Scans of cards no employee holds, by UID, for "assign to …". */
export const ZUnknownCard = z.object({ uid: z.string(), scans: z.number().int(), lastScan: z.string() });
export const ZUnknownCardListResponse = resultEnvelope(z.array(ZUnknownCard));

/** POST /krye/rfid/assign. */
export const ZAssignCardRequest = z.strictObject({ uid: ZCardUid, employeeId: idField() });
/**
 * How many of the card's unattributed scans became the employee's; the card's scans dated in a
 * closed month stay unattributed (its payroll is settled): how many, and which months.
 */
export const ZAssignCardResponse = resultEnvelope(
  z.object({
    attributedScans: z.number().int(),
    keptInClosedMonths: z.number().int(),
    closedMonths: z.array(z.string()),
  }),
);

/** The `rfid_update` payload: the worker (or null for an unknown card) and the scans just stored. */
export const ZRfidUpdate = z.object({
  worker: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  scanData: z.array(z.object({ uid: z.string(), date: z.string(), time: z.string(), day: z.string() })),
});
export type TRfidUpdate = z.infer<typeof ZRfidUpdate>;
