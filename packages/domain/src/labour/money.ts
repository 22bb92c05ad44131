/**
 * Exact money arithmetic for payroll: amounts are integers in the currency's minor unit, rates are
 * basis points, hours are hundredths; a result is a fraction rounded once, half up, to the rule
 * set's rounding unit (1 minor unit = cents; 100 = whole lek). BigInt keeps the products exact.
 */

/** numerator ÷ denominator (both ≥ 0) rounded half up to a multiple of `unit`. */
export function roundToUnit(numerator: bigint, denominator: bigint, unit: number): number {
  const step = denominator * BigInt(unit);
  return Number(((2n * numerator + step) / (2n * step)) * BigInt(unit));
}

/** Hours to whole hundredths (7.5 → 750), the precision hours entries are stored with. */
export function toHundredths(hours: number): number {
  return Math.round(hours * 100);
}

/** A major-unit amount as typed (450.5) to minor units (45050), exactly. */
export function toMinor(amount: number): number {
  return Math.round(Number(`${amount}e2`));
}

/** `amount` × `bps` / 10 000, rounded to `unit`. */
export function percentOf(amount: number, bps: number, unit: number): number {
  return roundToUnit(BigInt(amount) * BigInt(bps), 10_000n, unit);
}
