import { describe, expect, it } from 'vitest';
import { plannedDays, rangeHolidays, type TPlannedLeave } from './planned-day';
import { rosteredDays } from './roster';
import { emptySchedule, type TSchedule } from './schedule';

/** Monday to Friday at the given times. */
function weekdays(startTime = '08:00', endTime = '16:00'): TSchedule {
  const schedule = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    schedule[day] = { selected: true, startTime, endTime };
  }
  return schedule;
}

const noHolidays = (from: string, to: string) => rangeHolidays('XK', { from, to }, []);

describe('plannedDays', () => {
  it('plans a normal week: shifts Monday to Friday, the weekend free', () => {
    // 2025-03-10 is a Monday; no holiday that week in Kosovo.
    const days = plannedDays({
      from: '2025-03-10',
      to: '2025-03-16',
      schedule: weekdays(),
      holidays: noHolidays('2025-03-10', '2025-03-16'),
    });
    expect(days.map((day) => day.date)).toEqual([
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
      '2025-03-13',
      '2025-03-14',
      '2025-03-15',
      '2025-03-16',
    ]);
    expect(days.map((day) => day.expected)).toEqual([true, true, true, true, true, false, false]);
    expect(days[0]).toMatchObject({
      shift: { start: 480, end: 960 },
      workingDay: true,
      scheduledHours: 8,
      holiday: null,
      leave: null,
    });
    expect(days[5]).toMatchObject({ shift: null, workingDay: false, scheduledHours: null });
  });

  it('excuses a scheduled day that is an official holiday, and names it', () => {
    // Wednesday 2025-04-09: the Constitution Day of Kosovo.
    const holidays = rangeHolidays('XK', { from: '2025-04-07', to: '2025-04-13' }, []);
    const days = plannedDays({ from: '2025-04-07', to: '2025-04-13', schedule: weekdays(), holidays });
    const wednesday = days[2];
    expect(wednesday).toMatchObject({
      date: '2025-04-09',
      shift: { start: 480, end: 960 },
      holiday: { name: 'Dita e Kushtetutës së Republikës së Kosovës', kind: 'official' },
      expected: false,
    });
    expect(days.filter((day) => day.expected).map((day) => day.date)).toEqual([
      '2025-04-07',
      '2025-04-08',
      '2025-04-10',
      '2025-04-11',
    ]);
  });

  it('gives a weekend holiday no day off and its replacing Monday one', () => {
    // Bajram on Sunday 2025-03-30: listed, but the day off is Monday 2025-03-31.
    const holidays = rangeHolidays('XK', { from: '2025-03-30', to: '2025-03-31' }, []);
    expect(holidays.official.map((holiday) => [holiday.date, holiday.dayOff])).toEqual([
      ['2025-03-30', false],
      ['2025-03-31', true],
    ]);
    const [sunday, monday] = plannedDays({ from: '2025-03-30', to: '2025-03-31', schedule: weekdays(), holidays });
    expect(sunday?.holiday).toBeNull();
    expect(monday).toMatchObject({ holiday: { kind: 'official' }, expected: false });
  });

  it('puts an official holiday before a company day on the same date, and a company day alone excuses too', () => {
    const holidays = rangeHolidays('XK', { from: '2025-04-09', to: '2025-04-10' }, [
      { date: '2025-04-09', name: 'Festa e firmës' },
      { date: '2025-04-10', name: 'Dita e ekipit' },
    ]);
    const [official, company] = plannedDays({ from: '2025-04-09', to: '2025-04-10', schedule: weekdays(), holidays });
    expect(official?.holiday?.kind).toBe('official');
    expect(company).toMatchObject({ holiday: { name: 'Dita e ekipit', kind: 'company' }, expected: false });
  });

  it('carries leave over a weekend: each day has it, only the working days were expected', () => {
    const annual: TPlannedLeave = { type: 'Pushim vjetor', kind: 'annual', paid: true };
    const leave = new Map(['2025-03-14', '2025-03-15', '2025-03-16', '2025-03-17'].map((date) => [date, annual]));
    const days = plannedDays({
      from: '2025-03-13',
      to: '2025-03-18',
      schedule: weekdays(),
      holidays: noHolidays('2025-03-13', '2025-03-18'),
      leave,
    });
    expect(days.map((day) => [day.date, day.leave?.type ?? null, day.workingDay, day.expected])).toEqual([
      ['2025-03-13', null, true, true],
      ['2025-03-14', 'Pushim vjetor', true, false],
      ['2025-03-15', 'Pushim vjetor', false, false],
      ['2025-03-16', 'Pushim vjetor', false, false],
      ['2025-03-17', 'Pushim vjetor', true, false],
      ['2025-03-18', null, true, true],
    ]);
  });

  it("makes a six-day week's Saturday a working day, and a company day on it a day off (not a leave day)", () => {
    const sixDays = weekdays();
    sixDays.saturday = { selected: true, startTime: '08:00', endTime: '12:00' };
    const holidays = rangeHolidays('XK', { from: '2025-03-14', to: '2025-03-16' }, [
      { date: '2025-03-15', name: 'Dita e ekipit' },
    ]);
    const days = plannedDays({ from: '2025-03-14', to: '2025-03-16', schedule: sixDays, holidays });
    expect(days.map((day) => [day.date, day.workingDay, day.scheduledHours, day.holiday?.kind ?? null])).toEqual([
      ['2025-03-14', true, 8, null],
      ['2025-03-15', true, 4, 'company'],
      ['2025-03-16', false, null, null],
    ]);
  });

  it('follows a schedule change in the middle of the range', () => {
    const mornings = weekdays('06:00', '14:00');
    const days = plannedDays({
      from: '2025-03-10',
      to: '2025-03-14',
      history: [
        { effectiveFrom: '1970-01-01', schedule: weekdays() },
        { effectiveFrom: '2025-03-12', schedule: mornings },
      ],
      // The current schedule counts only without a history.
      schedule: null,
      holidays: noHolidays('2025-03-10', '2025-03-14'),
    });
    expect(days.map((day) => day.shift?.start)).toEqual([480, 480, 360, 360, 360]);
    expect(days[2]?.schedule).toBe(mornings);
  });

  it('plans a night shift across midnight on the date it starts', () => {
    const days = plannedDays({
      from: '2025-03-14',
      to: '2025-03-15',
      schedule: weekdays('22:00', '06:00'),
      holidays: noHolidays('2025-03-14', '2025-03-15'),
    });
    expect(days[0]).toMatchObject({ shift: { start: 1320, end: 1800 }, scheduledHours: 8, expected: true });
    // Saturday morning belongs to Friday's shift: Saturday itself plans nothing.
    expect(days[1]).toMatchObject({ shift: null, expected: false });
  });

  it('expects nobody outside the employment, and a worker without a schedule Monday to Friday only for leave', () => {
    const days = plannedDays({
      from: '2025-03-10',
      to: '2025-03-16',
      schedule: null,
      holidays: noHolidays('2025-03-10', '2025-03-16'),
      employment: { start: '2025-03-11', end: '2025-03-13' },
    });
    expect(days.map((day) => day.employed)).toEqual([false, true, true, true, false, false, false]);
    expect(days.map((day) => day.workingDay)).toEqual([true, true, true, true, true, false, false]);
    expect(days.every((day) => !day.expected)).toBe(true);
    const employed = plannedDays({
      from: '2025-03-10',
      to: '2025-03-10',
      schedule: weekdays(),
      holidays: noHolidays('2025-03-10', '2025-03-10'),
      employment: { start: '2025-03-11' },
    });
    expect(employed[0]).toMatchObject({ shift: { start: 480, end: 960 }, employed: false, expected: false });
  });

  it('takes the official holidays of each year a range crosses', () => {
    const holidays = rangeHolidays('XK', { from: '2024-12-31', to: '2025-01-01' }, []);
    expect(holidays.official.map((holiday) => holiday.date)).toEqual(['2025-01-01']);
    expect(holidays.daysOff.get('2025-01-01')).toEqual({ name: 'Viti i Ri', kind: 'official' });
  });
});

describe('plannedDays with a roster (docs/product.md#shifts-and-the-roster)', () => {
  it('measures a date with a published shift against it, and keeps the weekly schedule elsewhere', () => {
    // 2025-03-10 is a Monday. A night shift on Tuesday, a Saturday shift, two shifts on Thursday.
    const rostered = rosteredDays(
      [
        { date: '2025-03-11', start: '22:00', end: '06:00', break_minutes: 30 },
        { date: '2025-03-15', start: '09:00', end: '13:00', break_minutes: 0 },
        { date: '2025-03-13', start: '16:00', end: '20:00', break_minutes: 0 },
        { date: '2025-03-13', start: '07:00', end: '11:00', break_minutes: 0 },
      ],
      'Europe/Belgrade',
    );
    const days = plannedDays({
      from: '2025-03-10',
      to: '2025-03-16',
      schedule: weekdays(),
      holidays: noHolidays('2025-03-10', '2025-03-16'),
      leave: new Map([['2025-03-15', { type: 'Pushim vjetor', kind: 'annual', paid: true }]]),
      rostered,
    });
    expect(days[0]).toMatchObject({ shift: { start: 480, end: 960 }, scheduledHours: 8, expected: true });
    expect(days[1]).toMatchObject({ shift: { start: 1320, end: 1800 }, scheduledHours: 7.5, expected: true });
    expect(days[3]).toMatchObject({ shift: { start: 420, end: 1200 }, scheduledHours: 8, expected: true });
    // The Saturday shift makes it a working day; the leave that day still excuses it.
    expect(days[5]).toMatchObject({ shift: { start: 540, end: 780 }, workingDay: true, expected: false });
    expect(days[6]).toMatchObject({ shift: null, expected: false });
  });
});
