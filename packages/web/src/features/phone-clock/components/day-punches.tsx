import { Check, MapPin, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { punchPhotoUrl, useAcceptPunch, useDayPunches, useRemovePunch } from '../api/punches';
import type { TPunch } from '../api/schemas';
import { distanceText } from '../lib/distance-text';

export type DayPunchesProps = { employeeId: number; date: string; name: string };

const flagTone = 'bg-amber-100 text-amber-950';

/** A kiosk punch's method, by the key of its text. */
const methodKeys = {
  card: 'phoneClock.method.card',
  pin: 'phoneClock.method.pin',
  badge: 'phoneClock.method.badge',
} as const;
const isMethod = (method: string | null | undefined): method is keyof typeof methodKeys =>
  typeof method === 'string' && method in methodKeys;

/**
 * One employee's punches of a day for the employer (docs/product.md#phone-clock): each one's time,
 * origin (clock, reader, kiosk, phone), workplace and distance, flags, map point and photo, and
 * Accept / Remove for a flagged punch not yet accepted.
 */
export function DayPunches({ employeeId, date, name }: DayPunchesProps) {
  const { t } = useTranslation();
  const punches = useDayPunches(employeeId, date, true);
  const [removing, setRemoving] = useState<TPunch | null>(null);
  const remove = useRemovePunch();
  const toast = useToast();

  if (punches.isPending) {
    return (
      <div className="space-y-2 py-2" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (punches.isError) {
    return <Alert tone="error">{translateError(punches.error, t('phoneClock.review.loadFailed'))}</Alert>;
  }
  const list = punches.data;
  return (
    <>
      {list.length === 0 ? (
        <p className="py-2 text-sm text-slate-600">{t('phoneClock.review.empty')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-100"
          data-testid="day-punches"
          aria-label={t('phoneClock.review.listLabel', { name })}
        >
          {list.map((punch) => (
            <PunchRow key={punch.id} punch={punch} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('phoneClock.review.removeConfirm')}
        description={removing ? t('phoneClock.review.removeDescription', { time: removing.time, name }) : undefined}
        confirmLabel={t('phoneClock.review.remove')}
        cancelLabel={t('phoneClock.review.cancel')}
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast.success(t('phoneClock.review.removed')),
            onError: (error) => toast.error(translateError(error, t('phoneClock.review.removeFailed'))),
            onSettled: () => setRemoving(null),
          });
        }}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function PunchRow({ punch, onRemove }: { punch: TPunch; onRemove: (punch: TPunch) => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const accept = useAcceptPunch();
  const flagged = punch.flags.length > 0 && !punch.accepted;
  const time = punch.time.slice(0, 5);
  return (
    <li className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:gap-4" data-testid="punch">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="w-12 shrink-0 font-semibold text-slate-900 tabular-nums">{time}</span>
        <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
          {t(`phoneClock.origin.${punch.origin}`)}
          {isMethod(punch.method) ? ` · ${t(methodKeys[punch.method])}` : ''}
        </span>
        {punch.location ? (
          <span className="text-sm wrap-anywhere text-slate-700">
            {punch.distance_m !== null
              ? t('phoneClock.review.placeDistance', {
                  place: punch.location.name,
                  distance: distanceText(punch.distance_m, i18n.language),
                })
              : punch.location.name}
          </span>
        ) : punch.distance_m !== null ? (
          <span className="text-sm text-slate-700">
            {t('phoneClock.review.noPlace', { distance: distanceText(punch.distance_m, i18n.language) })}
          </span>
        ) : null}
        {punch.flags.map((flag) => (
          <span key={flag} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${flagTone}`}>
            {t(`phoneClock.flags.${flag}` as 'phoneClock.flags.outside')}
          </span>
        ))}
        {punch.accepted ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            {t('phoneClock.review.accepted')}
          </span>
        ) : null}
        {punch.lat !== null && punch.lng !== null ? (
          <a
            className="link inline-flex items-center gap-1 text-sm"
            href={`geo:${punch.lat},${punch.lng}`}
            title={t('phoneClock.review.mapHint')}
          >
            <MapPin className="size-3.5" aria-hidden="true" />
            {t('phoneClock.review.point', {
              lat: punch.lat.toFixed(5),
              lng: punch.lng.toFixed(5),
            })}
            {punch.accuracy_m ? ` (±${Math.round(punch.accuracy_m)} m)` : ''}
          </a>
        ) : null}
      </div>
      {punch.has_photo ? (
        <a href={punchPhotoUrl(punch.id)} target="_blank" rel="noreferrer" className="shrink-0">
          <img
            src={punchPhotoUrl(punch.id)}
            alt={t('phoneClock.review.photo', { time })}
            loading="lazy"
            className="size-16 rounded-lg border border-slate-200 object-cover"
          />
        </a>
      ) : null}
      {flagged ? (
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            className="btn-secondary px-3 py-1.5"
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(punch.id, {
                onSuccess: () => toast.success(t('phoneClock.review.acceptedToast')),
                onError: (error) => toast.error(translateError(error, t('phoneClock.review.acceptFailed'))),
              })
            }
          >
            {accept.isPending ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden="true" />}
            {t('phoneClock.review.accept')}
            <span className="sr-only"> {time}</span>
          </button>
          <button type="button" className="btn-ghost px-3 py-1.5 text-red-700" onClick={() => onRemove(punch)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('phoneClock.review.remove')}
            <span className="sr-only"> {time}</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}
