/** The statement's words: warnings by their code and money in the statement's currency, in both languages. */
import type { TPayrollWorker } from '@puna/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts, setLanguage, t } from '../../../lib/i18n';
import { formatAmount } from './money';
import { monthText } from './period-text';
import { premiumsTotal, warningText } from './statement-parts';

beforeAll(async () => {
  // `lib/i18n` marks the page's language; the node test environment has no document.
  Object.assign(globalThis, { document: { documentElement: { lang: '' } } });
  await initI18n();
  await loadFeatureTexts();
});

/** Digits only: Intl's grouping and currency signs differ between ICU builds. */
const digits = (text: string) => text.replace(/\D/g, '');

describe('statement texts', () => {
  it('says each warning by its code, with its figures, in Albanian and English', async () => {
    await setLanguage('sq');
    const week = { code: 'overtimeWeekCap', weekStart: '2025-03-03', hours: 10, cap: 8 };
    expect(warningText(week, 'EUR', t, 'sq')).toBe(
      'Java nga 03.03.2025: 10 orë jashtë orarit, mbi kufirin prej 8 orësh.',
    );
    const ceiling = { code: 'contributionCeilingApplied', contribution: 'social', gross: 250000, base: 186416 };
    expect(warningText(ceiling, 'ALL', t, 'sq')).toMatch(
      /^Sigurimet shoqërore: baza u kufizua nga .+ në tavanin .+\.$/,
    );
    expect(digits(warningText(ceiling, 'ALL', t, 'sq'))).toBe('250000186416');
    expect(warningText({ code: 'somethingNew' }, 'EUR', t, 'sq')).toBe('Kontrollojeni këtë pagë me kontabilistin.');
    expect(warningText({ code: 'nightHoursUnknown', days: ['2026-06-02', '2026-06-03'] }, 'EUR', t, 'sq')).toBe(
      'Orët e 2 ditëve janë pa orë fillimi e mbarimi: nuk dihet sa prej tyre ishin natën (pa shtesë nate).',
    );
    await setLanguage('en');
    expect(warningText({ code: 'overtimeYearCap', hours: 210, cap: 200 }, 'ALL', t, 'en')).toBe(
      '210 h of overtime this year, over the yearly cap of 200 h.',
    );
    await setLanguage('sq');
  });

  it('writes euros with cents and whole lek without them', () => {
    expect(digits(formatAmount(114, 'EUR', 'sq'))).toBe('11400');
    expect(formatAmount(114, 'EUR', 'en')).toContain('€');
    expect(digits(formatAmount(52000, 'ALL', 'en'))).toBe('52000');
    expect(digits(formatAmount(52000.5, 'ALL', 'en'))).toBe('5200050');
  });

  it('writes amounts in the one number format of the payslip and the CSV: 1.234,56 in Albanian', () => {
    expect(formatAmount(1234.56, 'EUR', 'sq')).toBe('1.234,56 €');
    expect(formatAmount(1234.56, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatAmount(250000, 'ALL', 'sq')).toBe('250.000 lekë');
  });

  it('names months in the reader language', () => {
    expect(monthText('2025-03', 'sq')).toBe('Mars 2025');
    expect(monthText('2025-03', 'en')).toBe('March 2025');
  });

  it('adds the premiums to the cent', () => {
    const premium = { hours: 1, rate: 30, hourly_rate: 5 };
    const worker = {
      premiums: [
        { kind: 'overtimeDaily', amount: 0.1, ...premium },
        { kind: 'night', amount: 0.2, ...premium },
      ],
    } as TPayrollWorker;
    expect(premiumsTotal(worker)).toBe(0.3);
  });
});
