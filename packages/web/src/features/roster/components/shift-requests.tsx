import type { TShiftRequest } from '@puna/domain';
import { Alert } from '../../../components/alert';
import { useToast } from '../../../components/toast';
import { weekdayText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useAcceptSwap, useDecideShiftRequest } from '../api/roster';
import { spanText } from './roster-parts';
import { ShiftLine } from './shift-line';

const BADGE = {
  offered: 'bg-sky-50 text-sky-900',
  pending: 'bg-amber-100 text-amber-950',
  approved: 'bg-emerald-50 text-emerald-900',
  declined: 'bg-red-50 text-red-900',
} as const;

/** A claim's or a swap's state in words, as a small badge. */
export function RequestStatus({ status }: { status: TShiftRequest['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[status]}`}>
      {t(`roster.requests.status.${status}`)}
    </span>
  );
}

/** What a request is, in a sentence: "Arta asks for the open shift", "Arta gives her shift to Besa". */
function requestText(request: TShiftRequest, t: ReturnType<typeof useTranslation>['t']): string {
  return request.kind === 'claim'
    ? t('roster.requests.claimBy', { name: request.employee_name })
    : t('roster.requests.swapBy', { name: request.employee_name, to: request.to_employee_name ?? '' });
}

/** The swaps colleagues offered this worker, each to accept ('Prano'); then the employer decides. */
export function SwapOffers({ offers }: { offers: readonly TShiftRequest[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="swap-offers">
      <h2 id="swap-offers" className="mb-2 text-base font-semibold text-slate-900">
        {t('roster.requests.offersTitle')}
      </h2>
      <ul className="space-y-2" data-testid="swap-offers">
        {offers.map((offer) => (
          <SwapOffer key={offer.id} offer={offer} />
        ))}
      </ul>
    </section>
  );
}

function SwapOffer({ offer }: { offer: TShiftRequest }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const accept = useAcceptSwap();
  return (
    <li className="card flex flex-col gap-2 border-sky-200 p-4">
      <p className="text-sm font-medium text-slate-800">
        {t('roster.requests.offeredBy', { name: offer.employee_name })}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ShiftLine shift={offer.shift} />
        <button
          type="button"
          className="btn-primary shrink-0"
          disabled={accept.isPending}
          aria-label={t('roster.requests.acceptLabel', {
            name: offer.employee_name,
            day: weekdayText(offer.shift.date, i18n.language),
            span: spanText(offer.shift),
          })}
          onClick={() =>
            accept.mutateAsync(offer.id).then(
              (request) =>
                toast.success(
                  t(request.status === 'approved' ? 'roster.requests.acceptedNow' : 'roster.requests.accepted'),
                ),
              () => {}, // shown below while the card is there
            )
          }
        >
          {t('roster.requests.accept')}
        </button>
      </div>
      {accept.isError ? (
        <Alert tone="error">{translateError(accept.error, t('roster.requests.acceptFailed'))}</Alert>
      ) : null}
    </li>
  );
}

/** The worker's claims and swaps (and the offers it accepted), newest first, with their state. */
export function ShiftRequestList({ requests, me }: { requests: readonly TShiftRequest[]; me: number | null }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="my-shift-requests">
      <h2 id="my-shift-requests" className="mb-2 text-base font-semibold text-slate-900">
        {t('roster.requests.mineTitle')}
      </h2>
      <ul className="card divide-y divide-slate-100" data-testid="my-shift-requests">
        {requests.map((request) => {
          const text =
            request.kind === 'claim'
              ? t('roster.requests.myClaim')
              : request.employee_id === me
                ? t('roster.requests.mySwap', { name: request.to_employee_name ?? '' })
                : t('roster.requests.takenSwap', { name: request.employee_name });
          return (
            <li key={request.id} className="flex items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium wrap-anywhere text-slate-900">{text}</p>
                <p className="text-sm text-slate-700 tabular-nums">
                  {weekdayText(request.shift.date, i18n.language)}, {formatIsoDate(request.shift.date)} ·{' '}
                  {spanText(request.shift)}
                </p>
              </div>
              <RequestStatus status={request.status} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A claim or a swap on the employer's requests inbox: approve or decline while it is pending. */
export function ShiftRequestCard({ request }: { request: TShiftRequest }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const decide = useDecideShiftRequest();

  function answer(status: 'approved' | 'declined') {
    // The answered card leaves the pending list before a `mutate` callback would run.
    decide.mutateAsync({ id: request.id, status }).then(
      () => toast.success(t(`roster.requests.${status}`)),
      () => {}, // shown by `decide.isError` while the card is there
    );
  }

  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="employer-shift-request">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-slate-900">{requestText(request, t)}</p>
          <p className="text-sm text-slate-700 tabular-nums">
            {weekdayText(request.shift.date, i18n.language)}, {formatIsoDate(request.shift.date)} ·{' '}
            {spanText(request.shift)}
          </p>
          {request.status === 'offered' ? (
            <p className="text-xs text-slate-600">
              {t('roster.requests.waitsColleague', { name: request.to_employee_name ?? '' })}
            </p>
          ) : null}
        </div>
        <RequestStatus status={request.status} />
      </div>
      {request.status === 'pending' ? (
        <>
          {decide.isError ? (
            <Alert tone="error">{translateError(decide.error, t('roster.requests.decideFailed'))}</Alert>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              className="btn-secondary"
              disabled={decide.isPending}
              onClick={() => answer('declined')}
            >
              {t('roster.requests.decline')}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={decide.isPending}
              onClick={() => answer('approved')}
            >
              {t('roster.requests.approve')}
            </button>
          </div>
        </>
      ) : null}
    </li>
  );
}
