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
