import type { TPayrollStatement } from '@puna/domain';
import { localeFor } from '../../../lib/format';

export type TCurrency = TPayrollStatement['currency'];

/**
 * A statement amount in its own currency: euros with their cents; lek, which the Albanian rule set
 * rounds to the whole lek (docs/labour-rules.md#albania), without decimals when whole.
 */
export function formatAmount(amount: number, currency: TCurrency, language: string): string {
  const whole = currency === 'ALL' && Number.isInteger(amount);
  return new Intl.NumberFormat(localeFor(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
