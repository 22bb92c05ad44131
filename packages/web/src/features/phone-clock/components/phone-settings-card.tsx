import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import type { TOutsidePolicy, TPhoneClockSettings } from '../api/schemas';
import { usePhoneClockSettings, useSavePhoneClockSettings } from '../api/settings';

/** The employer's phone clock rules: allowed, outside a workplace refused or flagged, photo, photo retention. */
export function PhoneSettingsCard() {
  const { t } = useTranslation();
  const settings = usePhoneClockSettings();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="card p-4 sm:p-5" data-testid="phone-clock-settings">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t('phoneClock.settings.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('phoneClock.settings.description')}</p>
      {settings.isPending ? (
        <div className="mt-4 space-y-3" aria-busy="true">
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-6 w-56" />
          <Skeleton className="h-11 w-40" />
        </div>
      ) : settings.isError ? (
        <Alert tone="error" className="mt-4">
          {translateError(settings.error, t('phoneClock.settings.loadFailed'))}
        </Alert>
      ) : (
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ saved }: { saved: TPhoneClockSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSavePhoneClockSettings();
  const [allowed, setAllowed] = useState(saved.phone_punches);
  const [outside, setOutside] = useState<TOutsidePolicy>(saved.phone_outside);
  const [photo, setPhoto] = useState(saved.phone_photo_required);
  const [retention, setRetention] = useState(String(saved.photo_retention_days));
  const [retentionError, setRetentionError] = useState<string | undefined>();
  const policyName = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const days = Number(retention);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      setRetentionError(t('phoneClock.settings.retentionInvalid'));
      return;
    }
    setRetentionError(undefined);
    save.mutate(
      { phone_punches: allowed, phone_outside: outside, phone_photo_required: photo, photo_retention_days: days },
      {
        onSuccess: () => toast.success(t('phoneClock.settings.saved')),
        onError: (error) => toast.error(translateError(error, t('phoneClock.settings.saveFailed'))),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 space-y-4">
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="size-5 rounded accent-brand-700"
          checked={allowed}
          onChange={(event) => setAllowed(event.target.checked)}
        />
        <span className="text-sm font-medium text-slate-900">{t('phoneClock.settings.allowed')}</span>
      </label>
      <fieldset>
        <legend className="field-label">{t('phoneClock.settings.outside')}</legend>
        <div className="space-y-1">
          {(['refuse', 'flag'] as const).map((policy) => (
            <label key={policy} className="flex min-h-11 cursor-pointer items-start gap-3 py-1">
              <input
                type="radio"
                name={policyName}
                className="mt-0.5 size-5 accent-brand-700"
                checked={outside === policy}
                onChange={() => setOutside(policy)}
              />
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{t(`phoneClock.settings.policy.${policy}`)}</span>
                <span className="block text-slate-600">{t(`phoneClock.settings.policyHint.${policy}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="size-5 rounded accent-brand-700"
          checked={photo}
          onChange={(event) => setPhoto(event.target.checked)}
        />
        <span className="text-sm font-medium text-slate-900">{t('phoneClock.settings.photoRequired')}</span>
      </label>
      <TextField
        className="sm:max-w-xs"
        label={t('phoneClock.settings.retention')}
        type="number"
        inputMode="numeric"
        min={1}
        max={3650}
        step={1}
        value={retention}
        onChange={(event) => setRetention(event.target.value)}
        error={retentionError}
      />
      <p className="text-sm text-slate-600">{t('phoneClock.settings.retentionHint')}</p>
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? <Spinner className="size-4" /> : null}
        {t('phoneClock.settings.save')}
      </button>
    </form>
  );
}
