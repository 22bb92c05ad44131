import type { TJurisdiction } from './rule-set-schema';
import type { TLabourSourceId } from './sources';

/**
 * The first days of the two Bajrams (Eid al-Fitr, Eid al-Adha) per jurisdiction and year. They
 * follow the lunar calendar and each Islamic community announces them yearly (Kosovo's and
 * Albania's have differed by a day, as in 2012), so they are a table, never computed.
 * `announced`: from the jurisdiction's own official calendar. `provisional`: from a published
 * calendar that is not that jurisdiction's announcement; shown flagged until confirmed. A year
 * missing here is unknown: `holidaysOf` reports it so and does not guess. No published date for
 * 2027 or 2028 was found (see docs/labour-rules.md#bajram-dates).
 */
export type TBajramYear = {
  fitr: string;
  adha: string;
  status: 'announced' | 'provisional';
  source: TLabourSourceId;
  note?: string;
};

export const BAJRAM_DATES: Record<TJurisdiction, Readonly<Record<number, TBajramYear>>> = {
  XK: {
    2022: { fitr: '2022-05-02', adha: '2022-07-09', status: 'announced', source: 'xk-holiday-calendars' },
    2024: { fitr: '2024-04-10', adha: '2024-06-16', status: 'announced', source: 'xk-holiday-calendars' },
    2025: {
      fitr: '2025-03-30',
      adha: '2025-06-06',
      status: 'provisional',
      source: 'al-holidays-ice-2025',
      note: "Albania's 2025 dates; Kosovo's own announcement was not found.",
    },
    2026: { fitr: '2026-03-20', adha: '2026-05-27', status: 'provisional', source: 'bajram-2026-diyanet' },
  },
  AL: {
    2024: {
      fitr: '2024-04-10',
      adha: '2024-06-16',
      status: 'provisional',
      source: 'al-bajram-2024-tvklan',
      note: "Kurban Bajram from TV Klan's account; Bajrami i Madh is Kosovo's announced date.",
    },
    2025: { fitr: '2025-03-30', adha: '2025-06-06', status: 'provisional', source: 'al-holidays-ice-2025' },
    2026: { fitr: '2026-03-20', adha: '2026-05-27', status: 'provisional', source: 'bajram-2026-diyanet' },
  },
};
