/** The exceptions' words and where each is fixed, in both languages. */
import type { TMonthExceptionWire, TPayrollStatement } from '@puna/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadFeatureTexts, setLanguage, t } from '../../../lib/i18n';
import { exceptionLink, exceptionText } from './exceptions-section';

beforeAll(async () => {
  // `lib/i18n` marks the page's language; the node test environment has no document.
  Object.assign(globalThis, { document: { documentElement: { lang: '' } } });
  await initI18n();
  await loadFeatureTexts();
});

const exception = (
  kind: TMonthExceptionWire['kind'],
  detail: TMonthExceptionWire['detail'] = {},
  date: string | null = '2025-03-10',
) => ({ kind, employee_id: 7, name: 'Drilon', date, detail }) satisfies TMonthExceptionWire;

const statement = (hoursSource: 'entries' | 'scans') =>
  ({ month: '2025-03', hours_source: hoursSource }) as TPayrollStatement;

describe('exception texts', () => {
  it('says the attendance marks, and sends late, early and night checkouts to the RFID day', async () => {
    await setLanguage('sq');
    expect(exceptionText(exception('late', { minutes: 25 }), 'EUR', t, 'sq')).toBe('Erdhi 25 min vonë.');
    expect(exceptionText(exception('leftEarly'), 'EUR', t, 'sq')).toBe('Doli para mbarimit të orarit.');
    expect(exceptionText(exception('absent'), 'EUR', t, 'sq')).toBe('Mungoi në një ditë me orar, pa leje.');
    expect(exceptionText(exception('noCheckout'), 'EUR', t, 'sq')).toBe('Nuk skanoi daljen e turnit të natës.');
    await setLanguage('en');
    expect(exceptionText(exception('late', { minutes: 5 }), 'EUR', t, 'en')).toBe('Came 5 min late.');
    expect(exceptionLink(exception('late'), statement('scans'))).toBe('/kryepuntor/listarfid?date=2025-03-10');
    expect(exceptionLink(exception('absent'), statement('scans'))).toBe('/kryepuntor/oret/7?month=2025-03');
  });

  it('says each kind in Albanian and English', async () => {
    await setLanguage('sq');
    expect(exceptionText(exception('dayOver12h', { hours: 13 }), 'EUR', t, 'sq')).toBe(
      '13 orë në një ditë, mbi 12 orë.',
    );
    expect(exceptionText(exception('entryOnHoliday', { hours: 8, holiday: 'Dita e Evropës' }), 'EUR', t, 'sq')).toBe(
      '8 orë punë në festë: Dita e Evropës.',
    );
    expect(
      exceptionText(
        exception('overtimeOverCap', { code: 'overtimeWeekCap', hours: 10, cap: 8 }, '2025-03-03'),
        'EUR',
        t,
        'sq',
      ),
    ).toBe('Java nga 03.03.2025: 10 orë jashtë orarit, mbi kufirin prej 8 orësh.');
    expect(
      exceptionText(exception('scansWithoutHoursSource', { source: 'entries', days: 3 }, null), 'EUR', t, 'sq'),
    ).toBe('Ka skanime në 3 ditë, por orët e muajit merren nga lista e orëve, ku nuk ka asnjë orë.');
    await setLanguage('en');
    expect(
      exceptionText(exception('scansWithoutHoursSource', { source: 'scans', days: 1 }, null), 'EUR', t, 'en'),
    ).toBe("Has hours entered on 1 day, but the month's hours come from the card scans, where there are none.");
    expect(exceptionText(exception('missingCheckout'), 'EUR', t, 'en')).toBe(
      'A check-in scan with no checkout: the day counts 0 h until it is corrected.',
    );
    await setLanguage('sq');
  });

  it('links each to where it is fixed', () => {
    expect(exceptionLink(exception('missingCheckout'), statement('scans'))).toBe(
      '/kryepuntor/listarfid?date=2025-03-10',
    );
    expect(exceptionLink(exception('dayOver12h'), statement('scans'))).toBe('/kryepuntor/listarfid?date=2025-03-10');
    expect(exceptionLink(exception('dayOver12h'), statement('entries'))).toBe('/kryepuntor/klista?date=2025-03-10');
    expect(exceptionLink(exception('entryOnHoliday'), statement('entries'))).toBe('/kryepuntor/klista?date=2025-03-10');
    expect(exceptionLink(exception('overtimeOverCap', {}, null), statement('entries'))).toBe(
      '/kryepuntor/oret/7?month=2025-03',
    );
    expect(exceptionLink(exception('scansWithoutHoursSource', {}, null), statement('scans'))).toBe(
      '/kryepuntor/oret/7?month=2025-03',
    );
  });
});
