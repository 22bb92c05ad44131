import { z } from 'zod';
import { ZIsoDate } from './calendar';
import { entryTimesProblem, ZEntryClock } from './entry-times';
import { resultEnvelope } from './envelope';
import { ZHours } from './hours';
import { idField } from './ids';
import { messages } from './messages';

/** One day's hours of one worker, as every hours list returns it. */
export const ZHoursEntry = z.object({
  id: z.number().int(),
  worker_id: z.number().int(),
  /** The employee's current name. */
  name: z.string(),
  /** YYYY-MM-DD. */
  data: z.string(),
  /** Albanian weekday of `data`, computed by the server. */
  dita: z.string(),
  ora: z.number(),
  employer_id: z.number().int(),
  /** When the hours started and ended ('HH:MM'; `to` before `from` ends the next day); absent when not given. */
  from: z.string().optional(),
  to: z.string().optional(),
});
export type THoursEntry = z.infer<typeof ZHoursEntry>;

export const ZHoursListResponse = resultEnvelope(z.array(ZHoursEntry));

/** A worker on approved leave on one day of the hours list (docs/product.md#hours-list). */
export const ZHoursOnLeave = z.object({
  worker_id: z.number().int(),
  name: z.string(),
  /** YYYY-MM-DD. */
  date: z.string(),
  /** The leave type's name. */
  type: z.string(),
  paid: z.boolean(),
});
export type THoursOnLeave = z.infer<typeof ZHoursOnLeave>;

/** GET /krye/klista: the entries, and beside them every day of approved leave in the period (by name, then date). */
export const ZHoursPeriodListResponse = ZHoursListResponse.extend({ on_leave: z.array(ZHoursOnLeave) });
export const ZHoursEntryResponse = resultEnvelope(ZHoursEntry);

/** Adds the entry's times problem (entryTimesProblem) as an issue on `from`. */
function checkEntryTimes(
  entry: { ora: number; from?: string | null | undefined; to?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const problem = entryTimesProblem({ ora: entry.ora, from: entry.from ?? undefined, to: entry.to ?? undefined });
  if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: messages[problem] });
}

/**
 * One row of POST /krye/addworkerklista. `name`, `dita` and `employer_id` are accepted for older
 * clients and ignored: the server takes them from the employee, the date and the session.
 */
export const ZNewHoursEntryFields = z.strictObject({
  worker_id: idField(messages.hoursWorkerInvalid),
  data: ZIsoDate,
  ora: ZHours,
  /** Optional start and end of the hours (docs/product.md#hours-times). */
  from: ZEntryClock.optional(),
  to: ZEntryClock.optional(),
  name: z.string().optional(),
  dita: z.string().optional(),
  employer_id: z.union([z.number(), z.string()]).optional(),
});
/** The row with its times checked against its hours (a refined schema cannot be picked: forms pick the fields). */
export const ZNewHoursEntry = ZNewHoursEntryFields.superRefine(checkEntryTimes);
export type TNewHoursEntry = z.infer<typeof ZNewHoursEntry>;
export type TNewHoursEntryInput = z.input<typeof ZNewHoursEntry>;

export const MAX_ENTRIES_PER_REQUEST = 1000;

export const ZAddHoursRequest = z
  .array(ZNewHoursEntry, { error: messages.hoursEntriesList })
  .min(1, messages.hoursSelectWorker)
  .max(MAX_ENTRIES_PER_REQUEST, messages.hoursTooManyEntries);
export type TAddHoursRequest = z.infer<typeof ZAddHoursRequest>;

/**
 * PUT /krye/edit_klista/{id}: `ora` changes, and the times when given (null clears them); name, data
 * and dita are accepted and ignored. Without times the stored ones stay, unless the new hours no
 * longer fit between them: then they are cleared (docs/product.md#hours-times).
 */
export const ZEditHoursFields = z.strictObject({
  id: idField().optional(),
  ora: ZHours,
  from: ZEntryClock.nullable().optional(),
  to: ZEntryClock.nullable().optional(),
  name: z.string().optional(),
  data: z.string().optional(),
  dita: z.string().optional(),
});
export const ZEditHoursRequest = ZEditHoursFields.superRefine(checkEntryTimes);
export type TEditHoursRequest = z.infer<typeof ZEditHoursRequest>;

/** PUT /krye/edit_klista_modal: the entry's id in the body. */
export const ZEditHoursModalRequest = z.strictObject({
  id: idField(),
  ora: ZHours,
  name: z.string().optional(),
});
export type TEditHoursModalRequest = z.infer<typeof ZEditHoursModalRequest>;

export const ZDeleteHoursRequest = z.strictObject({
  idsToDelete: z
    .array(idField(), { error: messages.hoursDeleteList })
    .min(1, messages.hoursSelectEntry)
    .max(MAX_ENTRIES_PER_REQUEST, messages.hoursTooManyEntries),
});
export type TDeleteHoursRequest = z.infer<typeof ZDeleteHoursRequest>;

export const ZDeletedResponse = resultEnvelope(z.object({ deleted: z.number().int() }));

/** GET /krye/workerdate: who has an entry on the date. */
export const ZWorkerDate = z.object({ worker_id: z.number().int(), data: z.string() });
export const ZWorkerDateListResponse = resultEnvelope(z.array(ZWorkerDate));

/** GET /krye/workerdate: one date (today in the employer's time zone when absent). */
export const ZWorkerDateQuery = z.strictObject({ date: ZIsoDate.optional() });

/** `{ workerId }` path parameter of GET /krye/oret/{workerId}. */
export const ZWorkerIdParams = z.object({ workerId: idField(messages.workerIdInvalid) });

/** GET /krye/get_worker_id, for a worker's session. */
export const ZWorkerIdResponse = z.object({ workerId: z.number().int() });
