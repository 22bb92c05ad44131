import { EXPORT_FORMATS, type TPayrollStatement } from '@puna/domain';
import { Download } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { payrollListUrl } from '../api/payroll-files';
import { monthText } from './period-text';

/**
 * The month's payroll list for the accountant (docs/product.md#month-close) as CSV and XLSX: a
 * closed month's snapshot, or the statement as it stands.
 */
export function PayrollDownloads({ statement }: { statement: TPayrollStatement }) {
  const { t, i18n } = useTranslation();
  const month = monthText(statement.month, i18n.language);
  return (
    <section
      aria-labelledby="payroll-downloads"
      className="card mb-5 flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="payroll-downloads" className="text-sm font-semibold text-slate-900">
          {t('payrollFiles.list')}
        </h2>
        <p className="text-xs text-slate-600">
          {statement.closed ? t('payrollFiles.closedHint') : t('payrollFiles.openHint')}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        {EXPORT_FORMATS.map((format) => (
          <a
            key={format}
            href={payrollListUrl(statement.month, format)}
            download
            className="btn-secondary px-3 py-2"
            aria-label={t('payrollFiles.listDownload', { month, format: format.toUpperCase() })}
          >
            <Download className="size-4" aria-hidden="true" />
            {format.toUpperCase()}
          </a>
        ))}
      </div>
    </section>
  );
}
