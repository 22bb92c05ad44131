import type { TRfidDay } from '@puna/domain';
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { DayPicker } from '../../../components/day-picker';
import { PageHeader } from '../../../components/page-header';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useRfidDay } from '../api/get-rfid-day';
import { useRfidWorkers } from '../api/get-rfid-workers';
import { EditRfidModal } from '../components/edit-rfid-modal';
import { RfidDayTable, type TDayPunches } from '../components/rfid-day-table';
import { UnknownCardsPanel } from '../components/unknown-cards-panel';
import { WorkerCards } from '../components/worker-cards';

const tabs = ['scans', 'cards'] as const;
type Tab = (typeof tabs)[number];

/**
 * 'Lista e RFID' (/kryepuntor/listarfid, and /kryepuntor/klista for an RFID employer): who scanned
 * on a date with their first and last scan, unknown cards to assign, and each worker's card. New
 * scans arrive live (the area's `rfid_update` handler refetches these queries).
 */
export function RfidListPage({ DayPunches }: { DayPunches?: TDayPunches } = {}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('scans');
  const workers = useRfidWorkers();
  const baseId = useId();

  return (
    <>
      <PageHeader title={t('employer.screens.rfidList')} description={t('rfid.description')} />
      <UnknownCardsPanel workers={workers.data ?? []} />
      <div role="tablist" aria-label={t('rfid.tabsLabel')} className="mb-5 flex gap-1 border-b border-slate-200">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${baseId}-tab-${name}`}
            aria-controls={`${baseId}-panel-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = tabs[(tabs.indexOf(name) + 1) % tabs.length] ?? 'scans';
              setTab(next);
              document.getElementById(`${baseId}-tab-${next}`)?.focus();
            }}
            className={`-mb-px border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors ${
              tab === name
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
            }`}
          >
            {t(`rfid.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-scans`}
        aria-labelledby={`${baseId}-tab-scans`}
        hidden={tab !== 'scans'}
      >
        <DayScans DayPunches={DayPunches} />
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-cards`}
        aria-labelledby={`${baseId}-tab-cards`}
        hidden={tab !== 'cards'}
      >
        <WorkerCards workers={workers.data ?? []} loading={workers.isPending} failed={workers.isError} />
      </div>
    </>
  );
}

function DayScans({ DayPunches }: { DayPunches?: TDayPunches }) {
  const { t } = useTranslation();
  const [date, setDate] = usePeriodParam('date');
  const day = useRfidDay(date);
  const [editing, setEditing] = useState<TRfidDay | null>(null);
  const rows = day.data?.days ?? [];
  // Workers on leave who did not scan: named under the list (one who scanned carries its mark in the row).
  const scanned = new Set(rows.map((row) => row.id));
  const leaveOnly = (day.data?.onLeave ?? []).filter((leave) => !scanned.has(leave.worker_id));
  const leaveTitleId = useId();

  return (
    <>
      <DayPicker label={t('rfid.date')} date={date} onChange={setDate} />
      {day.isError ? (
        <Alert tone="error">{translateError(day.error, t('rfid.loadFailed'))}</Alert>
      ) : !day.isPending && rows.length === 0 ? (
        <p className="card px-6 py-10 text-center text-slate-600">{t('rfid.empty')}</p>
      ) : (
        <div aria-busy={day.isPending}>
          <RfidDayTable days={rows} loading={day.isPending} onEdit={setEditing} DayPunches={DayPunches} />
        </div>
      )}
      {leaveOnly.length > 0 ? (
        <section className="card px-4 py-3" aria-labelledby={leaveTitleId}>
          <h2 id={leaveTitleId} className="text-sm font-semibold text-slate-900">
            {t('rfid.onLeaveTitle', { count: leaveOnly.length })}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2" data-testid="rfid-on-leave">
            {leaveOnly.map((leave) => (
              <li
                key={leave.worker_id}
                className="inline-flex max-w-full flex-wrap items-center gap-2 text-sm text-slate-800"
              >
                <span className="min-w-0 font-medium wrap-anywhere">{leave.name}</span>
                <span
                  className={`inline-flex max-w-full items-center rounded-md px-2 py-0.5 text-xs font-medium wrap-anywhere ${
                    leave.paid ? 'bg-sky-100 text-sky-900' : 'bg-amber-100 text-amber-900'
                  }`}
                >
                  {leave.paid ? t('rfid.onLeave', { type: leave.type }) : t('rfid.onUnpaidLeave', { type: leave.type })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <EditRfidModal day={editing} onClose={() => setEditing(null)} />
    </>
  );
}
