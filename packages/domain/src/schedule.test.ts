import { describe, expect, it } from 'vitest';
import {
  copyMondayTo,
  DEFAULT_SHIFT,
  defaultTimesFor,
  emptySchedule,
  isNightShift,
  parseStoredSchedule,
  readNormalSchedule,
  readStoredSchedule,
  SCHEDULE_DAYS,
  scheduleRowIssue,
  selectDayWithDefaults,
  shouldAskSameAsMonday,
  type TSchedule,
  unselectDay,
  ZScheduleInput,
} from './schedule';

const nineToFive = { selected: true, startTime: '09:00', endTime: '17:00' };

function withMonday(): TSchedule {
  return { ...emptySchedule(), monday: nineToFive };
}

describe('schedule shape', () => {
  it('is keyed monday to sunday', () => {
    expect(SCHEDULE_DAYS).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(Object.keys(emptySchedule())).toEqual([...SCHEDULE_DAYS]);
    expect(emptySchedule().friday).toEqual({ selected: false, startTime: '', endTime: '' });
  });

  it('copies Monday when the same-as-Monday question is answered Po', () => {
    expect(copyMondayTo(withMonday(), 'wednesday').wednesday).toEqual(nineToFive);
  });

  it('resets the times of a day that is unselected', () => {
    expect(unselectDay(withMonday(), 'monday').monday).toEqual({ selected: false, startTime: '', endTime: '' });
  });

  it.each([
    ['tuesday', withMonday(), true],
    ['monday', withMonday(), false],
    ['tuesday', emptySchedule(), false],
  ] as const)('asks the same-as-Monday question for %s: %s', (day, schedule, ask) => {
    expect(shouldAskSameAsMonday(schedule, day)).toBe(ask);
  });
});

describe('schedule validation', () => {
  it.each([
    ['an object', { monday: nineToFive }],
    ['JSON text', JSON.stringify({ monday: nineToFive })],
  ])('accepts %s and fills the missing days', (_name, input) => {
    const schedule = ZScheduleInput.parse(input);
    expect(schedule?.monday).toEqual(nineToFive);
    expect(schedule?.sunday).toEqual({ selected: false, startTime: '', endTime: '' });
  });

  it.each([[null], [''], ['null']])('reads %j as no schedule', (input) => {
    expect(ZScheduleInput.parse(input)).toBeNull();
  });

  it('drops the times of an unselected day', () => {
    const schedule = ZScheduleInput.parse({ tuesday: { selected: false, startTime: '08:00', endTime: '12:00' } });
    expect(schedule?.tuesday).toEqual({ selected: false, startTime: '', endTime: '' });
  });

  it('accepts a night shift ending the next morning', () => {
    const night = { selected: true, startTime: '22:00', endTime: '06:00' };
    expect(ZScheduleInput.parse({ friday: night })?.friday).toEqual(night);
  });

  it.each([
    ['not JSON', '{monday', 'Schedule is not valid JSON.'],
    ['a list', [nineToFive], 'Schedule must be an object keyed monday to sunday, or that object as JSON text.'],
    ['JSON of a list', '[1]', 'Schedule must be an object keyed monday to sunday.'],
    ['an unknown day', { funday: nineToFive }, 'Unknown schedule day "funday"; use monday to sunday.'],
    [
      'a day without selected',
      { monday: { startTime: '09:00', endTime: '17:00' } },
      'Each schedule day needs "selected" (true or false).',
    ],
    [
      'a selected day without times',
      { monday: { selected: true, startTime: '', endTime: '' } },
      'Monday: choose a start and an end time.',
    ],
    [
      'a time off the 15-minute steps',
      { tuesday: { selected: true, startTime: '09:10', endTime: '17:00' } },
      'Tuesday: times go in 15-minute steps from 00:00 to 23:45 (for example 08:00 or 16:45).',
    ],
    [
      'a time that is not HH:MM',
      { sunday: { selected: true, startTime: '9am', endTime: '17:00' } },
      'Sunday: times go in 15-minute steps from 00:00 to 23:45 (for example 08:00 or 16:45).',
    ],
    [
      'the same start and end',
      { monday: { selected: true, startTime: '09:00', endTime: '09:00' } },
      'Monday: the end time must differ from the start time.',
    ],
    [
      'a day that is not an object',
      { monday: 'yes' },
      'Each schedule day must be an object with selected, startTime and endTime.',
    ],
  ])('refuses %s', (_name, input, message) => {
    expect(ZScheduleInput.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

describe('ticking a day and checking its row', () => {
  it('fills the nearest earlier ticked day’s times, else 08:00–16:00', () => {
    const schedule = emptySchedule();
    expect(defaultTimesFor(schedule, 'monday')).toEqual({ startTime: '08:00', endTime: '16:00' });
    schedule.monday = { selected: true, startTime: '07:00', endTime: '15:00' };
    schedule.wednesday = { selected: true, startTime: '10:00', endTime: '18:00' };
    expect(defaultTimesFor(schedule, 'tuesday')).toEqual({ startTime: '07:00', endTime: '15:00' });
    expect(defaultTimesFor(schedule, 'friday')).toEqual({ startTime: '10:00', endTime: '18:00' });
    expect(defaultTimesFor(schedule, 'tuesday', { skipMonday: true })).toEqual(DEFAULT_SHIFT);
    expect(selectDayWithDefaults(schedule, 'thursday').thursday).toEqual({
      selected: true,
      startTime: '10:00',
      endTime: '18:00',
    });
  });

  it('names what is wrong with a ticked day; an end before the start is a night shift', () => {
    const day = (startTime: string, endTime: string) => ({ selected: true, startTime, endTime });
    expect(scheduleRowIssue(day('', '16:00'))).toBe('missingTimes');
    expect(scheduleRowIssue(day('08:00', '08:00'))).toBe('sameTimes');
    expect(scheduleRowIssue(day('18:00', '08:00'))).toBe('endBeforeStart');
    expect(scheduleRowIssue(day('08:00', '16:00'))).toBeNull();
    expect(scheduleRowIssue({ selected: false, startTime: '', endTime: '' })).toBeNull();
    expect(isNightShift(day('22:00', '06:00'))).toBe(true);
    expect(isNightShift(day('06:00', '22:00'))).toBe(false);
    // A night shift is stored as it is and reads back the same (it round-trips as JSON text).
    const night = { ...emptySchedule(), friday: day('22:00', '06:00') };
    expect(readStoredSchedule(JSON.stringify(night))).toEqual(night);
  });
});

describe('reading stored schedules (issue 37)', () => {
  const day = (selected: unknown, startTime?: unknown, endTime?: unknown) => ({
    selected,
    ...(startTime === undefined ? {} : { startTime }),
    ...(endTime === undefined ? {} : { endTime }),
  });
  const mondayToFriday = {
    ...emptySchedule(),
    monday: nineToFive,
    tuesday: nineToFive,
    wednesday: nineToFive,
    thursday: nineToFive,
    friday: nineToFive,
  };
  /** The same schedule with jsonb's key order (shorter keys first), as PostgreSQL gives it back. */
  const jsonbOrder = (schedule: TSchedule) =>
    Object.fromEntries(
      Object.keys(schedule)
        .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
        .map((key) => {
          const { selected, startTime, endTime } = schedule[key as keyof TSchedule];
          return [key, { endTime, selected, startTime }];
        }),
    );
  const shapes: unknown[] = [
    null,
    undefined,
    '',
    ' ',
    'null',
    '{}',
    '{"monday":',
    '[]',
    '3',
    JSON.stringify(mondayToFriday),
    {},
    [],
    42,
    true,
    emptySchedule(),
    mondayToFriday,
    jsonbOrder(mondayToFriday),
    { monday: nineToFive },
    { ...mondayToFriday, funday: nineToFive },
    { ...mondayToFriday, monday: null },
    { ...mondayToFriday, monday: [] },
    { ...mondayToFriday, monday: 'x' },
    { ...mondayToFriday, monday: day(true) },
    { ...mondayToFriday, monday: day('true', '09:00', '17:00') },
    { ...mondayToFriday, monday: day(false, '09:00', '17:00') },
    { ...mondayToFriday, monday: day(false) },
    { ...mondayToFriday, monday: day(false, null, null) },
    { ...mondayToFriday, monday: day(true, '09:00', '09:00') },
    { ...mondayToFriday, monday: day(true, '22:00', '06:00') },
    { ...mondayToFriday, monday: day(true, '09:10', '17:00') },
    { ...mondayToFriday, monday: day(true, '24:00', '17:00') },
    { ...mondayToFriday, monday: day(true, '9:00', '17:00') },
    { ...mondayToFriday, monday: day(true, '09:00 ', '17:00') },
    { ...mondayToFriday, monday: day(true, '09:60', '17:00') },
    { ...mondayToFriday, monday: day(true, '09:0a', '17:00') },
    { ...mondayToFriday, monday: day(true, '', '17:00') },
    { ...mondayToFriday, monday: day(true, 900, '17:00') },
    { ...mondayToFriday, monday: { ...nineToFive, note: 'x' } },
  ];
  // Every hour and quarter, and their neighbours, as a selected day's start.
  for (let h = 0; h < 26; h += 1) {
    for (let m = 0; m < 61; m += 5) {
      const time = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
      shapes.push({ ...mondayToFriday, wednesday: day(true, time, '17:00') });
    }
  }

  it('reads every stored shape exactly as zod does, key order included', () => {
    for (const shape of shapes) {
      const expected = JSON.stringify(parseStoredSchedule(shape)) ?? 'null';
      expect(JSON.stringify(readStoredSchedule(shape)) ?? 'null', JSON.stringify(shape)).toBe(expected);
    }
  });

  it('reads a normalised schedule without zod, in the answer’s key order', () => {
    const read = readNormalSchedule(jsonbOrder(mondayToFriday));
    expect(JSON.stringify(read)).toBe(JSON.stringify(mondayToFriday));
    expect(readNormalSchedule(emptySchedule())).toEqual(emptySchedule());
    // What is not normalised is left to zod: JSON text, a partial object, a day with stray times.
    expect(readNormalSchedule(JSON.stringify(mondayToFriday))).toBeUndefined();
    expect(readNormalSchedule({ monday: nineToFive })).toBeUndefined();
    expect(readNormalSchedule({ ...mondayToFriday, sunday: day(false, '09:00', '17:00') })).toBeUndefined();
  });
});
