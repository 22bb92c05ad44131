import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';
import { useLeaveBalances, useLeaveSettings, useLeaveTypes } from '../api/employer-leave';
import { AllRequests } from '../components/all-requests';
import { BalancesTable } from '../components/balances-table';
import { LeaveSettingsForm } from '../components/leave-settings-form';
import { LeaveTypesSection } from '../components/leave-types-section';
import { PendingRequests } from '../components/pending-requests';
import { RecordLeaveForm } from '../components/record-leave-form';

/**
 * /kryepuntor/pushimet (docs/product.md#leave): pending requests first with Approve and Decline,
 * recording leave for a worker, every request with a status filter, the year's balances (each
 * editable), the leave types and the annual-days setting.
 */
export function EmployerLeavePage() {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const balances = useLeaveBalances(year);
  const types = useLeaveTypes();
  const settings = useLeaveSettings();
  const failed = balances.isError || types.isError || settings.isError;

  let side: ReactNode;
  if (failed) {
    side = (
      <Alert tone="error">
        <p>{t('leave.loadFailed')}</p>
        <button
          type="button"
          className="link mt-1"
          onClick={() => {
            void balances.refetch();
            void types.refetch();
            void settings.refetch();
          }}
        >
          {t('leave.retry')}
        </button>
      </Alert>
    );
  } else if (!balances.data || !types.data) {
    side = <Skeleton className="h-80" />;
  } else {
    side = <RecordLeaveForm workers={balances.data.balances} types={types.data} />;
  }

  return (
    <>
      <PageHeader title={t('leave.title')} description={t('leave.employerDescription')} />
      <div className="space-y-8">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <PendingRequests />
          <div>{side}</div>
        </div>

        <section aria-labelledby="leave-balances-title" className="space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="leave-balances-title" className="text-lg font-semibold text-slate-900">
              {t('leave.balances.title')}
            </h2>
            <SelectField
              id="leave-year"
              label={t('leave.balances.year')}
              className="w-32"
              value={year}
              onChange={(event) => setYear(Number(event.target.value))}
            >
              {[thisYear + 1, thisYear, thisYear - 1, thisYear - 2].map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </SelectField>
          </div>
          {balances.isError ? null : !balances.data ? (
            <Skeleton className="h-40" />
          ) : (
            <BalancesTable balances={balances.data.balances} year={year} />
          )}
        </section>

        <AllRequests />

        <div className="grid gap-6 lg:grid-cols-2">
          {types.data ? <LeaveTypesSection types={types.data} /> : <Skeleton className="h-60" />}
          {settings.data ? <LeaveSettingsForm settings={settings.data} /> : <Skeleton className="h-40" />}
        </div>
      </div>
    </>
  );
}
