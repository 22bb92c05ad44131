import { z } from 'zod';
import { ZIsoDate } from './calendar';
import { resultEnvelope } from './envelope';
import { messages } from './messages';

/** The longest note a worker or an employer writes on a correction request. */
export const CORRECTION_NOTE_MAX = 500;

export const CORRECTION_KINDS = ['in', 'out'] as const;
export type TCorrectionKind = (typeof CORRECTION_KINDS)[number];
export const CORRECTION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TCorrectionStatus = (typeof CORRECTION_STATUSES)[number];
/** Who wrote a day's correction: the employer's edit, an approved request, or the automatic checkout. */
export const CORRECTION_ORIGINS = ['employer', 'worker', 'automatic'] as const;
export type TCorrectionOrigin = (typeof CORRECTION_ORIGINS)[number];

const ZNote = z
  .string({ error: messages.correctionNoteTooLong })
  .trim()
  .max(CORRECTION_NOTE_MAX, { error: messages.correctionNoteTooLong });

/** 'HH:MM' (00:00 to 23:59) on the request's date, in the employer's time zone. */
export const ZCorrectionTime = z
  .string({ error: messages.correctionTimeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.correctionTimeInvalid });

/** Body of POST /krye/worker/me/corrections: "I forgot to scan". */
export const ZCorrectionRequestInput = z.strictObject({
  date: ZIsoDate,
  kind: z.enum(CORRECTION_KINDS, { error: messages.correctionKindInvalid }),
  time: ZCorrectionTime,
  note: ZNote.optional(),
});
export type TCorrectionRequestInput = z.infer<typeof ZCorrectionRequestInput>;

/** Body of PUT /krye/corrections/{id}: the employer's answer. */
export const ZCorrectionDecision = z.strictObject({
  status: z.enum(['approved', 'declined'], { error: messages.correctionStatusInvalid }),
  note: ZNote.optional(),
});
export type TCorrectionDecision = z.infer<typeof ZCorrectionDecision>;

/** Query of GET /krye/corrections: one status, or every request when absent. */
export const ZCorrectionListQuery = z.strictObject({
  status: z.enum(CORRECTION_STATUSES, { error: messages.correctionFilterInvalid }).optional(),
});

/** One "I forgot to scan" request (docs/product.md#missed-punches). */
export const ZCorrection = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  date: z.string(),
  kind: z.enum(CORRECTION_KINDS),
  /** 'HH:MM'. */
  time: z.string(),
  note: z.string().nullable(),
  status: z.enum(CORRECTION_STATUSES),
  decision_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /** Not yet seen by the side listing it (cleared by that listing). */
  unread: z.boolean(),
});
export type TCorrection = z.infer<typeof ZCorrection>;

/** A request on the employer's list: with the worker's name and the day as it stands now. */
export const ZEmployerCorrection = ZCorrection.extend({
  name: z.string(),
  /** The day's first and last time now ('HH:MM', corrections applied), or null without scans. */
  first_scan: z.string().nullable(),
  last_scan: z.string().nullable(),
});
export type TEmployerCorrection = z.infer<typeof ZEmployerCorrection>;

export const ZCorrectionList = z.object({
  /** Requests the caller had not seen before this listing. */
  unread: z.number().int(),
  /** Requests still waiting for the employer's answer. */
  pending: z.number().int(),
  corrections: z.array(ZCorrection),
});
export const ZEmployerCorrectionList = z.object({
  unread: z.number().int(),
  pending: z.number().int(),
  corrections: z.array(ZEmployerCorrection),
});
export type TCorrectionList = z.infer<typeof ZCorrectionList>;
export type TEmployerCorrectionList = z.infer<typeof ZEmployerCorrectionList>;

export const ZCorrectionResponse = resultEnvelope(ZCorrection);
export const ZCorrectionListResponse = resultEnvelope(ZCorrectionList);
export const ZEmployerCorrectionListResponse = resultEnvelope(ZEmployerCorrectionList);

/** Unread marks for the navigation: GET /krye/corrections/unread and /krye/worker/me/corrections/unread. */
export const ZCorrectionUnreadResponse = resultEnvelope(z.object({ unread: z.number().int() }));
/** GET /krye/corrections/unread: the employer's unseen requests and those waiting for an answer (the requests inbox's count). */
export const ZEmployerCorrectionUnreadResponse = resultEnvelope(
  z.object({ unread: z.number().int(), pending: z.number().int() }),
);
