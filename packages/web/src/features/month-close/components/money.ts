import { formatNumber, numberLocaleOf, type TPayrollStatement } from '@puna/domain';

export type TCurrency = TPayrollStatement['currency'];

/**
 * A statement amount in its own currency, its number in the domain's one format (`formatNumber`,
 * as the payslip PDF and the CSV write it: `1.234,56 €` in Albanian, `€1,234.56` in English):
 * euros with their cents; lek, which the Albanian rule set rounds to the whole lek
 * (docs/labour-rules.md#albania), without decimals when whole.
 */
export function formatAmount(amount: number, currency: TCurrency, language: string): string {
  const locale = numberLocaleOf(language);
  const number = formatNumber(amount, locale, currency === 'ALL' && Number.isInteger(amount) ? 0 : 2);
  if (currency === 'EUR') return locale === 'en' ? `€${number}` : `${number} €`;
  return locale === 'en' ? `ALL ${number}` : `${number} lekë`;
}
