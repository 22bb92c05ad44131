import { describe, expect, it } from 'vitest';
import { dayMarks, isAttendanceExceptionMark, type TDayMark } from '../marks';
import { emptySchedule, type TSchedule } from '../schedule';
import { seededRandom } from '../seeded-random';
import { monthExceptions, partTimeWeeklyHours, type TExceptionInput } from './exceptions';

const base: TExceptionInput = {
  month: '2026-03',
  hoursSource: 'scans',
  workers: [
    { id: 1, name: 'Ardi' },
    { id: 2, name: 'Besa' },
  ],
  scanDays: [],
  entryDays: [],
  holidays: [],
  warnings: new Map(),
};

describe('monthExceptions', () => {
  it('finds nothing in a quiet month', () => {
    expect(
      monthExceptions({
        ...base,
        scanDays: [{ employeeId: 1, date: '2026-03-02', hours: 8, missingCheckout: false }],
      }),
    ).toEqual([]);
  });

  it('lists missing checkouts, days over 12 h and work on holidays from the scans when scans are the source', () => {
    const found = monthExceptions({
      ...base,
      scanDays: [
        // A day of the previous month (the first week's Monday) is not this month's business.
        { employeeId: 1, date: '2026-02-23', hours: 0, missingCheckout: true },
        { employeeId: 1, date: '2026-03-03', hours: 0, missingCheckout: true },
        { employeeId: 2, date: '2026-03-04', hours: 12.25, missingCheckout: false },
        { employeeId: 2, date: '2026-03-05', hours: 12, missingCheckout: false },
        { employeeId: 1, date: '2026-03-20', hours: 6, missingCheckout: false },
      ],
      // Entries are not the source: a long entered day is not an exception here.
      entryDays: [{ employeeId: 1, date: '2026-03-09', hours: 14 }],
      holidays: [{ date: '2026-03-20', name: 'Fitër Bajrami' }],
    });
    expect(found).toEqual([
      { kind: 'missingCheckout', employeeId: 1, name: 'Ardi', date: '2026-03-03', detail: {} },
      {
        kind: 'entryOnHoliday',
        employeeId: 1,
        name: 'Ardi',
        date: '2026-03-20',
        detail: { hours: 6, holiday: 'Fitër Bajrami' },
      },
      { kind: 'dayOver12h', employeeId: 2, name: 'Besa', date: '2026-03-04', detail: { hours: 12.25 } },
    ]);
  });

  it('reads entered hours when entries are the source, and flags a worker who only scanned', () => {
    const found = monthExceptions({
      ...base,
      hoursSource: 'entries',
      scanDays: [
        { employeeId: 2, date: '2026-03-02', hours: 8, missingCheckout: false },
        { employeeId: 2, date: '2026-03-03', hours: 0, missingCheckout: true },
        // Ardi scans too but has entries: his entries are the hours, nothing to flag.
        { employeeId: 1, date: '2026-03-02', hours: 8, missingCheckout: false },
      ],
      entryDays: [
        { employeeId: 1, date: '2026-03-02', hours: 13 },
        { employeeId: 1, date: '2026-03-20', hours: 0 },
      ],
      holidays: [{ date: '2026-03-20', name: 'Fitër Bajrami' }],
    });
    expect(found).toEqual([
      { kind: 'dayOver12h', employeeId: 1, name: 'Ardi', date: '2026-03-02', detail: { hours: 13 } },
      {
        kind: 'scansWithoutHoursSource',
        employeeId: 2,
        name: 'Besa',
        date: null,
        detail: { source: 'entries', days: 2 },
      },
    ]);
  });

  it('flags entered hours of a worker with no scans when scans are the source', () => {
    const found = monthExceptions({
      ...base,
      entryDays: [
        { employeeId: 2, date: '2026-03-02', hours: 8 },
        { employeeId: 2, date: '2026-03-03', hours: 8 },
      ],
    });
    expect(found).toEqual([
      {
        kind: 'scansWithoutHoursSource',
        employeeId: 2,
        name: 'Besa',
        date: null,
        detail: { source: 'scans', days: 2 },
      },
    ]);
  });

  it("turns the statement's cap warnings into overtime exceptions and leaves the other warnings out", () => {
    const found = monthExceptions({
      ...base,
      warnings: new Map([
        [
          1,
          [
            { code: 'overtimeWeekCap', weekStart: '2026-03-02', hours: 20, cap: 8 },
            { code: 'weekHoursCap', weekStart: '2026-03-02', hours: 60, cap: 48 },
            { code: 'overtimeYearCap', hours: 210, cap: 200 },
            { code: 'belowMinimumWage', salary: 100_00, minimumWage: 350_00 },
            // Night hours unknown is the statement's note, never an exception that blocks the close.
            { code: 'nightHoursUnknown', days: ['2026-03-03'] },
          ],
        ],
      ]),
    });
    expect(found).toEqual([
      {
        kind: 'overtimeOverCap',
        employeeId: 1,
        name: 'Ardi',
        date: '2026-03-02',
        detail: { code: 'overtimeWeekCap', hours: 20, cap: 8 },
      },
      {
        kind: 'overtimeOverCap',
        employeeId: 1,
        name: 'Ardi',
        date: '2026-03-02',
        detail: { code: 'weekHoursCap', hours: 60, cap: 48 },
      },
      {
        kind: 'overtimeOverCap',
        employeeId: 1,
        name: 'Ardi',
        date: null,
        detail: { code: 'overtimeYearCap', hours: 210, cap: 200 },
      },
    ]);
  });

  it('ignores days of workers who are no longer employed', () => {
    expect(
      monthExceptions({ ...base, scanDays: [{ employeeId: 9, date: '2026-03-03', hours: 0, missingCheckout: true }] }),
    ).toEqual([]);
  });
});

describe('partTimeWeeklyHours', () => {
  const day = (startTime: string, endTime: string) => ({ selected: true, startTime, endTime });
  const off = { selected: false, startTime: '', endTime: '' };
  const week = { monday: off, tuesday: off, wednesday: off, thursday: off, friday: off, saturday: off, sunday: off };

  it('sums the scheduled days, a night shift ending the next morning included', () => {
    expect(
      partTimeWeeklyHours(
        { ...week, monday: day('08:00', '12:00'), tuesday: day('22:00', '02:30'), friday: day('09:15', '13:15') },
        40,
      ),
    ).toBe(12.5);
  });

  it('is full time (null) at or above the weekly normal hours, and with no schedule', () => {
    const full = {
      ...week,
      monday: day('08:00', '16:00'),
      tuesday: day('08:00', '16:00'),
      wednesday: day('08:00', '16:00'),
      thursday: day('08:00', '16:00'),
      friday: day('08:00', '16:00'),
    };
    expect(partTimeWeeklyHours(full, 40)).toBeNull();
    expect(partTimeWeeklyHours(null, 40)).toBeNull();
    expect(partTimeWeeklyHours(week, 40)).toBeNull();
  });
});

describe('monthExceptions from the attendance marks', () => {
  it('lists the same with only the marks that isAttendanceExceptionMark as with every day’s', () => {
    const random = seededRandom(20261127);
    for (let i = 0; i < 300; i += 1) {
      const marks = new Map<number, TDayMark[]>();
      const scanDays: { employeeId: number; date: string; hours: number; missingCheckout: boolean }[] = [];
      for (const worker of base.workers) {
        const own = dayMarks({
          from: '2026-02-27',
          to: '2026-04-02',
          schedule: random() < 0.2 ? null : WEEKDAYS,
          clocks: Array.from({ length: 60 }, () => ({
            date: `2026-03-${String(1 + Math.floor(random() * 31)).padStart(2, '0')}`,
            minutes: Math.floor(random() * 1440),
          })),
          toleranceMinutes: 10,
        });
        marks.set(worker.id, own);
        for (const mark of own) {
          if (mark.first !== null && random() < 0.5)
            scanDays.push({ employeeId: worker.id, date: mark.date, hours: 8, missingCheckout: mark.last === null });
        }
      }
      const input = { ...base, scanDays, marks };
      const filtered = new Map([...marks].map(([id, own]) => [id, own.filter(isAttendanceExceptionMark)]));
      expect(monthExceptions({ ...input, marks: filtered })).toEqual(monthExceptions(input));
    }
  });
});

const WEEKDAYS: TSchedule = {
  ...emptySchedule(),
  monday: { selected: true, startTime: '07:00', endTime: '15:00' },
  tuesday: { selected: true, startTime: '07:00', endTime: '15:00' },
  wednesday: { selected: true, startTime: '22:00', endTime: '06:00' },
  thursday: { selected: true, startTime: '07:00', endTime: '15:00' },
  friday: { selected: true, startTime: '09:00', endTime: '17:00' },
};
