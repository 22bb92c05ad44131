import type { TPayrollStatement } from '@puna/domain';
import { formatMoney } from '../../../lib/format';

export type TCurrency = TPayrollStatement['currency'];

/** A statement amount in its own currency, in the one money format of every screen (lib/format.ts). */
export function formatAmount(amount: number, currency: TCurrency, language: string): string {
  return formatMoney(amount, language, currency);
}
