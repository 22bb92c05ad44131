import { describe, expect, it } from 'vitest';
import { localClockOf, minutesOfClock, type TLocalClock } from './attendance';
import { dayMarks, isNotableMark, SCHEDULE_HISTORY_START, scheduleOn, type TScheduleChange } from './marks';
import { emptySchedule, type TSchedule } from './schedule';

const at = (clock: string) => minutesOfClock(clock);
const clock = (date: string, time: string): TLocalClock => ({ date, minutes: at(time) });

function weekdays(start: string, end: string): TSchedule {
  const week = emptySchedule();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    week[day] = { selected: true, startTime: start, endTime: end };
  }
  return week;
}
const EARLY = weekdays('07:00', '15:00');
const LATE = weekdays('10:00', '18:00');

describe('the schedule on a date', () => {
  const history: TScheduleChange[] = [
    { effectiveFrom: '2026-11-16', schedule: LATE },
    { effectiveFrom: SCHEDULE_HISTORY_START, schedule: EARLY },
  ];

  it('is the last change from that date or before, in any order', () => {
    expect(scheduleOn(history, '2026-11-13')).toBe(EARLY);
    expect(scheduleOn(history, '2026-11-16')).toBe(LATE);
    expect(scheduleOn(history, '2027-01-01')).toBe(LATE);
  });

  it('before the first row is the first row; without history it is the current schedule', () => {
    expect(scheduleOn([{ effectiveFrom: '2026-11-20', schedule: LATE }], '2026-11-01')).toBe(LATE);
    expect(scheduleOn([], '2026-11-01', EARLY)).toBe(EARLY);
    expect(scheduleOn(undefined, '2026-11-01', null)).toBeNull();
  });

  it('a change to no schedule holds too', () => {
    expect(scheduleOn([...history, { effectiveFrom: '2026-11-20', schedule: null }], '2026-11-23', EARLY)).toBeNull();
  });
});

describe('the marks of a range of days', () => {
  it('measures each day against the schedule of its day: a change mid-month moves the start', () => {
    // Until Sunday 15 November 07:00–15:00, from Monday 16 November 10:00–18:00.
    const history: TScheduleChange[] = [
      { effectiveFrom: SCHEDULE_HISTORY_START, schedule: EARLY },
      { effectiveFrom: '2026-11-16', schedule: LATE },
    ];
    const marks = dayMarks({
      from: '2026-11-13',
      to: '2026-11-16',
      history,
      schedule: LATE,
      clocks: [
        clock('2026-11-13', '09:55'),
        clock('2026-11-13', '18:00'),
        clock('2026-11-16', '09:55'),
        clock('2026-11-16', '18:00'),
      ],
    });
    expect(marks.map((mark) => [mark.date, mark.state, mark.flags, mark.lateBy])).toEqual([
      ['2026-11-13', 'left', ['late'], 175],
      ['2026-11-14', 'notScheduled', [], undefined],
      ['2026-11-15', 'notScheduled', [], undefined],
      ['2026-11-16', 'left', [], undefined],
    ]);
  });

  it('marks every case: late, left early, no checkout, absent, unscheduled work, leave with its type', () => {
    const marks = dayMarks({
      from: '2026-11-16',
      to: '2026-11-22',
      schedule: EARLY,
      clocks: [
        clock('2026-11-16', '07:30'),
        clock('2026-11-16', '15:00'),
        clock('2026-11-17', '07:00'),
        clock('2026-11-17', '13:00'),
        clock('2026-11-18', '06:58'),
        clock('2026-11-21', '09:00'),
        clock('2026-11-21', '11:00'),
      ],
      leave: new Map([['2026-11-20', 'Pushim vjetor']]),
    });
    expect(marks.map((mark) => [mark.date, mark.state, mark.flags, mark.leaveType])).toEqual([
      ['2026-11-16', 'left', ['late'], undefined],
      ['2026-11-17', 'left', ['leftEarly'], undefined],
      ['2026-11-18', 'noCheckout', [], undefined],
      ['2026-11-19', 'absent', [], undefined],
      ['2026-11-20', 'onLeave', [], 'Pushim vjetor'],
      ['2026-11-21', 'left', ['unscheduledWork'], undefined],
      ['2026-11-22', 'notScheduled', [], undefined],
    ]);
    expect(marks.filter(isNotableMark).map((mark) => mark.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
  });

  it('leave over a holiday is leave; a holiday alone is not an absence', () => {
    // Tuesday 1 December 2026 as a company day off, inside a leave from 30 November to 2 December.
    const leave = new Map(['2026-11-30', '2026-12-01', '2026-12-02'].map((date) => [date, 'Pushim vjetor']));
    const marks = dayMarks({
      from: '2026-11-30',
      to: '2026-12-03',
      schedule: EARLY,
      clocks: [],
      leave,
      holidays: new Set(['2026-12-01', '2026-12-03']),
    });
    expect(marks.map((mark) => [mark.date, mark.state])).toEqual([
      ['2026-11-30', 'onLeave'],
      ['2026-12-01', 'onLeave'],
      ['2026-12-02', 'onLeave'],
      ['2026-12-03', 'holiday'],
    ]);
  });

  it('a night shift owns the next morning’s checkout; the next day is not marked worked', () => {
    const night = emptySchedule();
    night.friday = { selected: true, startTime: '22:00', endTime: '06:00' };
    night.saturday = { selected: true, startTime: '22:00', endTime: '06:00' };
    const marks = dayMarks({
      from: '2026-11-20',
      to: '2026-11-22',
      schedule: night,
      clocks: [clock('2026-11-20', '22:20'), clock('2026-11-21', '05:40')],
    });
    expect(marks.map((mark) => [mark.date, mark.state, mark.flags, mark.lateBy])).toEqual([
      ['2026-11-20', 'left', ['late', 'leftEarly'], 20],
      ['2026-11-21', 'absent', [], undefined],
      ['2026-11-22', 'notScheduled', [], undefined],
    ]);
  });

  it('the night shift of the day before the range still takes its morning scan', () => {
    const night = emptySchedule();
    night.sunday = { selected: true, startTime: '22:00', endTime: '06:00' };
    const marks = dayMarks({
      from: '2026-11-23',
      to: '2026-11-23',
      schedule: night,
      clocks: [clock('2026-11-22', '21:58'), clock('2026-11-23', '06:01')],
    });
    expect(marks).toMatchObject([{ date: '2026-11-23', state: 'notScheduled', flags: [] }]);
  });

  it('days to come are expected, today is judged by now, and days before the first day are not absences', () => {
    const marks = dayMarks({
      from: '2026-11-23',
      to: '2026-11-26',
      schedule: EARLY,
      clocks: [clock('2026-11-25', '07:20')],
      now: clock('2026-11-25', '09:00'),
      since: '2026-11-24',
    });
    expect(marks.map((mark) => [mark.date, mark.state, mark.flags])).toEqual([
      ['2026-11-23', 'notScheduled', []],
      ['2026-11-24', 'absent', []],
      ['2026-11-25', 'in', ['late']],
      ['2026-11-26', 'expected', []],
    ]);
  });

  it('judges by the wall clock on the daylight-saving days of Europe/Tirane and Europe/Belgrade', () => {
    const night = emptySchedule();
    night.saturday = { selected: true, startTime: '22:00', endTime: '06:00' };
    // Spring, Tirana: Saturday 28 March 22:00 CET to Sunday 29 March 06:00 CEST (7 real hours) is on time.
    const spring = ['2026-03-28T21:00:00Z', '2026-03-29T04:00:00Z'];
    const springMarks = dayMarks({
      from: '2026-03-28',
      to: '2026-03-29',
      schedule: night,
      clocks: spring.map((instant) => localClockOf(new Date(instant), 'Europe/Tirane')),
    });
    expect(springMarks.map((mark) => [mark.date, mark.state, mark.flags])).toEqual([
      ['2026-03-28', 'left', []],
      ['2026-03-29', 'notScheduled', []],
    ]);
    const week = emptySchedule();
    week.sunday = { selected: true, startTime: '08:00', endTime: '16:00' };
    // Spring, Belgrade: Sunday 29 March 08:05 CEST (06:05Z) to 15:45 CEST is on time, then left early.
    const belgrade = dayMarks({
      from: '2026-03-29',
      to: '2026-03-29',
      schedule: week,
      clocks: ['2026-03-29T06:05:00Z', '2026-03-29T13:45:00Z'].map((instant) =>
        localClockOf(new Date(instant), 'Europe/Belgrade'),
      ),
    });
    expect(belgrade).toMatchObject([{ state: 'left', flags: ['leftEarly'] }]);
    // Autumn, Belgrade: Sunday 25 October 08:15 CET (07:15Z) is 15 minutes late, out 16:00 CET.
    const autumn = ['2026-10-25T07:15:00Z', '2026-10-25T15:00:00Z'];
    const autumnMarks = dayMarks({
      from: '2026-10-25',
      to: '2026-10-25',
      schedule: week,
      clocks: autumn.map((instant) => localClockOf(new Date(instant), 'Europe/Belgrade')),
    });
    expect(autumnMarks).toMatchObject([{ state: 'left', flags: ['late'], lateBy: 15 }]);
  });
});
