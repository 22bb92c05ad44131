import { z } from 'zod';
import { DAY_FLAGS, DAY_STATES } from './attendance';
import { messages } from './messages';

/** A scheduled shift as the board shows it: 'HH:MM' to 'HH:MM' (an end before the start ends the next morning). */
export const ZTodayShift = z.object({ start: z.string(), end: z.string() });

/** One worker on the "today" board (docs/product.md#attendance). */
export const ZTodayWorker = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  role: z.string(),
  /** The day this row measures: today, or yesterday for a night shift still running. */
  date: z.string(),
  state: z.enum(DAY_STATES),
  flags: z.array(z.enum(DAY_FLAGS)),
  shift: ZTodayShift.nullable(),
  /** First scan 'HH:MM' (in since), or null. */
  first_scan: z.string().nullable(),
  /** Last scan 'HH:MM' (left at), or null without checkout. */
  last_scan: z.string().nullable(),
  /** Minutes after the shift's start of the first scan, when late. */
  late_by_minutes: z.number().int().nullable(),
  /** The leave type's name, when on approved leave. */
  leave_type: z.string().nullable().optional(),
});
export type TTodayWorker = z.infer<typeof ZTodayWorker>;

/**
 * Where a worker stands on one published roster shift on the board: `due` (not started, or within
 * the tolerance of its start), `in` (scanned in on time), `late` (scanned in after the start and the
 * tolerance), `missing` (no scan after the start and the tolerance), `left` (the shift is over and
 * the worker came), `leave` (on approved leave that day).
 */
export const TODAY_SHIFT_STATES = ['due', 'in', 'late', 'missing', 'left', 'leave'] as const;
export type TTodayShiftState = (typeof TODAY_SHIFT_STATES)[number];

/** One published roster shift on the board: today's, and yesterday's still running (a night shift). */
export const ZTodayRosterShift = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  name: z.string(),
  /** The shift's date (the day it starts on). */
  date: z.string(),
  start: z.string(),
  end: z.string(),
  state: z.enum(TODAY_SHIFT_STATES),
  /** The scan that counted as arriving, 'HH:MM', or null. */
  first_scan: z.string().nullable(),
  late_by_minutes: z.number().int().nullable(),
});
export type TTodayRosterShift = z.infer<typeof ZTodayRosterShift>;

export const ZTodayBoard = z.object({
  /** Today in the employer's time zone. */
  date: z.string(),
  /** The wall clock there when the board was made, 'HH:MM'. */
  now: z.string(),
  time_zone: z.string(),
  tolerance_minutes: z.number().int(),
  /** How many workers are in each state. */
  counts: z.record(z.enum(DAY_STATES), z.number().int()),
  /** How many carry each flag. */
  flagged: z.record(z.enum(DAY_FLAGS), z.number().int()),
  workers: z.array(ZTodayWorker),
  /** The published roster shifts of today and yesterday's still running, by start (docs/product.md#shifts-and-the-roster). */
  shifts: z.array(ZTodayRosterShift),
  /** How many of those shifts are in each state. */
  shift_counts: z.record(z.enum(TODAY_SHIFT_STATES), z.number().int()),
});
export type TTodayBoard = z.infer<typeof ZTodayBoard>;

/** GET /krye/today. */
export const ZTodayBoardResponse = z.object({ Status: z.literal(true), Result: ZTodayBoard });

/** The longest tolerance an employer can set, in minutes. */
export const TOLERANCE_MAX_MINUTES = 120;

/** GET /krye/attendance-settings: how many minutes a scan may be late or early without a mark. */
export const ZAttendanceSettings = z.object({
  tolerance_minutes: z.number().int(),
  /** A missing checkout is closed at the scheduled end, flagged automatic (docs/product.md#missed-punches). */
  auto_checkout: z.boolean(),
});
export type TAttendanceSettings = z.infer<typeof ZAttendanceSettings>;

/** Body of PUT /krye/attendance-settings. */
export const ZAttendanceSettingsRequest = z.strictObject({
  tolerance_minutes: z
    .number({ error: messages.toleranceInvalid })
    .int({ error: messages.toleranceInvalid })
    .min(0, { error: messages.toleranceInvalid })
    .max(TOLERANCE_MAX_MINUTES, { error: messages.toleranceInvalid }),
  /** Optional: a client sending only the tolerance leaves the automatic checkout as it is. */
  auto_checkout: z.boolean({ error: messages.autoCheckoutInvalid }).optional(),
});
export type TAttendanceSettingsRequest = z.infer<typeof ZAttendanceSettingsRequest>;

export const ZAttendanceSettingsResponse = z.object({ Status: z.literal(true), Result: ZAttendanceSettings });
