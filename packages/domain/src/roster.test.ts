import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  defaultBreakMinutes,
  isoWeekMonday,
  isoWeekOf,
  plannedCost,
  plannedMinutes,
  shiftSpan,
  shiftsOverlap,
  weekDates,
  ZShiftInput,
  ZShiftRangeQuery,
} from './roster';

const shift = (date: string, start: string, end: string) => ({ date, start, end });

describe('a shift on the wall clock', () => {
  it('ends the next day when its end is before its start', () => {
    expect(shiftSpan({ start: '08:00', end: '16:00' })).toEqual({ start: 480, end: 960 });
    expect(shiftSpan({ start: '22:00', end: '06:00' })).toEqual({ start: 1320, end: 1800 });
    expect(shiftSpan({ start: '18:00', end: '00:00' })).toEqual({ start: 1080, end: 1440 });
  });

  it('overlaps another of the same employee when they share a minute, across midnight too', () => {
    expect(shiftsOverlap(shift('2026-11-02', '08:00', '16:00'), shift('2026-11-02', '15:00', '20:00'))).toBe(true);
    // One ending when the other starts: back to back, no overlap.
    expect(shiftsOverlap(shift('2026-11-02', '08:00', '16:00'), shift('2026-11-02', '16:00', '20:00'))).toBe(false);
    // Monday's night shift runs into Tuesday's early shift.
    expect(shiftsOverlap(shift('2026-11-02', '22:00', '06:00'), shift('2026-11-03', '05:00', '13:00'))).toBe(true);
    expect(shiftsOverlap(shift('2026-11-02', '22:00', '06:00'), shift('2026-11-03', '06:00', '14:00'))).toBe(false);
    // Across a month's end.
    expect(shiftsOverlap(shift('2026-11-30', '23:00', '07:00'), shift('2026-12-01', '00:00', '02:00'))).toBe(true);
  });
});

describe('planned minutes', () => {
  it('are the length less the break', () => {
    expect(plannedMinutes({ ...shift('2026-11-02', '08:00', '16:30'), break_minutes: 30 }, 'Europe/Belgrade')).toBe(
      480,
    );
  });

  it("less the larger of the shift's break and the rules' break for its length", () => {
    const rules = [{ from_minutes: 6 * 60, break_minutes: 30 }];
    // 8 h without a break of its own: the rule's 30 minutes; with 45 of its own: those.
    expect(
      plannedMinutes({ ...shift('2026-11-02', '08:00', '16:00'), break_minutes: 0 }, 'Europe/Belgrade', rules),
    ).toBe(450);
    expect(
      plannedMinutes({ ...shift('2026-11-02', '08:00', '16:00'), break_minutes: 45 }, 'Europe/Belgrade', rules),
    ).toBe(435);
    // 6 h is not over 6 h: no rule's break.
    expect(plannedMinutes({ ...shift('2026-11-02', '08:00', '14:00'), break_minutes: 0 }, 'Europe/Tirane', rules)).toBe(
      360,
    );
  });

  it('count the real time of a night the clocks change (Europe/Belgrade and Europe/Tirane)', () => {
    for (const zone of ['Europe/Belgrade', 'Europe/Tirane']) {
      // 29 March 2026, 02:00 → 03:00: 22:00 to 06:00 is 7 hours.
      expect(plannedMinutes({ ...shift('2026-03-28', '22:00', '06:00'), break_minutes: 0 }, zone)).toBe(7 * 60);
      // 25 October 2026, 03:00 → 02:00: 9 hours.
      expect(plannedMinutes({ ...shift('2026-10-24', '22:00', '06:00'), break_minutes: 30 }, zone)).toBe(9 * 60 - 30);
      // An ordinary night: 8.
      expect(plannedMinutes({ ...shift('2026-11-07', '22:00', '06:00'), break_minutes: 0 }, zone)).toBe(8 * 60);
    }
  });
});

describe('the default break (docs/labour-rules.md#breaks)', () => {
  it('is 30 minutes in Kosovo and 20 in Albania past 6 hours, none up to 6', () => {
    expect(defaultBreakMinutes('XK', 6 * 60)).toBe(0);
    expect(defaultBreakMinutes('XK', 6 * 60 + 15)).toBe(30);
    expect(defaultBreakMinutes('AL', 8 * 60)).toBe(20);
    expect(defaultBreakMinutes('AL', 4 * 60)).toBe(0);
  });
});

describe('planned cost, from the one pay rule', () => {
  it('pays the hours of an hourly wage, the counted day of a daily one, the share of a monthly one', () => {
    // 7.5 h × €4.20 = €31.50.
    expect(plannedCost({ wages: 'Orë', salary: 4.2, date: '2026-11-02', hours: 7.5 })).toBe(31.5);
    // A day of 7 hours or more counts 1: the daily wage; under 7, half.
    expect(plannedCost({ wages: 'Ditë', salary: 40, date: '2026-11-02', hours: 8 })).toBe(40);
    expect(plannedCost({ wages: 'Ditë', salary: 40, date: '2026-11-02', hours: 4 })).toBe(20);
    // November 2026 has 25 working days (30 less 5 Sundays): €600 ÷ 25 = €24.
    expect(plannedCost({ wages: 'Muaj', salary: 600, date: '2026-11-02', hours: 8 })).toBe(24);
    expect(plannedCost({ wages: 'Orë', salary: 4.2, date: '2026-11-02', hours: 0 })).toBe(0);
  });
});

describe('ISO weeks', () => {
  it('finds a week’s Monday and a date’s week, across years', () => {
    expect(isoWeekMonday('2026-W48')).toBe('2026-11-23');
    expect(isoWeekMonday('2026-W01')).toBe('2025-12-29');
    expect(isoWeekMonday('2026-W53')).toBe('2026-12-28');
    expect(isoWeekMonday('2025-W53')).toBeNull();
    expect(isoWeekOf('2026-11-28')).toBe('2026-W48');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01');
    expect(weekDates('2026-W48')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
  });
});

describe('what a shift may be', () => {
  const error = (input: unknown) => ZShiftInput.safeParse(input).error?.issues[0]?.message;

  it('takes an employee or an open shift, times, a break and a note', () => {
    expect(ZShiftInput.parse({ employee_id: 4, date: '2026-11-02', start: '22:00', end: '06:00' })).toEqual({
      employee_id: 4,
      date: '2026-11-02',
      start: '22:00',
      end: '06:00',
      break_minutes: 0,
      note: '',
    });
    expect(ZShiftInput.parse({ employee_id: null, date: '2026-11-02', start: '08:00', end: '12:00' }).employee_id).toBe(
      null,
    );
  });

  it('refuses what it cannot be, each with its sentence', () => {
    const base = { employee_id: 4, date: '2026-11-02', start: '08:00', end: '16:00' };
    expect(error({ ...base, start: '8:00' })).toBe(messages.shiftTimeInvalid);
    expect(error({ ...base, end: '24:00' })).toBe(messages.shiftTimeInvalid);
    expect(error({ ...base, end: '08:00' })).toBe(messages.shiftSameStartEnd);
    expect(error({ ...base, break_minutes: 480 })).toBe(messages.shiftBreakInvalid);
    expect(error({ ...base, break_minutes: 1.5 })).toBe(messages.shiftBreakInvalid);
    expect(error({ ...base, note: 'x'.repeat(201) })).toBe(messages.shiftNoteTooLong);
    expect(error({ ...base, employee_id: 'Arta' })).toBe(messages.shiftEmployeeInvalid);
    expect(error({ ...base, date: '2026-02-30' })).toBe(messages.dateInvalid);
    expect(error({ ...base, colour: 'red' })).toBeDefined();
  });

  it('reads at most 62 days at a time', () => {
    expect(ZShiftRangeQuery.safeParse({ from: '2026-11-01', to: '2026-12-31' }).success).toBe(true);
    expect(ZShiftRangeQuery.safeParse({ from: '2026-11-01', to: '2027-01-02' }).error?.issues[0]?.message).toBe(
      messages.shiftRangeInvalid,
    );
    expect(ZShiftRangeQuery.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
  });
});
