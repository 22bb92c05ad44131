import { addDays, type TShift } from '@puna/domain';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { weekdayText } from '../../../lib/date-names';
import { formatIsoDate, localToday } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useClaimShift, useWorkerShifts } from '../api/roster';
import { spanText } from '../components/roster-parts';

type WorkerShift = Omit<TShift, 'published'>;

/** The next four weeks, today included. */
const COMING_DAYS = 28;

/**
 * /datapuntoret/turnet (docs/product.md#shifts-and-the-roster): the worker's published shifts for
 * the next four weeks, the next one first, and the open shifts it may ask for ('Merre').
 */
export function WorkerShiftsPage() {
  const { t } = useTranslation();
  const today = localToday();
  const list = useWorkerShifts(today, addDays(today, COMING_DAYS - 1));

  let body: ReactNode;
  if (list.isError) {
    body = (
      <Alert tone="error">
        <p>{t('roster.worker.loadFailed')}</p>
        <button type="button" className="link mt-1" onClick={() => list.refetch()}>
          {t('roster.worker.retry')}
        </button>
      </Alert>
    );
  } else if (!list.data) {
    body = (
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else {
    const [next, ...coming] = [...list.data.shifts].sort(byTime);
    const open = [...list.data.open].sort(byTime);
    body = (
      <div className="space-y-6">
        {next ? (
          <section
            aria-labelledby="next-shift"
            className="card border-brand-200 bg-brand-50/60 p-4"
            data-testid="next-shift"
          >
            <h2 id="next-shift" className="text-sm font-semibold text-brand-800">
              {t('roster.worker.next')}
            </h2>
            <ShiftLine shift={next} large />
          </section>
        ) : (
          <p className="card px-4 py-8 text-center text-sm text-slate-600">{t('roster.worker.none')}</p>
        )}
        {coming.length > 0 ? (
          <section aria-labelledby="coming-shifts">
            <h2 id="coming-shifts" className="mb-2 text-base font-semibold text-slate-900">
              {t('roster.worker.coming')}
            </h2>
            <ul className="card divide-y divide-slate-100" data-testid="coming-shifts">
              {coming.map((shift) => (
                <li key={shift.id} className="px-4 py-3">
                  <ShiftLine shift={shift} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="open-shifts">
          <h2 id="open-shifts" className="mb-2 text-base font-semibold text-slate-900">
            {t('roster.worker.open')}
          </h2>
          {open.length === 0 ? (
            <p className="card px-4 py-6 text-center text-sm text-slate-600">{t('roster.worker.noOpen')}</p>
          ) : (
            <ul className="space-y-2" data-testid="open-shifts">
              {open.map((shift) => (
                <OpenShift key={shift.id} shift={shift} />
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('roster.worker.title')} description={t('roster.worker.description')} />
      <div aria-busy={list.isPending}>{body}</div>
    </>
  );
}

const byTime = (a: WorkerShift, b: WorkerShift) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start);

/** A shift's day, date, span, break and note. */
function ShiftLine({ shift, large = false }: { shift: WorkerShift; large?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="min-w-0">
      <p className={`font-semibold text-slate-900 ${large ? 'mt-1 text-lg' : ''}`}>
        {weekdayText(shift.date, i18n.language)}, {formatIsoDate(shift.date)}
      </p>
      <p className={`tabular-nums text-slate-800 ${large ? 'text-2xl font-bold' : 'text-sm'}`}>{spanText(shift)}</p>
      {shift.break_minutes > 0 ? (
        <p className="text-xs text-slate-600">{t('roster.worker.break', { minutes: shift.break_minutes })}</p>
      ) : null}
      {shift.note ? <p className="mt-1 text-sm wrap-anywhere text-slate-700">{shift.note}</p> : null}
    </div>
  );
}

/** An open shift with its 'Merre' button: a request the employer decides, a toast when it is sent. */
function OpenShift({ shift }: { shift: WorkerShift }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const claim = useClaimShift();
  return (
    <li className="card flex flex-col gap-2 p-4">
      <div className="flex items-center justify-between gap-3">
        <ShiftLine shift={shift} />
        <button
          type="button"
          className="btn-primary shrink-0"
          disabled={claim.isPending || claim.isSuccess}
          aria-label={t('roster.worker.claimLabel', {
            day: weekdayText(shift.date, i18n.language),
            start: shift.start,
            end: shift.end,
          })}
          onClick={() => claim.mutate(shift.id, { onSuccess: () => toast.success(t('roster.worker.claimed')) })}
        >
          {t('roster.worker.claim')}
        </button>
      </div>
      {claim.isError ? <Alert tone="error">{translateError(claim.error, t('roster.worker.claimFailed'))}</Alert> : null}
    </li>
  );
}
