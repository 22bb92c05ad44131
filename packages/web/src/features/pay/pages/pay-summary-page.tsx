import type { TPayRow } from '@puna/domain';
import { type ComponentType, useState } from 'react';
import { Alert } from '../../../components/alert';
import { MonthPicker } from '../../../components/month-picker';
import { PageHeader } from '../../../components/page-header';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useListType } from '../../../lib/queries/get-list-type';
import { useWorkerHours } from '../../../lib/queries/get-worker-hours';
import { usePaySummary } from '../api/get-pay-summary';
import { PAY_SKELETON_CARDS, PayCard, PayCardSkeleton } from '../components/pay-card';
import { PayDetailsModal } from '../components/pay-details-modal';

/** The exports feature's download links, given by the route (features do not import one another). */
type TExportButtons = ComponentType<{ kind: 'hours' | 'pay'; month: string }>;
/** The month close's payslip download, given by the route. */
type TPayslipLink = ComponentType<{ employeeId: number; name: string; month: string; variant: 'card' }>;

/**
 * 'Puntorët Rroga dhe Orët': a card per employee with the month's pay, and its details by week; in
 * a closed month each card also downloads the employee's payslip (owners look for it here).
 */
export function PaySummaryPage({
  ExportButtons,
  PayslipLink,
}: {
  ExportButtons: TExportButtons;
  PayslipLink: TPayslipLink;
}) {
  const { t } = useTranslation();
  const [month, setMonth] = usePeriodParam('month');
  const pay = usePaySummary(month);
  const [open, setOpen] = useState<TPayRow | null>(null);
  const details = useWorkerHours(open?.id ?? 0, month, open !== null);
  const rows = pay.data ?? [];
  // The page names where pay comes from: the RFID list's scans or the hours entered on the list.
  const fromScans = useListType().data === 'rfid';

  return (
    <>
      <PageHeader
        title={t('employer.screens.payAndHours')}
        description={t(fromScans ? 'pay.descriptionScans' : 'pay.description')}
      />
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <MonthPicker label={t('pay.month')} month={month} onChange={setMonth} />
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          <ExportButtons kind="pay" month={month} />
          <ExportButtons kind="hours" month={month} />
        </div>
      </div>

      {pay.isError ? (
        <Alert tone="error">{translateError(pay.error, t('pay.loadFailed'))}</Alert>
      ) : !pay.isPending && rows.length === 0 ? (
        <p className="card px-6 py-10 text-center text-slate-600">{t('pay.empty')}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={pay.isPending}>
          {pay.isPending
            ? Array.from({ length: PAY_SKELETON_CARDS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <PayCardSkeleton key={index} />
              ))
            : rows.map((row) => (
                <PayCard
                  key={row.id}
                  row={row}
                  onDetails={setOpen}
                  payslip={
                    row.statement?.closed ? (
                      <PayslipLink employeeId={row.id} name={row.name} month={month} variant="card" />
                    ) : null
                  }
                />
              ))}
        </div>
      )}

      <PayDetailsModal
        row={open}
        month={month}
        entries={details.data}
        loading={details.isPending}
        failed={details.isError}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
