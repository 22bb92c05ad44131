import type { TPayrollWorker } from '@puna/domain';
import { FileText } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { payslipUrl } from '../api/payroll-files';
import { monthText } from './period-text';

const VARIANTS = {
  table: 'btn-ghost px-2.5 py-1.5 whitespace-nowrap',
  card: 'btn-secondary mt-3 w-full px-3 py-2',
  button: 'btn-secondary px-3 py-2 whitespace-nowrap',
} as const;

/**
 * One employee's payslip PDF for the month: a small link in a table, a full-width button at a
 * card's foot, or a button beside other downloads. Other screens show it too (the pay page's cards,
 * the employee's hours), given by app/routes.
 */
export function EmployeePayslipLink({
  employeeId,
  name,
  month,
  variant = 'table',
}: {
  employeeId: number;
  name: string;
  month: string;
  variant?: keyof typeof VARIANTS;
}) {
  const { t, i18n } = useTranslation();
  return (
    <a
      href={payslipUrl(employeeId, month)}
      download
      className={VARIANTS[variant]}
      aria-label={t('payrollFiles.payslipDownload', { name, month: monthText(month, i18n.language) })}
    >
      <FileText className="size-4" aria-hidden="true" />
      {variant === 'table' ? t('payrollFiles.pdf') : t('payrollFiles.payslip')}
    </a>
  );
}

/** A worker's payslip on the month-close statement. */
export function PayslipLink({
  worker,
  month,
  wide = false,
}: {
  worker: TPayrollWorker;
  month: string;
  wide?: boolean;
}) {
  return (
    <EmployeePayslipLink
      employeeId={worker.employee_id}
      name={worker.name}
      month={month}
      variant={wide ? 'card' : 'table'}
    />
  );
}
