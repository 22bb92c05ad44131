import { z } from 'zod';
import { daysBetween, isIsoDate, monthOf, monthRange, ZIsoDate, ZIsoMonth } from './calendar';

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
      ctx.addIssue({ code: 'custom', message: 'Choose one of date, month, or from and to.' });
      return;
    }
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Give both from and to (YYYY-MM-DD).' });
      return;
    }
    // The refinement runs even when a field failed its own check: only real dates are compared.
    if (query.from !== undefined && query.to !== undefined && isIsoDate(query.from) && isIsoDate(query.to)) {
      const span = daysBetween(query.from, query.to);
      if (span < 0) ctx.addIssue({ code: 'custom', message: 'from must not be after to.' });
      else if (span >= MAX_PERIOD_DAYS) {
        ctx.addIssue({ code: 'custom', message: `A period can cover at most ${MAX_PERIOD_DAYS} days.` });
      }
    }
  });
export type TPeriodQuery = z.infer<typeof ZPeriodQuery>;

/** The first and last day (inclusive) a period query asks for; `today` decides the default month. */
export function resolvePeriod(query: TPeriodQuery, today: string): { from: string; to: string } {
  if (query.date) return { from: query.date, to: query.date };
  if (query.month) return monthRange(query.month);
  if (query.from && query.to) return { from: query.from, to: query.to };
  return monthRange(monthOf(today));
}

/** `?month=YYYY-MM`, optional (the current month in the employer's time zone when absent). */
export const ZMonthQuery = z.strictObject({ month: ZIsoMonth.optional() });
