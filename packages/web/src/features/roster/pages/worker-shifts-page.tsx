import { addDays, type TShiftRequest } from '@puna/domain';
import { ArrowRightLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { useSession } from '../../../lib/auth';
import { weekdayText } from '../../../lib/date-names';
import { localToday } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useClaimShift, useOwnShiftRequests, useWorkerShifts } from '../api/roster';
import { ShiftLine, type WorkerShift } from '../components/shift-line';
import { ShiftRequestList, SwapOffers } from '../components/shift-requests';
import { SwapDialog } from '../components/swap-dialog';

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
  const requests = useOwnShiftRequests();
  const me = useSession().data?.user?.employeeId ?? null;
  const [offering, setOffering] = useState<WorkerShift | null>(null);
  const all = requests.data ?? [];
  const offersToMe = all.filter((request) => request.to_employee_id === me && request.status === 'offered');
  const mine = all.filter((request) => !(request.to_employee_id === me && request.status === 'offered'));
  /** A shift with a swap not yet decided cannot be offered again (the server says so too). */
  const openSwapOf = (shift: WorkerShift): TShiftRequest | undefined =>
    all.find(
      (request) =>
        request.kind === 'swap' &&
        request.shift.id === shift.id &&
        request.employee_id === me &&
        (request.status === 'offered' || request.status === 'pending'),
    );
  const swapAction = (shift: WorkerShift) => (
    <SwapButton shift={shift} pending={openSwapOf(shift)} onOffer={() => setOffering(shift)} />
  );

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
            <div className="mt-3">{swapAction(next)}</div>
          </section>
        ) : (
          <p className="card px-4 py-8 text-center text-sm text-slate-600">{t('roster.worker.none')}</p>
        )}
        {offersToMe.length > 0 ? <SwapOffers offers={offersToMe} /> : null}
        {coming.length > 0 ? (
          <section aria-labelledby="coming-shifts">
            <h2 id="coming-shifts" className="mb-2 text-base font-semibold text-slate-900">
              {t('roster.worker.coming')}
            </h2>
            <ul className="card divide-y divide-slate-100" data-testid="coming-shifts">
              {coming.map((shift) => (
                <li key={shift.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <ShiftLine shift={shift} />
                  {swapAction(shift)}
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
        {mine.length > 0 ? <ShiftRequestList requests={mine} me={me} /> : null}
        {requests.isError ? (
          <Alert tone="error">
            <p>{t('roster.requests.loadFailed')}</p>
            <button type="button" className="link mt-1" onClick={() => requests.refetch()}>
              {t('roster.worker.retry')}
            </button>
          </Alert>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('roster.worker.title')} description={t('roster.worker.description')} />
      <div aria-busy={list.isPending}>{body}</div>
      <SwapDialog shift={offering} onClose={() => setOffering(null)} />
    </>
  );
}

const byTime = (a: WorkerShift, b: WorkerShift) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start);

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
          onClick={() =>
            claim.mutate(shift.id, {
              // Approved at once when the employer lets requests through without answering.
              onSuccess: (request) =>
                toast.success(t(request.status === 'approved' ? 'roster.worker.claimedNow' : 'roster.worker.claimed')),
            })
          }
        >
          {t('roster.worker.claim')}
        </button>
      </div>
      {claim.isError ? <Alert tone="error">{translateError(claim.error, t('roster.worker.claimFailed'))}</Alert> : null}
    </li>
  );
}

/** 'Ofroje' (offer the shift to a colleague), or what became of the offer while it is open. */
function SwapButton({
  shift,
  pending,
  onOffer,
}: {
  shift: WorkerShift;
  pending: TShiftRequest | undefined;
  onOffer: () => void;
}) {
  const { t, i18n } = useTranslation();
  if (pending) {
    return (
      <p className="text-xs font-medium text-amber-900">
        {pending.status === 'offered'
          ? t('roster.requests.offeredTo', { name: pending.to_employee_name ?? '' })
          : t('roster.requests.acceptedBy', { name: pending.to_employee_name ?? '' })}
      </p>
    );
  }
  return (
    <button
      type="button"
      className="btn-secondary shrink-0"
      onClick={onOffer}
      aria-label={t('roster.swap.offerLabel', {
        day: weekdayText(shift.date, i18n.language),
        start: shift.start,
        end: shift.end,
      })}
    >
      <ArrowRightLeft className="size-4" aria-hidden="true" />
      {t('roster.swap.offer')}
    </button>
  );
}
