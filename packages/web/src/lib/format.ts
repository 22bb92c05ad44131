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
 * Pay, always with 2 decimals in euro (docs/product.md#pay): "1 234,50 €" / "€1,234.50"; in lekë
 * (an Albanian payroll statement's currency) whole: "250 000 ALL".
 */
export function formatMoney(amount: number, language: string, currency: 'EUR' | 'ALL' = 'EUR'): string {
  const digits = currency === 'ALL' ? 0 : 2;
  return new Intl.NumberFormat(localeFor(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
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
