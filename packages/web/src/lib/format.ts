import { formatNumber as formatDomainNumber, numberLocaleOf } from '@puna/domain';

/** Locale tag for Intl from the app language ('sq' → 'sq-AL'). */
export function localeFor(language: string): string {
  return language === 'en' ? 'en-GB' : 'sq-AL';
}

/** An amount in euro, without decimals when it is whole: "10 €" / "€10". */
export function formatEuro(amount: number, language: string): string {
  return new Intl.NumberFormat(localeFor(language), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/**
 * Money in the domain's one number format (`formatNumber`: the payslip PDF, the CSV and every
 * screen write the same digits, docs/product.md#month-close): euro always with its cents
 * (`1.234,50 €` in Albanian, `€1,234.50` in English); lek, which the Albanian rule set rounds to
 * the whole lek, without decimals when whole (`250.000 lekë`, `ALL 250,000`).
 */
export function formatMoney(amount: number, language: string, currency: 'EUR' | 'ALL' = 'EUR'): string {
  const locale = numberLocaleOf(language);
  const number = formatDomainNumber(amount, locale, currency === 'ALL' && Number.isInteger(amount) ? 0 : 2);
  if (currency === 'EUR') return locale === 'en' ? `€${number}` : `${number} €`;
  return locale === 'en' ? `ALL ${number}` : `${number} lekë`;
}

/** Hours or day counts: up to 2 decimals, none when whole ("8", "7,5"). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeFor(language), { maximumFractionDigits: 2 }).format(value);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A server timestamp in the reader's own time zone. Albanian as "22.11.2025, 07:14" (the app's
 * date style; browsers' Albanian locale data is often incomplete), English through Intl.
 */
export function formatTimestamp(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (language === 'en') {
    return new Intl.DateTimeFormat(localeFor(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
  const day = `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
  return `${day}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
