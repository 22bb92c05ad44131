import { z } from 'zod';
import { ZHolidayEntry } from './holidays-api';
import { ZTodayShift } from './today-api';

/**
 * What one worker's day is on the team calendar (docs/product.md#team-calendar), the first that
 * holds: an official holiday (a day off), a company day, approved leave, a scheduled shift, else a
 * rest day.
 */
export const CALENDAR_CELL_KINDS = ['holiday', 'company', 'leave', 'scheduled', 'rest'] as const;
export type TCalendarCellKind = (typeof CALENDAR_CELL_KINDS)[number];

/** Approved leave on one day: its type's name, whether it is paid, and the type's kind. */
export const ZCalendarLeave = z.object({
  type: z.string(),
  /** 'annual', 'sick', 'unpaid' or 'custom'. */
  kind: z.string(),
  paid: z.boolean(),
});
export type TCalendarLeave = z.infer<typeof ZCalendarLeave>;

/** One worker's day. */
export const ZCalendarCell = z.object({
  date: z.string(),
  kind: z.enum(CALENDAR_CELL_KINDS),
  /** The weekly schedule's shift that day, 'HH:MM' to 'HH:MM', also under a holiday or leave; null on a rest day. */
  shift: ZTodayShift.nullable(),
  /** The holiday's or company day's name, when the day is one. */
  holiday: z.string().nullable(),
  /** Approved leave covering the day, also under a holiday (the bar stays whole). */
  leave: ZCalendarLeave.nullable(),
});
export type TCalendarCell = z.infer<typeof ZCalendarCell>;

/** One worker's row: a cell for every day of the month, in date order. */
export const ZCalendarWorker = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  role: z.string(),
  days: z.array(ZCalendarCell),
});
export type TCalendarWorker = z.infer<typeof ZCalendarWorker>;

/** GET /krye/calendar?month=YYYY-MM: the team's month. */
export const ZTeamCalendar = z.object({
  month: z.string(),
  /** Every date of the month, YYYY-MM-DD. */
  dates: z.array(z.string()),
  /** The month's official holidays and company days, in date order. */
  holidays: z.array(ZHolidayEntry),
  /** Workers by name. */
  workers: z.array(ZCalendarWorker),
});
export type TTeamCalendar = z.infer<typeof ZTeamCalendar>;

export const ZTeamCalendarResponse = z.object({ Status: z.literal(true), Result: ZTeamCalendar });
