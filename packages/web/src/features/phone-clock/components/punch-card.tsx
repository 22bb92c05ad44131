import { nearestWorkplace } from '@puna/domain';
import { Camera, CloudOff, LogIn, LogOut, MapPin } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { type PunchRequest, usePunchState } from '../api/punch';
import type { TPunchResult } from '../api/schemas';
import { clockTimeOf, distanceText } from '../lib/distance-text';
import { frameOf, openCamera, stopCamera } from '../lib/photo';
import { currentPosition } from '../lib/position';
import type { FlushOutcome } from '../lib/punch-flush';
import { type PunchAttempt, usePunchQueue } from './use-punch-queue';

type Fix = { lat: number; lng: number; accuracy: number; at: number };
type PositionState = { kind: 'looking' } | { kind: 'found'; fix: Fix } | { kind: 'failed' };

/** A fix older than this is asked for again before a punch. */
const FRESH_MS = 30_000;

const fixOf = (position: GeolocationPosition): Fix => ({
  lat: position.coords.latitude,
  lng: position.coords.longitude,
  accuracy: position.coords.accuracy,
  at: Date.now(),
});

/**
 * The worker's phone clock on their home (docs/product.md#phone-clock), shown only when the
 * employer lets this worker punch from the phone: one big 'Hyr' / 'Dil' button, the nearest
 * workplace and how far it is, a photo when one is required, and the punches still waiting to be
 * sent (made offline). A refusal shows the server's sentence.
 */
export function PunchCard({ workerId }: { workerId: number }) {
  const state = usePunchState();
  if (!state.data?.allowed) return null;
  return <AllowedPunchCard workerId={workerId} />;
}

function AllowedPunchCard({ workerId }: { workerId: number }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const state = usePunchState();
  const titleId = useId();
  const [position, setPosition] = useState<PositionState>({ kind: 'looking' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [cameraFailed, setCameraFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  function announce(punch: TPunchResult) {
    const time = clockTimeOf(punch.at);
    const place = punch.location?.name;
    const sent =
      punch.direction === 'in'
        ? place
          ? t('phoneClock.punch.sentInAt', { time, place })
          : t('phoneClock.punch.sentIn', { time })
        : place
          ? t('phoneClock.punch.sentOutAt', { time, place })
          : t('phoneClock.punch.sentOut', { time });
    toast.success(sent);
    if (punch.flags.length > 0) {
      toast.info(
        t('phoneClock.punch.flagged', {
          flags: punch.flags.map((flag) => t(`phoneClock.flags.${flag}` as 'phoneClock.flags.outside')).join(', '),
        }),
      );
    }
  }

  const queue = usePunchQueue(workerId, (outcomes: FlushOutcome[]) => {
    for (const outcome of outcomes) {
      if (outcome.kind === 'sent') announce(outcome.punch);
      else setRefusal(translateError(outcome.error, t('phoneClock.punch.failed')));
    }
  });

  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setPosition({ kind: 'failed' });
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      (found) => setPosition({ kind: 'found', fix: fixOf(found) }),
      () => setPosition((current) => (current.kind === 'found' ? current : { kind: 'failed' })),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 20_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, []);

  // The camera's stream is shown in the video element while the worker frames the photo.
  useEffect(() => {
    if (videoRef.current && camera) videoRef.current.srcObject = camera;
    return () => stopCamera(camera);
  }, [camera]);

  const data = state.data;
  if (!data) return null;
  // Each punch still waiting to be sent turns the state over, as it will once it is sent.
  const at = (data.state === 'in') !== (queue.waiting % 2 === 1) ? 'in' : 'out';
  const nearest = position.kind === 'found' ? nearestWorkplace(position.fix, data.locations) : null;

  async function freshFix(): Promise<Fix> {
    if (position.kind === 'found' && Date.now() - position.fix.at < FRESH_MS) return position.fix;
    const fix = fixOf(await currentPosition());
    setPosition({ kind: 'found', fix });
    return fix;
  }

  async function record(photo?: string) {
    setBusy(true);
    setRefusal(null);
    try {
      let fix: Fix;
      try {
        fix = await freshFix();
      } catch {
        setPosition({ kind: 'failed' });
        setRefusal(t('phoneClock.punch.noPosition'));
        return;
      }
      const request: PunchRequest = {
        id: crypto.randomUUID(),
        lat: fix.lat,
        lng: fix.lng,
        accuracy: Math.round(fix.accuracy),
        taken_at: new Date().toISOString(),
        ...(photo ? { photo } : {}),
      };
      const attempt: PunchAttempt = await queue.punch(request);
      if (attempt.kind === 'sent') announce(attempt.punch);
      else if (attempt.kind === 'refused') {
        const sentence = translateError(attempt.error, t('phoneClock.punch.failed'));
        setRefusal(sentence);
        toast.error(sentence);
      } else if (attempt.kind === 'queued') toast.info(t('phoneClock.punch.queued'));
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!data?.photo_required) {
      await record();
      return;
    }
    setCameraFailed(false);
    try {
      setCamera(await openCamera());
    } catch {
      setCameraFailed(true);
    }
  }

  async function takePhoto() {
    const video = videoRef.current;
    setBusy(true);
    const photo = video ? await frameOf(video) : '';
    setBusy(false);
    setCamera(null);
    if (!photo) {
      setCameraFailed(true);
      return;
    }
    await record(photo);
  }

  const last = data.last_punch;
  return (
    <section aria-labelledby={titleId} className="card mb-6 p-4 sm:p-5" data-testid="phone-punch">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {t('phoneClock.punch.title')}
        </h2>
        <p className="text-sm text-slate-700" data-testid="phone-punch-state">
          {at === 'in'
            ? last && queue.waiting === 0
              ? t('phoneClock.punch.atWorkSince', { time: clockTimeOf(last.at) })
              : t('phoneClock.punch.atWork')
            : t('phoneClock.punch.notAtWork')}
        </p>
      </div>

      {camera ? (
        <div className="mt-4 space-y-3">
          <video
            ref={videoRef}
            autoPlay
            muted
            playsInline
            aria-label={t('phoneClock.punch.cameraPreview')}
            className="mx-auto aspect-[3/4] max-h-80 w-full max-w-xs rounded-xl bg-slate-900 object-cover"
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
            <button type="button" className="btn-primary min-h-14 text-lg" onClick={takePhoto} disabled={busy}>
              <Camera className="size-5" aria-hidden="true" />
              {at === 'in' ? t('phoneClock.punch.photoAndOut') : t('phoneClock.punch.photoAndIn')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setCamera(null)}>
              {t('phoneClock.punch.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={start}
          disabled={busy}
          className={`mt-4 flex min-h-20 w-full items-center justify-center gap-3 rounded-2xl text-3xl font-bold text-white shadow-sm transition-colors focus-visible:ring-4 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70 ${
            at === 'in'
              ? 'bg-rose-700 hover:bg-rose-800 focus-visible:ring-rose-300'
              : 'bg-brand-700 hover:bg-brand-800 focus-visible:ring-brand-300'
          }`}
        >
          {busy ? (
            <Spinner className="size-7" />
          ) : at === 'in' ? (
            <LogOut className="size-8" aria-hidden="true" />
          ) : (
            <LogIn className="size-8" aria-hidden="true" />
          )}
          {at === 'in' ? t('phoneClock.punch.out') : t('phoneClock.punch.in')}
        </button>
      )}

      <p
        className="mt-3 flex items-start gap-2 text-sm text-slate-700"
        data-testid="phone-punch-place"
        aria-live="polite"
      >
        <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span className="min-w-0 wrap-anywhere">
          {position.kind === 'looking'
            ? t('phoneClock.punch.locating')
            : position.kind === 'failed'
              ? t('phoneClock.punch.noPosition')
              : nearest === null
                ? t('phoneClock.punch.noWorkplaces')
                : nearest.inside
                  ? t('phoneClock.punch.inside', {
                      place: nearest.workplace.name,
                      distance: distanceText(nearest.distance_m, i18n.language),
                    })
                  : t('phoneClock.punch.outside', {
                      place: nearest.workplace.name,
                      distance: distanceText(nearest.distance_m, i18n.language),
                    })}
        </span>
      </p>
      {data.photo_required ? <p className="mt-1 text-sm text-slate-600">{t('phoneClock.punch.photoNeeded')}</p> : null}
      {cameraFailed ? (
        <Alert tone="error" className="mt-3">
          {t('phoneClock.punch.cameraFailed')}
        </Alert>
      ) : null}
      {queue.waiting > 0 ? (
        <p
          className="mt-3 flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950"
          data-testid="phone-punch-waiting"
        >
          <CloudOff className="size-4 shrink-0" aria-hidden="true" />
          {t('phoneClock.punch.waiting', { count: queue.waiting })}
        </p>
      ) : null}
      {refusal ? (
        <Alert tone="error" className="mt-3">
          <span data-testid="phone-punch-refusal">{refusal}</span>
        </Alert>
      ) : null}
    </section>
  );
}
