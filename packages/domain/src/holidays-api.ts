import { z } from 'zod';
import { ZIsoDate } from './calendar';
import { ZJurisdiction } from './labour/rule-set-schema';
import { messages, requiredOrText } from './messages';
import { ZYearQuery } from './period';

/** Longest name of a company day off. */
export const HOLIDAY_NAME_MAX = 80;

export const HOLIDAY_KINDS = ['official', 'company'] as const;

/** `?year=YYYY` for GET /krye/holidays; absent: the current year in the employer's time zone. */
export const ZHolidaysQuery = ZYearQuery;

/** One day of the holiday calendar (docs/labour-rules.md#official-holidays). */
export const ZHolidayEntry = z.object({
  /** A company day's id, for DELETE /krye/holidays/{id}; official holidays have none. */
  id: z.number().int().optional(),
  date: z.string(),
  name: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
  /** A paid day off (false for an official holiday on a weekend whose day off moved). */
  dayOff: z.boolean(),
  movedFrom: z.string().optional(),
  provisional: z.boolean().optional(),
});
export type THolidayEntry = z.infer<typeof ZHolidayEntry>;

export const ZHolidaysResponse = z.object({
  year: z.number().int(),
  jurisdiction: ZJurisdiction,
  holidays: z.array(ZHolidayEntry),
  /** Official holidays whose date is not published for the year (a Bajram), never guessed. */
  unknown: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type THolidaysResponse = z.infer<typeof ZHolidaysResponse>;

/** POST /krye/holidays: a company day off. */
export const ZCompanyHolidayRequest = z.strictObject({
  date: ZIsoDate,
  name: z
    .string({ error: requiredOrText(messages.nameRequired, messages.nameNotText) })
    .trim()
    .min(1, { error: messages.nameRequired })
    .max(HOLIDAY_NAME_MAX, { error: messages.nameTooLong }),
});
export type TCompanyHolidayRequest = z.infer<typeof ZCompanyHolidayRequest>;

export const ZCompanyHolidayResponse = z.object({ holiday: ZHolidayEntry });
