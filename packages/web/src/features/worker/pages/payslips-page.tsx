import { monthLabel } from '@puna/domain';
import { Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { formatTimestamp, localeFor } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { ownPayslipUrl, usePayslips } from '../api/get-payslips';

const SKELETON_ROWS = 3;

/** A YYYY-MM month as a person reads it: 'Mars 2025' / 'March 2025'. */
function monthText(month: string, language: string): string {
  if (language !== 'en') return monthLabel(month);
  return new Intl.DateTimeFormat(localeFor(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
}

/**
 * /datapuntoret/fletepagesat (docs/product.md#worker-area): the months the employer has closed,
 * newest first, each with its payslip PDF to download.
 */
export function PayslipsPage() {
  const { t, i18n } = useTranslation();
  const payslips = usePayslips();
  const language = i18n.language;

  let body: ReactNode;
  if (payslips.isError) {
    body = (
      <Alert tone="error">
        <p>{t('workerPayslips.loadFailed')}</p>
        <button type="button" className="link mt-1" onClick={() => payslips.refetch()}>
          {t('workerAccount.retry')}
        </button>
      </Alert>
    );
  } else if (!payslips.data) {
    body = (
      <ul className="space-y-3" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={index} className="card flex items-center justify-between gap-3 p-4">
            <div className="space-y-2">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-3 w-44" />
            </div>
            <Skeleton className="h-10 w-24" />
          </li>
        ))}
      </ul>
    );
  } else if (payslips.data.length === 0) {
    body = (
      <div className="card px-6 py-10 text-center">
        <FileText className="mx-auto size-8 text-slate-400" aria-hidden="true" />
        <p className="mt-2 font-medium text-slate-900">{t('workerPayslips.empty')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('workerPayslips.emptyHint')}</p>
      </div>
    );
  } else {
    body = (
      <ul className="space-y-3">
        {payslips.data.map((payslip) => {
          const month = monthText(payslip.month, language);
          return (
            <li key={payslip.month} className="card flex items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{month}</p>
                <p className="text-xs text-slate-600">
                  {t('workerPayslips.closedAt', { when: formatTimestamp(payslip.closed_at, language) })}
                </p>
              </div>
              <a
                href={ownPayslipUrl(payslip.month)}
                download
                className="btn-secondary shrink-0 px-3 py-2"
                aria-label={t('workerPayslips.download', { month })}
              >
                <Download className="size-4" aria-hidden="true" />
                {t('workerPayslips.pdf')}
              </a>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={t('workerPayslips.title')} description={t('workerPayslips.description')} />
      <div aria-busy={payslips.isPending}>{body}</div>
    </>
  );
}
