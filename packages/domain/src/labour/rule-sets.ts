import { monthRange } from '../calendar';
import { type TJurisdiction, type TLabourRuleSet, ZLabourRuleSet } from './rule-set-schema';

/**
 * The labour-law rule sets, newest last per jurisdiction. A change in the law is a new entry with
 * its `effectiveFrom`, never an edit of an old one (closed months keep the figures they used).
 * Every figure names its source and says whether it was verified against an official text; the
 * full account, with the arithmetic of worked examples, is docs/labour-rules.md.
 * Amounts are in minor units (cents; qindarka for ALL), rates in basis points.
 */

const SATURDAY = 5;
const SUNDAY = 6;

const kosovoAugust2024: TLabourRuleSet = {
  id: 'XK-2024-08-23',
  jurisdiction: 'XK',
  effectiveFrom: '2024-08-23',
  currency: 'EUR',
  timeZone: 'Europe/Belgrade',
  roundingUnit: { value: 1, status: 'default', source: 'puna-default', note: 'Every amount to the cent.' },
  workingTime: {
    dailyNormalHours: {
      value: 8,
      status: 'default',
      source: 'xk-eurofound-2019',
      note: 'The law sets a 40 h week; 8 h a day is that week over five days.',
    },
    weeklyNormalHours: { value: 40, status: 'verified', source: 'xk-labour-ministry-hours' },
    weeklyMaxHours: {
      value: null,
      status: 'default',
      source: 'puna-default',
      note: 'The 8 h overtime cap bounds the week.',
    },
    overtimeWeeklyCap: { value: 8, status: 'verified', source: 'xk-labour-ministry-hours' },
    overtimeYearlyCap: { value: null, status: 'default', source: 'xk-eurofound-2019' },
    restDays: {
      value: [SATURDAY, SUNDAY],
      status: 'default',
      source: 'xk-labour-law-weekend',
      note: 'Art. 56 pays +50 % for work during the weekend (fundjavë): Saturday and Sunday. Before issue 30 Puna read it as Sunday only.',
    },
  },
  night: {
    window: { value: { start: '22:00', end: '06:00' }, status: 'verified', source: 'xk-labour-ministry-hours' },
    premiumBps: { value: 30_00, status: 'default', source: 'xk-eurofound-2019' },
  },
  premiums: {
    overtimeBps: { value: 30_00, status: 'default', source: 'xk-eurofound-2019' },
    overtimeOnRestDayOrHolidayBps: {
      value: null,
      status: 'default',
      source: 'puna-default',
      note: 'Overtime on a holiday or rest day earns the overtime allowance and the day allowance together.',
    },
    holidayBps: {
      value: 50_00,
      status: 'verified',
      source: 'xk-holidays-law',
      note: 'Art. 3.2: a working day during official holidays is compensated with a day and a half of rest or its value in money.',
    },
    restDayBps: {
      value: 50_00,
      status: 'default',
      source: 'xk-eurofound-2019',
      note: 'Eurofound: "weekends: 50 % per hour".',
    },
  },
  contributions: [
    {
      key: 'pension',
      name: 'Kontributi pensional (Trusti)',
      employeeBps: { value: 5_00, status: 'default', source: 'xk-mazars-2025' },
      employerBps: { value: 5_00, status: 'default', source: 'xk-mazars-2025' },
      ceiling: { value: null, status: 'default', source: 'xk-mazars-2025' },
      minimumBase: { value: null, status: 'default', source: 'xk-mazars-2025' },
    },
  ],
  incomeTax: {
    base: {
      value: 'grossLessEmployeeContributions',
      status: 'default',
      source: 'xk-mazars-2025',
      note: "Mazars' worked example taxes gross less the employee's 5 % pension contribution.",
    },
    brackets: {
      value: [
        { upTo: 250_00, fixed: 0, rateBps: 0, over: 0 },
        { upTo: 450_00, fixed: 0, rateBps: 8_00, over: 250_00 },
        { upTo: null, fixed: 16_00, rateBps: 10_00, over: 450_00 },
      ],
      status: 'verified',
      source: 'xk-tax-atk-notice',
      note: 'Monthly table of the notice; the law writes the annual bands €3,000 / €5,400 and €192 + 10 %.',
    },
  },
  minimumWage: {
    value: 170_00,
    status: 'default',
    source: 'xk-minimum-wage-2011',
    note: '€170 from age 35, €130 under 35, until the €350 of 1 October 2024.',
  },
};

const kosovoOctober2024: TLabourRuleSet = {
  ...kosovoAugust2024,
  id: 'XK-2024-10-01',
  effectiveFrom: '2024-10-01',
  minimumWage: {
    value: 350_00,
    status: 'default',
    source: 'xk-minimum-wage-2024',
    note: 'Mazars 2025 gives €350 too.',
  },
};

const kosovoJanuary2026: TLabourRuleSet = {
  ...kosovoOctober2024,
  id: 'XK-2026-01-01',
  effectiveFrom: '2026-01-01',
  minimumWage: {
    value: 425_00,
    status: 'default',
    source: 'xk-minimum-wage-2026',
    note: 'Government decision of October 2025: €425 from 1 January 2026, €500 from 1 July 2026.',
  },
};

const kosovoJuly2026: TLabourRuleSet = {
  ...kosovoJanuary2026,
  id: 'XK-2026-07-01',
  effectiveFrom: '2026-07-01',
  minimumWage: {
    value: 500_00,
    status: 'default',
    source: 'xk-minimum-wage-2026',
    note: 'Second step of the October 2025 decision.',
  },
};

const albania2024: TLabourRuleSet = {
  id: 'AL-2024-01-01',
  jurisdiction: 'AL',
  effectiveFrom: '2024-01-01',
  currency: 'ALL',
  timeZone: 'Europe/Tirane',
  roundingUnit: { value: 100, status: 'default', source: 'puna-default', note: 'Every amount to the whole lek.' },
  workingTime: {
    dailyNormalHours: { value: 8, status: 'default', source: 'al-labour-code-2015-juristionline' },
    weeklyNormalHours: {
      value: 40,
      status: 'default',
      source: 'al-labour-code-old',
      note: 'Art. 83 (as amended in 2003).',
    },
    weeklyMaxHours: { value: 48, status: 'default', source: 'al-labour-code-2015-juristionline' },
    overtimeWeeklyCap: { value: null, status: 'default', source: 'al-labour-code-2015-juristionline' },
    overtimeYearlyCap: { value: 200, status: 'default', source: 'al-labour-code-2015-juristionline' },
    restDays: {
      value: [SUNDAY],
      status: 'default',
      source: 'al-labour-code-old',
      note: 'Art. 85: weekly rest includes Sunday.',
    },
  },
  night: {
    window: {
      value: { start: '22:00', end: '06:00' },
      status: 'default',
      source: 'al-labour-code-old',
      note: 'Art. 80.',
    },
    premiumBps: {
      value: 50_00,
      status: 'default',
      source: 'al-labour-code-old',
      note: 'Art. 81 of the older text (+50 % for 22:00–06:00; its +20 % for 19:00–22:00 is not applied). Not verified after 2015.',
    },
  },
  premiums: {
    overtimeBps: { value: 25_00, status: 'default', source: 'al-labour-code-old', note: 'Art. 91(1): at least 25 %.' },
    overtimeOnRestDayOrHolidayBps: {
      value: 50_00,
      status: 'default',
      source: 'al-labour-code-old',
      note: 'Art. 91(3): overtime on the weekly rest day or an official holiday at least 50 %.',
    },
    holidayBps: {
      value: 25_00,
      status: 'default',
      source: 'al-labour-code-old',
      note: 'Art. 87 (older text): at least 25 %.',
    },
    restDayBps: {
      value: 25_00,
      status: 'default',
      source: 'al-labour-code-old',
      note: 'Art. 87 (older text): at least 25 %.',
    },
  },
  contributions: [
    {
      key: 'social',
      name: 'Sigurime shoqërore',
      employeeBps: { value: 9_50, status: 'default', source: 'al-contributions-hlb-2024' },
      employerBps: { value: 15_00, status: 'default', source: 'al-contributions-hlb-2024' },
      ceiling: {
        value: 176_416_00,
        status: 'default',
        source: 'al-contributions-hlb-2024',
        note: 'From 1 April 2023.',
      },
      minimumBase: {
        value: 40_000_00,
        status: 'default',
        source: 'al-contributions-hlb-2024',
        note: 'The minimum wage.',
      },
    },
    {
      key: 'health',
      name: 'Sigurime shëndetësore',
      employeeBps: { value: 1_70, status: 'default', source: 'al-contributions-hlb-2024' },
      employerBps: { value: 1_70, status: 'default', source: 'al-contributions-hlb-2024' },
      ceiling: { value: null, status: 'default', source: 'al-contributions-hlb-2024', note: 'On the full gross.' },
      minimumBase: {
        value: 40_000_00,
        status: 'default',
        source: 'al-contributions-minimum-base',
        note: 'The minimum wage, as for social insurance (issue 30).',
      },
    },
  ],
  incomeTax: {
    base: {
      value: 'gross',
      status: 'default',
      source: 'al-income-tax-noa-2023',
      note: 'The worked examples apply the table to the gross salary; sources disagree, confirm.',
    },
    brackets: {
      value: [
        { upTo: 50_000_00, fixed: 0, rateBps: 0, over: 0 },
        { upTo: 60_000_00, fixed: 0, rateBps: 13_00, over: 35_000_00 },
        { upTo: 200_000_00, fixed: 0, rateBps: 13_00, over: 30_000_00 },
        { upTo: null, fixed: 22_100_00, rateBps: 23_00, over: 200_000_00 },
      ],
      status: 'default',
      source: 'al-income-tax-pwc-2024',
    },
  },
  minimumWage: {
    value: 40_000_00,
    status: 'default',
    source: 'al-minimum-wage-2023',
    note: 'From 1 April 2023, unchanged in 2025.',
  },
};

const albania2026: TLabourRuleSet = {
  ...albania2024,
  id: 'AL-2026-01-01',
  effectiveFrom: '2026-01-01',
  contributions: albania2024.contributions.map((contribution) =>
    contribution.key === 'social'
      ? {
          ...contribution,
          ceiling: { value: 186_416_00, status: 'default', source: 'al-ceiling-2026', note: 'One source only.' },
          minimumBase: {
            value: 50_000_00,
            status: 'default',
            source: 'al-minimum-wage-2026',
            note: 'The minimum wage.',
          },
        }
      : {
          ...contribution,
          minimumBase: {
            value: 50_000_00,
            status: 'default',
            source: 'al-contributions-minimum-base',
            note: 'The minimum wage, as for social insurance.',
          },
        },
  ),
  minimumWage: {
    value: 50_000_00,
    status: 'default',
    source: 'al-minimum-wage-2026-decision',
    note: 'ALL 50,000 for 174 hours a month from 1 January 2026; Alprofit Consult names Decision No. 141 of 6 March 2026.',
  },
};

/** Every rule set, validated once when the module loads (a malformed one fails every test at once). */
export const LABOUR_RULE_SETS: readonly TLabourRuleSet[] = [
  kosovoAugust2024,
  kosovoOctober2024,
  kosovoJanuary2026,
  kosovoJuly2026,
  albania2024,
  albania2026,
].map((ruleSet) => ZLabourRuleSet.parse(ruleSet));

/**
 * The rule set in force for a month (`YYYY-MM`): the newest whose `effectiveFrom` is on or before
 * the month's last day, so one set settles the whole month. Undefined before the first one.
 */
export function ruleSetFor(
  jurisdiction: TJurisdiction,
  month: string,
  ruleSets: readonly TLabourRuleSet[] = LABOUR_RULE_SETS,
): TLabourRuleSet | undefined {
  const { to } = monthRange(month);
  let found: TLabourRuleSet | undefined;
  for (const ruleSet of ruleSets) {
    if (ruleSet.jurisdiction !== jurisdiction || ruleSet.effectiveFrom > to) continue;
    if (!found || ruleSet.effectiveFrom > found.effectiveFrom) found = ruleSet;
  }
  return found;
}
