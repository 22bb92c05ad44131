import { describe, expect, it } from 'vitest';
import { weekdayIndex } from '../calendar';
import { holidaysOf } from './holidays';

const daysOff = (jurisdiction: 'XK' | 'AL', year: number) =>
  holidaysOf(jurisdiction, year)
    .holidays.filter((holiday) => holiday.dayOff)
    .map((holiday) => holiday.date);

describe('Kosovo holidays', () => {
  it('lists 2026 in full: Easter Mondays, Europe Day moved from Saturday to Monday, provisional Bajrams', () => {
    const { holidays, unknown } = holidaysOf('XK', 2026);
    expect(unknown).toEqual([]);
    expect(
      holidays.map(({ date, name, dayOff, movedFrom, provisional }) => [date, name, dayOff, movedFrom, provisional]),
    ).toEqual([
      ['2026-01-01', 'Viti i Ri', true, undefined, undefined],
      ['2026-01-02', 'Viti i Ri, dita e dytë', true, undefined, undefined],
      ['2026-01-07', 'Krishtlindjet Ortodokse', true, undefined, undefined],
      ['2026-02-17', 'Dita e Pavarësisë së Republikës së Kosovës', true, undefined, undefined],
      ['2026-03-20', 'Bajrami i Madh, dita e parë', true, undefined, true],
      ['2026-04-06', 'Pashkët Katolike', true, undefined, undefined],
      ['2026-04-09', 'Dita e Kushtetutës së Republikës së Kosovës', true, undefined, undefined],
      ['2026-04-13', 'Pashkët Ortodokse', true, undefined, undefined],
      ['2026-05-01', 'Dita Ndërkombëtare e Punës', true, undefined, undefined],
      ['2026-05-09', 'Dita e Evropës', false, undefined, undefined],
      ['2026-05-11', 'Dita e Evropës (ditë pushimi)', true, '2026-05-09', undefined],
      ['2026-05-27', 'Bajrami i Vogël, dita e parë', true, undefined, true],
      ['2026-12-25', 'Krishtlindjet Katolike', true, undefined, undefined],
    ]);
    expect(holidays.every((holiday) => holiday.kind === 'official')).toBe(true);
  });

  it("gives the days off of the government's 2022 calendar, where 1 May (Sunday) took 2 May and pushed Bajram to 3 May", () => {
    expect(daysOff('XK', 2022)).toEqual([
      '2022-01-03',
      '2022-01-04',
      '2022-01-07',
      '2022-02-17',
      '2022-04-11',
      '2022-04-18',
      '2022-04-25',
      '2022-05-02',
      '2022-05-03',
      '2022-05-09',
      '2022-07-11',
      '2022-12-26',
    ]);
  });

  it("keeps the law's Easter Mondays: in 2018 Orthodox Easter Monday and Constitution Day share Monday 9 April, one day off, as the government's calendar gives", () => {
    const april = daysOff('XK', 2018).filter((date) => date.startsWith('2018-04'));
    expect(april).toEqual(['2018-04-02', '2018-04-09']);
  });

  it("gives the days off of the government's 2024 calendar", () => {
    expect(daysOff('XK', 2024)).toEqual([
      '2024-01-01',
      '2024-01-02',
      '2024-01-08',
      '2024-02-19',
      '2024-04-01',
      '2024-04-09',
      '2024-04-10',
      '2024-05-01',
      '2024-05-06',
      '2024-05-09',
      '2024-06-17',
      '2024-12-25',
    ]);
  });

  it('makes one day off of both Easters when they coincide (2025, as in the 2014 calendar)', () => {
    const easter = holidaysOf('XK', 2025).holidays.filter((holiday) => holiday.name.includes('Pashkët'));
    expect(easter).toEqual([
      { date: '2025-04-21', name: 'Pashkët Katolike dhe Pashkët Ortodokse', kind: 'official', dayOff: true },
    ]);
  });

  it('reports the Bajrams of a year with no published date as unknown instead of guessing', () => {
    const { holidays, unknown } = holidaysOf('XK', 2027);
    expect(unknown.map((holiday) => holiday.name)).toEqual([
      'Bajrami i Madh, dita e parë',
      'Bajrami i Vogël, dita e parë',
    ]);
    expect(holidays.some((holiday) => holiday.name.startsWith('Bajrami'))).toBe(false);
    expect(holidays.find((holiday) => holiday.name === 'Pashkët Katolike')?.date).toBe('2027-03-29');
  });
});

describe('Albania holidays', () => {
  it('lists 2026 in full, each weekend holiday with its day off on the next free working day', () => {
    const { holidays, unknown } = holidaysOf('AL', 2026);
    expect(unknown).toEqual([]);
    expect(holidays.map(({ date, name, dayOff, movedFrom }) => [date, name, dayOff, movedFrom])).toEqual([
      ['2026-01-01', 'Viti i Ri', true, undefined],
      ['2026-01-02', 'Viti i Ri, dita e dytë', true, undefined],
      ['2026-03-14', 'Dita e Verës', false, undefined],
      ['2026-03-16', 'Dita e Verës (ditë pushimi)', true, '2026-03-14'],
      ['2026-03-20', 'Bajrami i Madh', true, undefined],
      ['2026-03-22', 'Dita e Sulltan Nevruzit', false, undefined],
      ['2026-03-23', 'Dita e Sulltan Nevruzit (ditë pushimi)', true, '2026-03-22'],
      ['2026-04-05', 'Pashkët Katolike', false, undefined],
      ['2026-04-06', 'Pashkët Katolike (ditë pushimi)', true, '2026-04-05'],
      ['2026-04-12', 'Pashkët Ortodokse', false, undefined],
      ['2026-04-13', 'Pashkët Ortodokse (ditë pushimi)', true, '2026-04-12'],
      ['2026-05-01', 'Dita Ndërkombëtare e Punonjësve', true, undefined],
      ['2026-05-27', 'Kurban Bajrami', true, undefined],
      ['2026-09-05', 'Dita e Shenjtërimit të Nënë Terezës', false, undefined],
      ['2026-09-07', 'Dita e Shenjtërimit të Nënë Terezës (ditë pushimi)', true, '2026-09-05'],
      ['2026-11-22', 'Dita e Alfabetit', false, undefined],
      ['2026-11-23', 'Dita e Alfabetit (ditë pushimi)', true, '2026-11-22'],
      ['2026-11-28', 'Dita e Pavarësisë', false, undefined],
      ['2026-11-29', 'Dita e Çlirimit', false, undefined],
      ['2026-11-30', 'Dita e Pavarësisë (ditë pushimi)', true, '2026-11-28'],
      ['2026-12-01', 'Dita e Çlirimit (ditë pushimi)', true, '2026-11-29'],
      ['2026-12-08', 'Dita Kombëtare e Rinisë', true, undefined],
      ['2026-12-25', 'Krishtlindjet', true, undefined],
    ]);
  });

  it('gives each Easter its own day off when both fall on 20 April 2025 (Monday and Tuesday)', () => {
    const easter = holidaysOf('AL', 2025).holidays.filter((holiday) => holiday.name.startsWith('Pashkët'));
    expect(easter.filter((holiday) => holiday.dayOff).map((holiday) => [holiday.date, holiday.movedFrom])).toEqual([
      ['2025-04-21', '2025-04-20'],
      ['2025-04-22', '2025-04-20'],
    ]);
  });

  it('has Alphabet Day from 2024 only', () => {
    const named = (year: number) =>
      holidaysOf('AL', year).holidays.some((holiday) => holiday.name === 'Dita e Alfabetit');
    expect(named(2023)).toBe(false);
    expect(named(2024)).toBe(true);
  });

  it('never gives a day off on a Saturday or Sunday, nor two holidays the same day off, 2024–2026', () => {
    for (const jurisdiction of ['XK', 'AL'] as const) {
      for (const year of [2024, 2025, 2026]) {
        const dates = daysOff(jurisdiction, year);
        expect(
          dates.every((date) => weekdayIndex(date) < 5),
          `${jurisdiction} ${year}`,
        ).toBe(true);
        expect(new Set(dates).size, `${jurisdiction} ${year}`).toBe(dates.length);
      }
    }
  });
});
