import { addDays, weekdayIndex } from '../calendar';
import { BAJRAM_DATES } from './bajram-dates';
import { catholicEaster, orthodoxEaster } from './easter';
import type { TJurisdiction } from './rule-set-schema';
import type { TLabourSourceId } from './sources';

type TMovable = 'catholicEaster' | 'catholicEasterMonday' | 'orthodoxEaster' | 'orthodoxEasterMonday' | 'fitr' | 'adha';

type THolidayRule = { name: string; source: TLabourSourceId; fromYear?: number } & (
  | { month: number; day: number }
  | { movable: TMovable }
);

type TJurisdictionHolidays = {
  rules: readonly THolidayRule[];
  /** Weekdays (0 = Monday) a holiday may not fall on as a day off: it moves to the next working day. */
  shiftFrom: readonly number[];
  shiftSource: TLabourSourceId;
  /** Two holidays on the same date: one day off (Kosovo, 2014 calendar) or a day off each (Albania). */
  coinciding: 'one day' | 'a day each';
};

const SATURDAY = 5;
const SUNDAY = 6;

/** Official holidays by law; docs/labour-rules.md#official-holidays gives each one's source. */
export const HOLIDAY_RULES: Record<TJurisdiction, TJurisdictionHolidays> = {
  XK: {
    rules: [
      { name: 'Viti i Ri', month: 1, day: 1, source: 'xk-holidays-law' },
      { name: 'Viti i Ri, dita e dytë', month: 1, day: 2, source: 'xk-holidays-law' },
      { name: 'Krishtlindjet Ortodokse', month: 1, day: 7, source: 'xk-holidays-law' },
      { name: 'Dita e Pavarësisë së Republikës së Kosovës', month: 2, day: 17, source: 'xk-holidays-law' },
      { name: 'Dita e Kushtetutës së Republikës së Kosovës', month: 4, day: 9, source: 'xk-holidays-law' },
      { name: 'Pashkët Katolike', movable: 'catholicEasterMonday', source: 'xk-holidays-law' },
      { name: 'Pashkët Ortodokse', movable: 'orthodoxEasterMonday', source: 'xk-holidays-law' },
      { name: 'Dita Ndërkombëtare e Punës', month: 5, day: 1, source: 'xk-holidays-law' },
      { name: 'Dita e Evropës', month: 5, day: 9, source: 'xk-holidays-law' },
      { name: 'Bajrami i Madh, dita e parë', movable: 'fitr', source: 'xk-holidays-law' },
      { name: 'Bajrami i Vogël, dita e parë', movable: 'adha', source: 'xk-holidays-law' },
      { name: 'Krishtlindjet Katolike', month: 12, day: 25, source: 'xk-holidays-law' },
    ],
    shiftFrom: [SATURDAY, SUNDAY],
    shiftSource: 'xk-holidays-law',
    coinciding: 'one day',
  },
  AL: {
    rules: [
      { name: 'Viti i Ri', month: 1, day: 1, source: 'al-holidays-ice-2025' },
      { name: 'Viti i Ri, dita e dytë', month: 1, day: 2, source: 'al-holidays-ice-2025' },
      { name: 'Dita e Verës', month: 3, day: 14, source: 'al-holidays-ice-2025' },
      { name: 'Dita e Sulltan Nevruzit', month: 3, day: 22, source: 'al-holidays-ice-2025' },
      { name: 'Pashkët Katolike', movable: 'catholicEaster', source: 'al-holidays-ice-2025' },
      { name: 'Pashkët Ortodokse', movable: 'orthodoxEaster', source: 'al-holidays-ice-2025' },
      { name: 'Dita Ndërkombëtare e Punonjësve', month: 5, day: 1, source: 'al-holidays-ice-2025' },
      { name: 'Bajrami i Madh', movable: 'fitr', source: 'al-holidays-ice-2025' },
      { name: 'Kurban Bajrami', movable: 'adha', source: 'al-holidays-ice-2025' },
      { name: 'Dita e Shenjtërimit të Nënë Terezës', month: 9, day: 5, source: 'al-holidays-ice-2025' },
      { name: 'Dita e Alfabetit', month: 11, day: 22, source: 'al-holidays-law', fromYear: 2024 },
      { name: 'Dita e Pavarësisë', month: 11, day: 28, source: 'al-holidays-ice-2025' },
      { name: 'Dita e Çlirimit', month: 11, day: 29, source: 'al-holidays-ice-2025' },
      { name: 'Dita Kombëtare e Rinisë', month: 12, day: 8, source: 'al-holidays-ice-2025' },
      { name: 'Krishtlindjet', month: 12, day: 25, source: 'al-holidays-ice-2025' },
    ],
    shiftFrom: [SATURDAY, SUNDAY],
    shiftSource: 'al-holidays-ice-2025',
    coinciding: 'a day each',
  },
};

export type THoliday = {
  /** YYYY-MM-DD. */
  date: string;
  /** Albanian name; a day off that replaces a weekend holiday says so. */
  name: string;
  kind: 'official';
  /** Whether the day is a paid day off (false for a weekend holiday whose day off moved). */
  dayOff: boolean;
  /** The holiday's own date, on the working day that replaces it. */
  movedFrom?: string;
  /** The date comes from a provisional calendar (see BAJRAM_DATES). */
  provisional?: boolean;
};

export type THolidayYear = {
  jurisdiction: TJurisdiction;
  year: number;
  /** Date order; a moved day off follows the holidays before it. */
  holidays: THoliday[];
  /** Holidays whose date is not known for the year (a Bajram not yet published), never guessed. */
  unknown: { name: string; reason: string }[];
};

/** Suffix of the working day that replaces a holiday falling on a weekend. */
export const MOVED_DAY_SUFFIX = ' (ditë pushimi)';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function movableDate(movable: TMovable, year: number, jurisdiction: TJurisdiction): string | undefined {
  switch (movable) {
    case 'catholicEaster':
      return catholicEaster(year);
    case 'catholicEasterMonday':
      return addDays(catholicEaster(year), 1);
    case 'orthodoxEaster':
      return orthodoxEaster(year);
    case 'orthodoxEasterMonday':
      return addDays(orthodoxEaster(year), 1);
    case 'fitr':
      return BAJRAM_DATES[jurisdiction][year]?.fitr;
    case 'adha':
      return BAJRAM_DATES[jurisdiction][year]?.adha;
  }
}

/**
 * A jurisdiction's official holidays in a year (docs/labour-rules.md#official-holidays): fixed
 * dates, both Easters computed, the Bajrams from their table, and the rule that a holiday on a
 * Saturday or Sunday gives its day off on the next working day that is not already one. Holidays
 * are settled in date order, so a moved day can push a later holiday along (Kosovo 2022: 1 May,
 * a Sunday, took Monday 2 May, and Bajram on 2 May moved to Tuesday, as the government's calendar
 * shows). Pure: the same input gives the same list.
 */
export function holidaysOf(jurisdiction: TJurisdiction, year: number): THolidayYear {
  const rules = HOLIDAY_RULES[jurisdiction];
  const bajram = BAJRAM_DATES[jurisdiction][year];
  const unknown: THolidayYear['unknown'] = [];
  const dated: { date: string; name: string; provisional: boolean }[] = [];
  for (const rule of rules.rules) {
    if (rule.fromYear !== undefined && year < rule.fromYear) continue;
    const date =
      'movable' in rule ? movableDate(rule.movable, year, jurisdiction) : `${year}-${pad(rule.month)}-${pad(rule.day)}`;
    if (date === undefined) {
      unknown.push({ name: rule.name, reason: `No published date for ${year}.` });
      continue;
    }
    const isBajram = 'movable' in rule && (rule.movable === 'fitr' || rule.movable === 'adha');
    dated.push({ date, name: rule.name, provisional: isBajram && bajram?.status === 'provisional' });
  }
  // Stable sort: same-date holidays keep the law's order.
  dated.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  const merged: typeof dated = [];
  for (const holiday of dated) {
    const last = merged[merged.length - 1];
    if (rules.coinciding === 'one day' && last?.date === holiday.date) {
      merged[merged.length - 1] = {
        date: last.date,
        name: `${last.name} dhe ${holiday.name}`,
        provisional: last.provisional || holiday.provisional,
      };
    } else merged.push(holiday);
  }

  const isShifted = (date: string) => rules.shiftFrom.includes(weekdayIndex(date));
  const daysOff = new Set<string>();
  const holidays: THoliday[] = [];
  for (const { date, name, provisional } of merged) {
    const flags = provisional ? { provisional: true } : {};
    if (!isShifted(date) && !daysOff.has(date)) {
      daysOff.add(date);
      holidays.push({ date, name, kind: 'official', dayOff: true, ...flags });
      continue;
    }
    holidays.push({ date, name, kind: 'official', dayOff: false, ...flags });
    let dayOff = addDays(date, 1);
    while (isShifted(dayOff) || daysOff.has(dayOff)) dayOff = addDays(dayOff, 1);
    daysOff.add(dayOff);
    holidays.push({
      date: dayOff,
      name: `${name}${MOVED_DAY_SUFFIX}`,
      kind: 'official',
      dayOff: true,
      movedFrom: date,
      ...flags,
    });
  }
  holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { jurisdiction, year, holidays, unknown };
}
