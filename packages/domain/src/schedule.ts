import { z } from 'zod';
import { isTimeStep } from './hours';
import { formatMessage, MESSAGE_DAY_NAMES, messages } from './messages';

/** Schedule keys, Monday first (docs/product.md#schedules). */
export const SCHEDULE_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type TScheduleDayKey = (typeof SCHEDULE_DAYS)[number];

/** The days' English names, as the schedule's error sentences name them (the web reads them back to translate). */
export const SCHEDULE_DAY_LABELS = Object.fromEntries(
  SCHEDULE_DAYS.map((day, index) => [day, MESSAGE_DAY_NAMES[index] ?? day]),
) as Record<TScheduleDayKey, string>;

export type TScheduleDay = { selected: boolean; startTime: string; endTime: string };
export type TSchedule = Record<TScheduleDayKey, TScheduleDay>;

/** The shape as stored and sent back: seven days, unselected ones with empty times. */
export const ZScheduleDay = z.object({ selected: z.boolean(), startTime: z.string(), endTime: z.string() });
export const ZSchedule = z.object({
  monday: ZScheduleDay,
  tuesday: ZScheduleDay,
  wednesday: ZScheduleDay,
  thursday: ZScheduleDay,
  friday: ZScheduleDay,
  saturday: ZScheduleDay,
  sunday: ZScheduleDay,
});

export function emptyScheduleDay(): TScheduleDay {
  return { selected: false, startTime: '', endTime: '' };
}

/** A schedule with no day selected. */
export function emptySchedule(): TSchedule {
  return Object.fromEntries(SCHEDULE_DAYS.map((day) => [day, emptyScheduleDay()])) as TSchedule;
}

/** Unselecting a day resets its times (docs/product.md#schedules). */
export function unselectDay(schedule: TSchedule, day: TScheduleDayKey): TSchedule {
  return { ...schedule, [day]: emptyScheduleDay() };
}

/** The same-as-Monday answer "Po": the day gets Monday's times and is selected. */
export function copyMondayTo(schedule: TSchedule, day: TScheduleDayKey): TSchedule {
  const { startTime, endTime } = schedule.monday;
  return { ...schedule, [day]: { selected: true, startTime, endTime } };
}

/** Whether selecting `day` should ask 'A është i njëjti orar si dita e hënë?' (Monday already chosen). */
export function shouldAskSameAsMonday(schedule: TSchedule, day: TScheduleDayKey): boolean {
  return day !== 'monday' && schedule.monday.selected && schedule.monday.startTime !== '';
}

const ZScheduleDayInput = z.object(
  {
    selected: z.boolean({ error: messages.scheduleDaySelected }),
    startTime: z.string().optional().default(''),
    endTime: z.string().optional().default(''),
  },
  { error: messages.scheduleDayShape },
);

/**
 * A schedule as a form or an older client sends it: an object, or that object as JSON text.
 * Missing days count as not selected; an unselected day's times are dropped; a selected day needs
 * a start and an end on the 15-minute steps. An end earlier than the start is a night shift
 * (it ends the next morning); the same start and end is refused.
 */
export const ZScheduleInput = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()], {
    error: messages.scheduleShape,
  })
  .transform((input, ctx): TSchedule | null => {
    let value: unknown = input;
    if (typeof input === 'string') {
      if (input.trim() === '' || input.trim() === 'null') return null;
      try {
        value = JSON.parse(input);
      } catch {
        ctx.addIssue({ code: 'custom', message: messages.scheduleNotJson });
        return z.NEVER;
      }
    }
    if (value === null) return null;
    if (typeof value !== 'object' || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: messages.scheduleNotObject });
      return z.NEVER;
    }
    const record = value as Record<string, unknown>;
    const unknownKey = Object.keys(record).find((key) => !(SCHEDULE_DAYS as readonly string[]).includes(key));
    if (unknownKey !== undefined) {
      ctx.addIssue({ code: 'custom', message: `Unknown schedule day "${unknownKey}"; use monday to sunday.` });
      return z.NEVER;
    }
    const schedule = emptySchedule();
    for (const day of SCHEDULE_DAYS) {
      if (record[day] === undefined) continue;
      const parsed = ZScheduleDayInput.safeParse(record[day]);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? messages.scheduleDayInvalid });
        return z.NEVER;
      }
      const problem = scheduleDayProblem(day, parsed.data);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      schedule[day] = parsed.data.selected ? parsed.data : emptyScheduleDay();
    }
    return schedule;
  });

/** Why a day of a schedule is not valid, or null when it is. */
export function scheduleDayProblem(day: TScheduleDayKey, value: TScheduleDay): string | null {
  if (!value.selected) return null;
  const label = { day: SCHEDULE_DAY_LABELS[day] };
  if (value.startTime === '' || value.endTime === '') return formatMessage('scheduleDayNoTimes', label);
  if (!isTimeStep(value.startTime) || !isTimeStep(value.endTime)) {
    return formatMessage('scheduleDayTimeStep', label);
  }
  if (value.startTime === value.endTime) return formatMessage('scheduleDaySameTimes', label);
  return null;
}

/**
 * Reads a stored schedule (jsonb, or older JSON text) for display; anything unreadable is null.
 * Every schedule is stored normalised (`ZScheduleInput`'s output, since migration 0020 for older
 * rows too): such a row is read by `readNormalSchedule`, a few property checks and no zod (issue 37:
 * zod cost about 7 µs a row, 4 × the employee list's CPU). Any other shape still goes through
 * `parseStoredSchedule`, so every stored value reads as it always did.
 */
export function readStoredSchedule(value: unknown): TSchedule | null {
  if (value === null || value === undefined) return null;
  return readNormalSchedule(value) ?? parseStoredSchedule(value);
}

/** The zod reading of a stored schedule: what the form accepts, or null. */
export function parseStoredSchedule(value: unknown): TSchedule | null {
  const parsed = ZScheduleInput.safeParse(value ?? null);
  return parsed.success ? parsed.data : null;
}

/**
 * A stored schedule already in `ZScheduleInput`'s output shape (seven days; an unselected day with
 * empty times, a selected one with two different times on the 15-minute steps), rebuilt in the
 * answer's key order (jsonb keeps its own); undefined for any other value, which zod reads instead.
 * For every value it accepts it gives exactly what `parseStoredSchedule` gives (schedule.test.ts).
 */
export function readNormalSchedule(value: unknown): TSchedule | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const monday = normalDay(record.monday);
  const tuesday = normalDay(record.tuesday);
  const wednesday = normalDay(record.wednesday);
  const thursday = normalDay(record.thursday);
  const friday = normalDay(record.friday);
  const saturday = normalDay(record.saturday);
  const sunday = normalDay(record.sunday);
  if (!monday || !tuesday || !wednesday || !thursday || !friday || !saturday || !sunday) return undefined;
  // Seven days present and seven keys: no other key (zod refuses an unknown day).
  if (Object.keys(record).length !== SCHEDULE_DAYS.length) return undefined;
  return { monday, tuesday, wednesday, thursday, friday, saturday, sunday };
}

function normalDay(value: unknown): TScheduleDay | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { selected, startTime, endTime } = value as Record<string, unknown>;
  if (typeof startTime !== 'string' || typeof endTime !== 'string') return undefined;
  if (selected === false) return startTime === '' && endTime === '' ? { selected, startTime, endTime } : undefined;
  if (selected !== true || startTime === endTime || !isStepTime(startTime) || !isStepTime(endTime)) return undefined;
  return { selected, startTime, endTime };
}

/** `isTimeStep` by character codes: 'HH:MM', 00–23, minutes 00, 15, 30 or 45. */
function isStepTime(value: string): boolean {
  if (value.length !== 5 || value.charCodeAt(2) !== 58) return false;
  const h1 = value.charCodeAt(0) - 48;
  const h2 = value.charCodeAt(1) - 48;
  const m1 = value.charCodeAt(3) - 48;
  const m2 = value.charCodeAt(4) - 48;
  if (h1 < 0 || h1 > 2 || h2 < 0 || h2 > 9 || (h1 === 2 && h2 > 3)) return false;
  return (m1 === 0 || m1 === 1 || m1 === 3 || m1 === 4) && m2 >= 0 && m2 <= 9 && (m1 * 10 + m2) % 15 === 0;
}

/** The times a newly ticked day gets when no earlier ticked day has any (docs/product.md#schedules). */
export const DEFAULT_SHIFT = { startTime: '08:00', endTime: '16:00' } as const;

/** A ticked day whose end comes before its start: it ends the next morning. */
export function isNightShift(value: TScheduleDay): boolean {
  return value.selected && value.startTime !== '' && value.endTime !== '' && value.endTime < value.startTime;
}

/**
 * The times a day gets when it is ticked: those of the nearest earlier ticked day that has both
 * (optionally not Monday's, when the same-as-Monday question was answered no), else 08:00–16:00.
 */
export function defaultTimesFor(
  schedule: TSchedule,
  day: TScheduleDayKey,
  options: { skipMonday?: boolean } = {},
): { startTime: string; endTime: string } {
  for (let index = SCHEDULE_DAYS.indexOf(day) - 1; index >= 0; index -= 1) {
    const key = SCHEDULE_DAYS[index];
    if (!key || (options.skipMonday && key === 'monday')) continue;
    const { selected, startTime, endTime } = schedule[key];
    if (selected && startTime !== '' && endTime !== '') return { startTime, endTime };
  }
  return { ...DEFAULT_SHIFT };
}

/** Ticks a day and gives it `defaultTimesFor`'s times. */
export function selectDayWithDefaults(
  schedule: TSchedule,
  day: TScheduleDayKey,
  options: { skipMonday?: boolean } = {},
): TSchedule {
  return { ...schedule, [day]: { selected: true, ...defaultTimesFor(schedule, day, options) } };
}

/**
 * What is wrong with a ticked day, for marking its own row while the form is filled in:
 * a missing time, the same start and end, or an end before the start (a night shift, which the
 * form accepts only once the person says the day ends the next morning).
 */
export type TScheduleRowIssue = 'missingTimes' | 'sameTimes' | 'endBeforeStart';

export function scheduleRowIssue(value: TScheduleDay): TScheduleRowIssue | null {
  if (!value.selected) return null;
  if (value.startTime === '' || value.endTime === '') return 'missingTimes';
  if (value.startTime === value.endTime) return 'sameTimes';
  return value.endTime < value.startTime ? 'endBeforeStart' : null;
}
