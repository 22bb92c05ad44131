import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/select-field';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import type { TEmployeePhoneClock, TOutsidePolicy } from '../api/schemas';
import { useEmployeePhoneClock, usePhoneClockSettings, useSaveEmployeePhoneClock } from '../api/settings';

/** A select's value for an override: '' is the employer's rule. */
const boolValue = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');
const boolOf = (value: string) => (value === '' ? null : value === 'yes');

/**
 * The employee's own phone clock rules, each "as the company" (null) or set for this employee:
 * allowed, outside a workplace refused or flagged, photo required (`/krye/employees/{id}/phone-clock`).
 */
export function EmployeePhoneClock({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const current = useEmployeePhoneClock(employeeId);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 border-t border-slate-200 pt-5"
      data-testid="employee-phone-clock"
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('phoneClock.employee.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('phoneClock.employee.description')}</p>
      {current.isPending ? (
        <Skeleton className="mt-3 h-11 w-full" />
      ) : current.isError ? (
        <Alert tone="error" className="mt-3">
          {translateError(current.error, t('phoneClock.employee.loadFailed'))}
        </Alert>
      ) : (
        <OverridesForm key={JSON.stringify(current.data)} employeeId={employeeId} saved={current.data} />
      )}
    </section>
  );
}

function OverridesForm({ employeeId, saved }: { employeeId: number; saved: TEmployeePhoneClock }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveEmployeePhoneClock();
  const [allowed, setAllowed] = useState(boolValue(saved.phone_punches));
  const [outside, setOutside] = useState<'' | TOutsidePolicy>(saved.phone_outside ?? '');
  const [photo, setPhoto] = useState(boolValue(saved.phone_photo_required));
  const company = usePhoneClockSettings().data;
  const yesNo = (value: boolean) => (value ? t('phoneClock.employee.yes') : t('phoneClock.employee.no'));
  // The company's rule: from its settings, or (while they load) the rule in force where none is set here.
  const companyAllowed =
    company?.phone_punches ?? (saved.phone_punches === null ? saved.effective.phone_punches : null);
  const companyOutside =
    company?.phone_outside ?? (saved.phone_outside === null ? saved.effective.phone_outside : null);
  const companyPhoto =
    company?.phone_photo_required ??
    (saved.phone_photo_required === null ? saved.effective.phone_photo_required : null);
  const asCompany = (value: string | null) =>
    value === null ? t('phoneClock.employee.asCompanyPlain') : t('phoneClock.employee.asCompany', { value });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        id: employeeId,
        phone_punches: boolOf(allowed),
        phone_outside: outside === '' ? null : outside,
        phone_photo_required: boolOf(photo),
      },
      {
        onSuccess: () => toast.success(t('phoneClock.employee.saved')),
        onError: (error) => toast.error(translateError(error, t('phoneClock.employee.saveFailed'))),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField
          label={t('phoneClock.employee.allowed')}
          value={allowed}
          onChange={(event) => setAllowed(event.target.value)}
        >
          <option value="">{asCompany(companyAllowed === null ? null : yesNo(companyAllowed))}</option>
          <option value="yes">{t('phoneClock.employee.yes')}</option>
          <option value="no">{t('phoneClock.employee.no')}</option>
        </SelectField>
        <SelectField
          label={t('phoneClock.employee.outside')}
          value={outside}
          onChange={(event) => setOutside(event.target.value as '' | 'refuse' | 'flag')}
        >
          <option value="">
            {asCompany(companyOutside === null ? null : t(`phoneClock.settings.policy.${companyOutside}`))}
          </option>
          <option value="refuse">{t('phoneClock.settings.policy.refuse')}</option>
          <option value="flag">{t('phoneClock.settings.policy.flag')}</option>
        </SelectField>
        <SelectField
          label={t('phoneClock.employee.photo')}
          value={photo}
          onChange={(event) => setPhoto(event.target.value)}
        >
          <option value="">{asCompany(companyPhoto === null ? null : yesNo(companyPhoto))}</option>
          <option value="yes">{t('phoneClock.employee.yes')}</option>
          <option value="no">{t('phoneClock.employee.no')}</option>
        </SelectField>
      </div>
      <button type="submit" className="btn-secondary" disabled={save.isPending}>
        {save.isPending ? <Spinner className="size-4" /> : null}
        {t('phoneClock.employee.save')}
      </button>
    </form>
  );
}
