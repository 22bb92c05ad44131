import { describe, expect, it } from 'vitest';
import { clockChangesIn, clockChangeWithin, pairShifts, shiftHours, shiftNightHours, type TScanClock } from './shifts';

const at = (date: string, time: string): TScanClock => ({
  date,
  minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)),
});
const noNights = { nightShiftOn: () => false };
const window = { start: '22:00', end: '06:00' };

describe('pairing scans into shifts', () => {
  it('pairs two 22:00→06:00 nights without a schedule into two 8-hour shifts of the evenings they start on', () => {
    const clocks = [
      at('2026-03-02', '22:00'),
      at('2026-03-03', '06:00'),
      at('2026-03-03', '22:00'),
      at('2026-03-04', '06:00'),
    ];
    expect(pairShifts(clocks, noNights)).toEqual([
      { date: '2026-03-02', first: 1320, last: 1800, count: 2 },
      { date: '2026-03-03', first: 1320, last: 1800, count: 2 },
    ]);
  });

  it('closes a lone evening scan with the next morning only within 14 hours on the clock', () => {
    expect(pairShifts([at('2026-03-02', '18:00'), at('2026-03-03', '08:00')], noNights)).toEqual([
      { date: '2026-03-02', first: 1080, last: 1920, count: 2 },
    ]);
    expect(pairShifts([at('2026-03-02', '17:59'), at('2026-03-03', '08:00')], noNights)).toEqual([
      { date: '2026-03-02', first: 1079, last: 1079, count: 1 },
      { date: '2026-03-03', first: 480, last: 480, count: 1 },
    ]);
  });

  it('keeps day shifts on their own dates, a forgotten checkout staying a one-scan day', () => {
    const clocks = [
      at('2026-03-02', '08:00'),
      at('2026-03-02', '12:00'),
      at('2026-03-02', '16:00'),
      at('2026-03-03', '08:00'),
      at('2026-03-04', '07:55'),
      at('2026-03-04', '16:00'),
    ];
    expect(pairShifts(clocks, noNights)).toEqual([
      { date: '2026-03-02', first: 480, last: 960, count: 3 },
      { date: '2026-03-03', first: 480, last: 480, count: 1 },
      { date: '2026-03-04', first: 475, last: 960, count: 2 },
    ]);
  });

  it('gives a scheduled night shift the next morning scans before noon, also after two scans in the evening', () => {
    const clocks = [at('2026-03-02', '21:55'), at('2026-03-02', '21:56'), at('2026-03-03', '07:30')];
    expect(pairShifts(clocks, { nightShiftOn: (date) => date === '2026-03-02' })).toEqual([
      { date: '2026-03-02', first: 1315, last: 1890, count: 3 },
    ]);
    // Without the schedule the evening's two scans are a day of their own.
    expect(pairShifts(clocks, noNights)).toHaveLength(2);
  });

  it('leaves the next morning scans up to an hour after a corrected end to the corrected night', () => {
    const clocks = [at('2026-03-03', '06:10'), at('2026-03-03', '22:00'), at('2026-03-04', '06:00')];
    expect(
      pairShifts(clocks, { ...noNights, correctedUntil: (date) => (date === '2026-03-03' ? 360 + 60 : undefined) }),
    ).toEqual([{ date: '2026-03-03', first: 1320, last: 1800, count: 2 }]);
  });
});

describe('night shifts on the nights the clocks change', () => {
  it('finds the last Sundays of March and October in Belgrade and Tirana', () => {
    for (const zone of ['Europe/Belgrade', 'Europe/Tirane']) {
      expect(clockChangesIn(zone, 2026)).toEqual([
        { date: '2026-03-29', at: 120, jump: 60 },
        { date: '2026-10-25', at: 180, jump: -60 },
      ]);
    }
  });

  it('counts 22:00→06:00 as 7 hours, all night, when the clocks go forward, and 9 when they go back', () => {
    const spring = clockChangeWithin('Europe/Belgrade', '2026-03-28', 1320, 1800);
    expect(spring).toEqual({ at: 1560, jump: 60 });
    expect(shiftHours(1320, 1800, spring)).toBe(7);
    expect(shiftNightHours(1320, 1800, window, spring)).toBe(7);
    const autumn = clockChangeWithin('Europe/Tirane', '2026-10-24', 1320, 1800);
    expect(shiftHours(1320, 1800, autumn)).toBe(9);
    expect(shiftNightHours(1320, 1800, window, autumn)).toBe(9);
  });

  it('counts an ordinary night as 8 hours, 8 of them night hours', () => {
    expect(clockChangeWithin('Europe/Belgrade', '2026-03-02', 1320, 1800)).toBeUndefined();
    expect(shiftHours(1320, 1800)).toBe(8);
    expect(shiftNightHours(1320, 1800, window)).toBe(8);
  });
});
