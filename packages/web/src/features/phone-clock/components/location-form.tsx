import { LocateFixed } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useTranslation } from '../../../lib/i18n';
import type { TLocation, TLocationInput } from '../api/schemas';
import { isLatLng, type LatLng, RADIUS_MAX, RADIUS_MIN } from '../lib/geo';
import { currentPosition } from '../lib/position';

// Leaflet (and its styles) is downloaded only when a workplace form opens.
const LocationMap = lazy(() => import('./location-map'));

type LocationFormProps = {
  location: TLocation | null;
  submitting: boolean;
  serverError: string | null;
  onSubmit: (input: TLocationInput) => void;
  onCancel: () => void;
};

/** Six decimals: about 10 cm, more than a phone's position is worth. */
const coordinate = (value: number) => String(Math.round(value * 1e6) / 1e6);
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

type Errors = Partial<Record<'name' | 'lat' | 'lng' | 'radius', string>>;

/**
 * A workplace: its name, address, point and radius. The point is set on the map (a click), typed as
 * coordinates, or taken from this device's position; the form works the same without map tiles.
 */
export function LocationForm({ location, submitting, serverError, onSubmit, onCancel }: LocationFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(location?.name ?? '');
  const [address, setAddress] = useState(location?.address ?? '');
  const [lat, setLat] = useState(location ? coordinate(location.lat) : '');
  const [lng, setLng] = useState(location ? coordinate(location.lng) : '');
  const [radius, setRadius] = useState(String(location?.radius_m ?? 100));
  const [errors, setErrors] = useState<Errors>({});
  const [locating, setLocating] = useState(false);
  const [positionError, setPositionError] = useState<string | null>(null);

  const latValue = numberOf(lat);
  const lngValue = numberOf(lng);
  const point: LatLng | null = isLatLng(latValue, lngValue) ? { lat: latValue, lng: lngValue } : null;
  const radiusValue = numberOf(radius);
  const shownRadius =
    Number.isFinite(radiusValue) && radiusValue >= RADIUS_MIN && radiusValue <= RADIUS_MAX ? radiusValue : RADIUS_MIN;

  function pick(next: LatLng) {
    setLat(coordinate(next.lat));
    setLng(coordinate(next.lng));
    setErrors((current) => ({ ...current, lat: undefined, lng: undefined }));
  }

  async function takeMyPosition() {
    setLocating(true);
    setPositionError(null);
    try {
      const position = await currentPosition();
      pick({ lat: position.coords.latitude, lng: position.coords.longitude });
    } catch {
      setPositionError(t('phoneClock.form.positionFailed'));
    } finally {
      setLocating(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = t('phoneClock.form.nameRequired');
    if (!Number.isFinite(latValue) || Math.abs(latValue) > 90) found.lat = t('phoneClock.form.latInvalid');
    if (!Number.isFinite(lngValue) || Math.abs(lngValue) > 180) found.lng = t('phoneClock.form.lngInvalid');
    if (!Number.isInteger(radiusValue) || radiusValue < RADIUS_MIN || radiusValue > RADIUS_MAX) {
      found.radius = t('phoneClock.form.radiusInvalid', { min: RADIUS_MIN, max: RADIUS_MAX });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({
      name: name.trim(),
      lat: latValue,
      lng: lngValue,
      radius_m: radiusValue,
      address: address.trim() === '' ? null : address.trim(),
    });
  }

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('phoneClock.form.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={80}
          autoComplete="off"
          required
          data-autofocus
          error={errors.name}
        />
        <TextField
          label={t('phoneClock.form.address')}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <Suspense fallback={<Skeleton className="h-64 w-full rounded-xl sm:h-72" />}>
        <LocationMap
          point={point}
          radius={shownRadius}
          onPick={pick}
          label={t('phoneClock.form.map')}
          zoomInLabel={t('phoneClock.form.zoomIn')}
          zoomOutLabel={t('phoneClock.form.zoomOut')}
        />
      </Suspense>
      <p className="text-sm text-slate-600">{t('phoneClock.form.mapHint')}</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <TextField
          label={t('phoneClock.form.lat')}
          value={lat}
          onChange={(event) => setLat(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.lat}
        />
        <TextField
          label={t('phoneClock.form.lng')}
          value={lng}
          onChange={(event) => setLng(event.target.value)}
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.lng}
        />
        <TextField
          label={t('phoneClock.form.radius')}
          value={radius}
          onChange={(event) => setRadius(event.target.value)}
          type="number"
          inputMode="numeric"
          min={RADIUS_MIN}
          max={RADIUS_MAX}
          step={1}
          required
          error={errors.radius}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" onClick={takeMyPosition} disabled={locating}>
          {locating ? <Spinner className="size-4" /> : <LocateFixed className="size-4" aria-hidden="true" />}
          {t('phoneClock.form.useMyPosition')}
        </button>
        {positionError ? (
          <p role="alert" className="text-sm text-red-700">
            {positionError}
          </p>
        ) : null}
      </div>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <div className="dialog-actions flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('phoneClock.form.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? <Spinner className="size-4" /> : null}
          {t('phoneClock.form.save')}
        </button>
      </div>
    </form>
  );
}
