import { describe, expect, it } from 'vitest';
import {
  classifyDay,
  clockOfMinutes,
  expectedShift,
  localClockOf,
  minutesOfClock,
  minutesOnDay,
  scansOfShift,
  weeklyScheduledMinutes,
} from './attendance';
import { emptySchedule, type TSchedule } from './schedule';

const at = (clock: string) => minutesOfClock(clock);

/** Monday to Friday 08:00–16:00; Saturday a night shift 22:00–06:00. */
function schedule(): TSchedule {
  const week = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    week[day] = { selected: true, startTime: '08:00', endTime: '16:00' };
  }
  week.saturday = { selected: true, startTime: '22:00', endTime: '06:00' };
  return week;
}

const MONDAY = '2026-11-23';
const SATURDAY = '2026-11-28';
const SUNDAY = '2026-11-29';
const day = { start: at('08:00'), end: at('16:00') };

describe('the expected shift', () => {
  it('comes from the weekday of the date, a night shift ending after midnight', () => {
    expect(expectedShift(schedule(), MONDAY)).toEqual(day);
    expect(expectedShift(schedule(), SATURDAY)).toEqual({ start: at('22:00'), end: 1440 + at('06:00') });
    expect(expectedShift(schedule(), SUNDAY)).toBeNull();
    expect(expectedShift(null, MONDAY)).toBeNull();
  });

  it('is none for a selected day without usable times', () => {
    const week = emptySchedule();
    week.monday = { selected: true, startTime: '', endTime: '16:00' };
    expect(expectedShift(week, MONDAY)).toBeNull();
  });

  it('adds up a week: 5 × 8 h + 8 h at night is 48 h; a part-time week is less than 40 h', () => {
    expect(weeklyScheduledMinutes(schedule())).toBe(48 * 60);
    const partTime = emptySchedule();
    partTime.monday = { selected: true, startTime: '09:00', endTime: '13:00' };
    partTime.thursday = { selected: true, startTime: '09:00', endTime: '13:30' };
    expect(weeklyScheduledMinutes(partTime)).toBe(8.5 * 60);
    expect(weeklyScheduledMinutes(null)).toBe(0);
  });

  it('reads and writes clock times', () => {
    expect(minutesOfClock('07:45')).toBe(465);
    expect(minutesOfClock('24:00')).toBeNaN();
    expect(minutesOfClock('7:45')).toBeNaN();
    expect(clockOfMinutes(1440 + 90)).toBe('01:30');
    expect(clockOfMinutes(465)).toBe('07:45');
  });
});

describe('classifying a day (tolerance 10 minutes)', () => {
  it('on time in and out: left, no flags', () => {
    const status = classifyDay({ date: MONDAY, shift: day, first: at('08:05'), last: at('16:02') });
    expect(status).toMatchObject({ state: 'left', flags: [] });
  });

  it('late past the tolerance, with by how much; within it is on time', () => {
    expect(classifyDay({ date: MONDAY, shift: day, first: at('08:11'), last: at('16:00') })).toMatchObject({
      state: 'left',
      flags: ['late'],
      lateBy: 11,
    });
    expect(classifyDay({ date: MONDAY, shift: day, first: at('08:10'), last: at('16:00') }).flags).toEqual([]);
  });

  it('left early before the end less the tolerance', () => {
    expect(classifyDay({ date: MONDAY, shift: day, first: at('08:00'), last: at('15:49') }).flags).toEqual([
      'leftEarly',
    ]);
    expect(classifyDay({ date: MONDAY, shift: day, first: at('08:00'), last: at('15:50') }).flags).toEqual([]);
  });

  it('absent once the start and tolerance passed with no scan; expected before', () => {
    expect(classifyDay({ date: MONDAY, shift: day, first: null, last: null }).state).toBe('absent');
    expect(classifyDay({ date: MONDAY, shift: day, first: null, last: null, now: at('08:09') }).state).toBe('expected');
    expect(classifyDay({ date: MONDAY, shift: day, first: null, last: null, now: at('08:10') }).state).toBe('absent');
  });

  it('in while the shift runs; no checkout once its end and tolerance passed', () => {
    const input = { date: MONDAY, shift: day, first: at('07:58'), last: null };
    expect(classifyDay({ ...input, now: at('16:09') }).state).toBe('in');
    expect(classifyDay({ ...input, now: at('16:10') }).state).toBe('noCheckout');
    expect(classifyDay(input).state).toBe('noCheckout');
  });

  it('a late arrival still in keeps its late mark', () => {
    expect(classifyDay({ date: MONDAY, shift: day, first: at('09:30'), last: null, now: at('12:00') })).toMatchObject({
      state: 'in',
      flags: ['late'],
      lateBy: 90,
    });
  });

  it('work on an unscheduled day is unscheduled work, never late or early', () => {
    expect(classifyDay({ date: SUNDAY, shift: null, first: at('10:00'), last: at('12:00') })).toMatchObject({
      state: 'left',
      flags: ['unscheduledWork'],
    });
    expect(classifyDay({ date: SUNDAY, shift: null, first: at('10:00'), last: null, now: at('11:00') }).state).toBe(
      'in',
    );
    expect(classifyDay({ date: SUNDAY, shift: null, first: at('10:00'), last: null }).state).toBe('noCheckout');
  });

  it('not scheduled and not worked; a custom tolerance', () => {
    expect(classifyDay({ date: SUNDAY, shift: null, first: null, last: null }).state).toBe('notScheduled');
    expect(
      classifyDay({ date: MONDAY, shift: day, first: at('08:20'), last: at('16:00'), toleranceMinutes: 30 }).flags,
    ).toEqual([]);
  });

  it('leave wins over absence, and leave over a holiday is leave; work on either is unscheduled', () => {
    expect(classifyDay({ date: MONDAY, shift: day, first: null, last: null, onLeave: true }).state).toBe('onLeave');
    expect(classifyDay({ date: MONDAY, shift: day, first: null, last: null, onLeave: true, holiday: true }).state).toBe(
      'onLeave',
    );
    expect(classifyDay({ date: MONDAY, shift: day, first: null, last: null, holiday: true }).state).toBe('holiday');
    expect(classifyDay({ date: SUNDAY, shift: null, first: null, last: null, holiday: true }).state).toBe('holiday');
    expect(
      classifyDay({ date: MONDAY, shift: day, first: at('09:00'), last: at('12:00'), holiday: true }).flags,
    ).toEqual(['unscheduledWork']);
  });
});

describe('scans across midnight and on the days the clocks change', () => {
  const night = { start: at('22:00'), end: 1440 + at('06:00') };

  it('a night shift takes the next morning’s scan as its checkout', () => {
    const clocks = [
      { date: SATURDAY, minutes: at('21:55') },
      { date: SUNDAY, minutes: at('06:03') },
    ];
    const scans = scansOfShift(clocks, SATURDAY, night);
    expect(scans).toEqual({ first: at('21:55'), last: 1440 + at('06:03') });
    expect(classifyDay({ date: SATURDAY, shift: night, ...scans }).state).toBe('left');
    expect(
      classifyDay({ date: SATURDAY, shift: night, first: scans.first, last: null, now: 1440 + at('02:00') }).state,
    ).toBe('in');
  });

  it('a day shift does not take the next day’s scans', () => {
    const clocks = [
      { date: MONDAY, minutes: at('08:00') },
      { date: '2026-11-24', minutes: at('08:01') },
    ];
    expect(scansOfShift(clocks, MONDAY, day)).toEqual({ first: at('08:00'), last: null });
  });

  it('places a scan on the day before, the day itself and the day after', () => {
    expect(minutesOnDay({ date: MONDAY, minutes: 60 }, '2026-11-24')).toBe(60 - 1440);
    expect(minutesOnDay({ date: '2026-11-24', minutes: 60 }, MONDAY)).toBe(1500);
    expect(minutesOnDay({ date: '2026-11-30', minutes: 60 }, MONDAY)).toBeNaN();
  });

  it('reads instants on the wall clock of Europe/Tirane and Europe/Belgrade across both changes of 2026', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST. 25 October 2026: 03:00 CEST becomes 02:00 CET.
    expect(localClockOf(new Date('2026-03-29T00:59:00Z'), 'Europe/Tirane')).toEqual({
      date: '2026-03-29',
      minutes: 119,
    });
    expect(localClockOf(new Date('2026-03-29T01:00:00Z'), 'Europe/Tirane')).toEqual({
      date: '2026-03-29',
      minutes: 180,
    });
    expect(localClockOf(new Date('2026-10-25T00:30:00Z'), 'Europe/Belgrade')).toEqual({
      date: '2026-10-25',
      minutes: 150,
    });
    expect(localClockOf(new Date('2026-10-25T01:30:00Z'), 'Europe/Belgrade')).toEqual({
      date: '2026-10-25',
      minutes: 150,
    });
  });

  it('judges a night shift over a change by the wall clock: in at 22:00, out at 06:00 is on time', () => {
    // Saturday 28 March 2026, 22:00 CET (21:00Z) to Sunday 29 March, 06:00 CEST (04:00Z): 7 real hours.
    const clocks = [new Date('2026-03-28T21:00:00Z'), new Date('2026-03-29T04:00:00Z')].map((instant) =>
      localClockOf(instant, 'Europe/Tirane'),
    );
    const scans = scansOfShift(clocks, '2026-03-28', night);
    expect(scans).toEqual({ first: at('22:00'), last: 1440 + at('06:00') });
    expect(classifyDay({ date: '2026-03-28', shift: night, ...scans })).toMatchObject({ state: 'left', flags: [] });
  });

  it('a day shift on the autumn change is on time by the wall clock', () => {
    // Sunday 25 October 2026 as a working day: 08:00 CET is 07:00Z.
    const week = emptySchedule();
    week.sunday = { selected: true, startTime: '08:00', endTime: '16:00' };
    const shift = expectedShift(week, '2026-10-25');
    const clocks = [new Date('2026-10-25T07:05:00Z'), new Date('2026-10-25T15:00:00Z')].map((instant) =>
      localClockOf(instant, 'Europe/Belgrade'),
    );
    const scans = scansOfShift(clocks, '2026-10-25', shift);
    expect(classifyDay({ date: '2026-10-25', shift, ...scans })).toMatchObject({ state: 'left', flags: [] });
  });
});
