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

/** Pay in euro, always with 2 decimals (SPEC §9): "1 234,50 €" / "€1,234.50". */
export function formatMoney(amount: number, language: string): string {
  return new Intl.NumberFormat(localeFor(language), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Hours or day counts: up to 2 decimals, none when whole ("8", "7,5"). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeFor(language), { maximumFractionDigits: 2 }).format(value);
}
