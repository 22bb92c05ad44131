import { z } from 'zod';
import {
  currentMonthIn,
  daysBetween,
  isIsoDate,
  monthOf,
  monthRange,
  todayIn,
  YEAR_RANGE,
  ZIsoDate,
  ZIsoMonth,
} from './calendar';
import { messages } from './messages';

/** `?year=YYYY` of a yearly list (the holiday calendar, leave balances); absent: the current year in the employer's time zone. */
export const ZYearQuery = z.strictObject({
  year: z
    .string({ error: messages.yearInvalid })
    .regex(/^\d{4}$/, { error: messages.yearInvalid })
    .transform(Number)
    .refine((year) => year >= YEAR_RANGE.min && year <= YEAR_RANGE.max, { error: messages.yearInvalid })
    .optional(),
});

/** Longest span one list request may cover. */
export const MAX_PERIOD_DAYS = 366;

/**
 * Which days a list shows: one `date`, one `month` (YYYY-MM), or `from` and `to` (both inclusive).
 * With none of them the list shows the current month, so no screen ever downloads every entry.
 */
export const ZPeriodQuery = z
  .strictObject({
    date: ZIsoDate.optional(),
    month: ZIsoMonth.optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
  })
  .superRefine((query, ctx) => {
    const modes = [query.date, query.month, query.from ?? query.to].filter((value) => value !== undefined).length;
    if (modes > 1) {
      ctx.addIssue({ code: 'custom', message: messages.periodChooseOne });
      return;
    }
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', message: messages.periodFromAndTo });
      return;
    }
    // The refinement runs even when a field failed its own check: only real dates are compared.
    if (query.from !== undefined && query.to !== undefined && isIsoDate(query.from) && isIsoDate(query.to)) {
      const span = daysBetween(query.from, query.to);
      if (span < 0) ctx.addIssue({ code: 'custom', message: messages.periodFromAfterTo });
      else if (span >= MAX_PERIOD_DAYS) {
        ctx.addIssue({ code: 'custom', message: messages.periodTooLong });
      }
    }
  });
export type TPeriodQuery = z.infer<typeof ZPeriodQuery>;

/** A span of days, both inclusive (YYYY-MM-DD). */
export type TDateRange = { from: string; to: string };

/** The first and last day (inclusive) a period query asks for; `today` decides the default month. */
export function resolvePeriod(query: TPeriodQuery, today: string): TDateRange {
  if (query.date) return { from: query.date, to: query.date };
  if (query.month) return monthRange(query.month);
  if (query.from && query.to) return { from: query.from, to: query.to };
  return monthRange(monthOf(today));
}

/** `?month=YYYY-MM`, optional (the current month in the employer's time zone when absent). */
export const ZMonthQuery = z.strictObject({ month: ZIsoMonth.optional() });

/** The day a request names, or today in the employer's time zone when it names none. */
export function dayOrToday(date: string | undefined, timeZone: string, now: Date = new Date()): string {
  return date ?? todayIn(timeZone, now);
}

/** The month a request names, or the current month in the employer's time zone when it names none. */
export function monthOrCurrent(month: string | undefined, timeZone: string, now: Date = new Date()): string {
  return month ?? currentMonthIn(timeZone, now);
}

/** The days a period query asks for; with none named, the current month in the employer's time zone. */
export function periodIn(query: TPeriodQuery, timeZone: string, now: Date = new Date()): TDateRange {
  return resolvePeriod(query, todayIn(timeZone, now));
}
