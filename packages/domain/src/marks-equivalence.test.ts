import { describe, expect, it } from 'vitest';
import { classifyDay, expectedShift, minutesOnDay, scansOfShift, type TLocalClock } from './attendance';
import { addDays } from './calendar';
import {
  attendanceExceptionMarks,
  dayMarks,
  isAttendanceExceptionMark,
  scheduleOn,
  type TDayMark,
  type TDayMarksInput,
  type TScheduleChange,
} from './marks';
import { emptySchedule, type TSchedule } from './schedule';
import { seededRandom as generator } from './seeded-random';

/**
 * `dayMarks` looks only at each day's own clocks and the next day's (bench/README.md#payroll). Here
 * it must agree, mark for mark, with the plain reading of the rule it replaced: every day scans all
 * the worker's clocks not yet taken (`scansOfShift`), and a night shift with a first scan takes the
 * next morning's. Generated months mix day and night shifts, schedule changes, scans on any day at
 * any minute (one, two or three a day), leave, holidays, a first day and now.
 */
function referenceDayMarks(input: TDayMarksInput): TDayMark[] {
  const consumed = new Set<TLocalClock>();
  const marks: TDayMark[] = [];
  for (let date = addDays(input.from, -1); date <= input.to; date = addDays(date, 1)) {
    const shift = expectedShift(scheduleOn(input.history, date, input.schedule), date);
    const free = input.clocks.filter((clock) => !consumed.has(clock));
    const own = free.some((clock) => clock.date === date) ? free : [];
    const scans = scansOfShift(own, date, shift);
    if (shift && shift.end > 1440 && scans.first !== null) {
      for (const clock of own) {
        const minutes = minutesOnDay(clock, date);
        if (minutes >= 1440 && minutes < 1440 + 720) consumed.add(clock);
      }
    }
    if (date < input.from) continue;
    const leaveType = input.leave?.get(date);
    const beforeStart = input.since !== undefined && date < input.since && scans.first === null;
    const status = classifyDay({
      date,
      shift: beforeStart ? null : shift,
      ...scans,
      onLeave: leaveType !== undefined,
      holiday: input.holidays?.has(date) ?? false,
      toleranceMinutes: input.toleranceMinutes,
      now: input.now ? nowOnDay(input.now, date) : undefined,
    });
    marks.push({ date, ...status, ...(leaveType === undefined ? {} : { leaveType }) });
  }
  return marks;
}

function nowOnDay(now: TLocalClock, date: string): number {
  const minutes = minutesOnDay(now, date);
  if (!Number.isNaN(minutes)) return minutes;
  return date > now.date ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const SHIFTS = [
  ['07:00', '15:00'],
  ['10:00', '18:00'],
  ['22:00', '06:00'],
  ['18:00', '02:00'],
  ['14:00', '23:30'],
] as const;
const clockText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function generatedInput(random: () => number, month: string): TDayMarksInput {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const schedule = (): TSchedule | null => {
    if (random() < 0.1) return null;
    const week = emptySchedule();
    for (const day of DAYS) {
      if (random() < 0.7) {
        const [start, end] = pick(SHIFTS);
        week[day] = { selected: true, startTime: start, endTime: end };
      }
    }
    return week;
  };
  const from = `${month}-01`;
  const to = addDays(from, 27 + Math.floor(random() * 4));
  const history: TScheduleChange[] | undefined =
    random() < 0.5 ? undefined : [{ effectiveFrom: '1970-01-01', schedule: schedule() }];
  if (history && random() < 0.7)
    history.push({ effectiveFrom: addDays(from, Math.floor(random() * 28)), schedule: schedule() });
  const clocks: TLocalClock[] = [];
  for (let date = addDays(from, -1); date <= addDays(to, 1); date = addDays(date, 1)) {
    const count = pick([0, 0, 1, 2, 2, 2, 3]);
    for (let i = 0; i < count; i += 1) {
      const minutes = pick([Math.floor(random() * 1440), pick([0, 359, 360, 719, 720, 1320, 1439])]);
      clocks.push({ date, minutes: Number(clockText(minutes).slice(0, 2)) * 60 + (minutes % 60) });
    }
  }
  const leave = new Map<string, string>();
  const holidays = new Set<string>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (random() < 0.05) leave.set(date, 'Pushim vjetor');
    if (random() < 0.05) holidays.add(date);
  }
  const nowDate = addDays(from, Math.floor(random() * 40));
  return {
    from,
    to,
    history,
    schedule: schedule(),
    clocks: random() < 0.5 ? clocks : [...clocks].reverse(),
    leave,
    holidays,
    toleranceMinutes: pick([undefined, 0, 5, 15]),
    now: random() < 0.5 ? undefined : { date: nowDate, minutes: Math.floor(random() * 1440) },
    since: random() < 0.3 ? addDays(from, Math.floor(random() * 20)) : undefined,
  };
}

describe('the marks of a range, day by day against its own and the next day’s clocks', () => {
  it('agree with every day reading all the clocks, over 600 generated months', () => {
    const random = generator(20261125);
    for (let i = 0; i < 600; i += 1) {
      const input = generatedInput(random, pick(random, ['2026-02', '2026-03', '2026-10', '2026-12']));
      expect(dayMarks(input), `month ${i}`).toEqual(referenceDayMarks(input));
    }
  });
});

describe('the marks the month’s exceptions list', () => {
  it('are every mark filtered by isAttendanceExceptionMark, in order, over 2,000 generated months', () => {
    const random = generator(20261127);
    let kept = 0;
    let left = 0;
    for (let i = 0; i < 2000; i += 1) {
      const input = generatedInput(random, pick(random, ['2026-02', '2026-03', '2026-10', '2026-12']));
      // A worker without a schedule on any day, as most of the payroll bench's, one month in four.
      if (random() < 0.25) {
        input.schedule = null;
        input.history = random() < 0.5 ? undefined : [{ effectiveFrom: '1970-01-01', schedule: null }];
      }
      const all = dayMarks(input);
      const expected = all.filter(isAttendanceExceptionMark);
      expect(attendanceExceptionMarks(input), `month ${i}`).toEqual(expected);
      kept += expected.length;
      left += all.length - expected.length;
    }
    // Both kinds of day were generated in numbers.
    expect(kept).toBeGreaterThan(5000);
    expect(left).toBeGreaterThan(5000);
  });

  it('are none for a range that ends before it starts', () => {
    const input = { from: '2026-03-10', to: '2026-03-01', schedule: null, clocks: [] };
    expect(attendanceExceptionMarks(input)).toEqual([]);
    expect(dayMarks(input)).toEqual([]);
  });
});

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)] as T;
}
