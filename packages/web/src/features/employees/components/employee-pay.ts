import { grossOf, type TEmployee } from '@puna/domain';
import { formatMoney } from '../../../lib/format';
import type { TFunction } from '../../../lib/i18n';

/** "450,00 € / Orë": the employee's net rate, or its gross (net × 1.125, the domain's rule). */
export function rateText(employee: TEmployee, kind: 'net' | 'gross', t: TFunction, language: string): string {
  const amount = kind === 'net' ? employee.salary : grossOf(employee.salary);
  return t('employees.perBasis', {
    amount: formatMoney(amount, language),
    basis: t(`employees.wages.${employee.wages}`),
  });
}
