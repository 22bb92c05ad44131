import type { TPayrollWorker } from '@puna/domain';
import { FileText } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { payslipUrl } from '../api/payroll-files';
import { monthText } from './period-text';

/** A worker's payslip PDF for the month: a small link in the table, a full-width button on a card. */
export function PayslipLink({
  worker,
  month,
  wide = false,
}: {
  worker: TPayrollWorker;
  month: string;
  wide?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <a
      href={payslipUrl(worker.employee_id, month)}
      download
      className={wide ? 'btn-secondary mt-3 w-full px-3 py-2' : 'btn-ghost px-2.5 py-1.5 whitespace-nowrap'}
      aria-label={t('payrollFiles.payslipDownload', { name: worker.name, month: monthText(month, i18n.language) })}
    >
      <FileText className="size-4" aria-hidden="true" />
      {wide ? t('payrollFiles.payslip') : t('payrollFiles.pdf')}
    </a>
  );
}
