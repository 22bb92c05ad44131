import { EXPORT_FORMATS, numberLocaleOf, type TPayrollStatement } from '@puna/domain';
import { Download, FileText } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { declarationUrl, monthPayslipsUrl, payrollListUrl } from '../api/payroll-files';
import { monthText } from './period-text';

/**
 * The month's documents for the accountant (docs/product.md#month-close): the payroll list as CSV
 * (written for the screen's language) and XLSX, the declaration list of the jurisdiction, and every
 * payslip in one PDF; a closed month's snapshot, or the statement as it stands.
 */
export function PayrollDownloads({ statement }: { statement: TPayrollStatement }) {
  const { t, i18n } = useTranslation();
  const month = monthText(statement.month, i18n.language);
  const locale = numberLocaleOf(i18n.language);
  const declaration = t(`payrollFiles.declarations.${statement.jurisdiction}`);
  return (
    <section aria-labelledby="payroll-downloads" className="card mb-5 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
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
              href={payrollListUrl(statement.month, format, locale)}
              download
              className="btn-secondary px-3 py-2"
              aria-label={t('payrollFiles.listDownload', { month, format: format.toUpperCase() })}
            >
              <Download className="size-4" aria-hidden="true" />
              {format.toUpperCase()}
            </a>
          ))}
        </div>
      </div>
      <div className="mt-3 grid gap-2 border-t border-slate-200 pt-3 sm:flex sm:flex-wrap">
        <a
          href={declarationUrl(statement.month)}
          download
          className="btn-secondary px-3 py-2"
          aria-label={t('payrollFiles.declarationDownload', { name: declaration, month })}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('payrollFiles.declaration', { name: declaration })}
        </a>
        <a
          href={monthPayslipsUrl(statement.month)}
          download
          className="btn-secondary px-3 py-2"
          aria-label={t('payrollFiles.allPayslipsDownload', { month })}
        >
          <FileText className="size-4" aria-hidden="true" />
          {t('payrollFiles.allPayslips')}
        </a>
      </div>
    </section>
  );
}
