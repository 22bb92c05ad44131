import { KIOSK_PIN_PATTERN, type TKioskIdentity } from '@puna/domain';
import { Ban, FileDown } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Skeleton } from '../../../components/skeleton';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { badgePdfUrl, useKioskIdentity, useRevokeBadge, useSetKioskPin } from '../api/kiosk-badge';

/**
 * The employee's ways in at the browser kiosk: the kiosk PIN (set or cleared), the QR badge as a
 * card-sized PDF, and revoking the badge (a lost card) so every printed copy stops working.
 */
export function EmployeeKioskBadge({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const identity = useKioskIdentity(employeeId);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-6 border-t border-slate-200 pt-5" data-testid="employee-kiosk">
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t('employees.kiosk.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('employees.kiosk.description')}</p>
      {identity.isPending ? (
        <Skeleton className="mt-3 h-11 w-full" />
      ) : identity.isError ? (
        <Alert tone="error" className="mt-3">
          {translateError(identity.error, t('employees.kiosk.loadFailed'))}
        </Alert>
      ) : (
        <KioskControls key={identity.data.kiosk_pin ?? ''} employeeId={employeeId} saved={identity.data} />
      )}
    </section>
  );
}

function KioskControls({ employeeId, saved }: { employeeId: number; saved: TKioskIdentity }) {
  const { t } = useTranslation();
  const toast = useToast();
  const setPin = useSetKioskPin();
  const revoke = useRevokeBadge();
  const [pin, setPinText] = useState(saved.kiosk_pin ?? '');
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!KIOSK_PIN_PATTERN.test(pin)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setPin.mutate({ id: employeeId, pin }, { onSuccess: () => toast.success(t('employees.kiosk.pinSaved')) });
  };
  const clear = () => {
    setInvalid(false);
    setPin.mutate({ id: employeeId, pin: null }, { onSuccess: () => toast.success(t('employees.kiosk.pinCleared')) });
  };

  return (
    <div className="mt-3 space-y-4">
      <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('employees.kiosk.pin')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={pin}
          onChange={(event) => setPinText(event.target.value.replace(/\D/g, ''))}
          error={invalid ? t('employees.kiosk.pinFormat') : undefined}
          className="w-40"
        />
        <button type="submit" className="btn-primary" disabled={setPin.isPending}>
          {t('employees.kiosk.savePin')}
        </button>
        {saved.kiosk_pin !== null ? (
          <button type="button" className="btn-secondary" onClick={clear} disabled={setPin.isPending}>
            {t('employees.kiosk.clearPin')}
          </button>
        ) : null}
      </form>
      {setPin.isError ? (
        <Alert tone="error">{translateError(setPin.error, t('employees.kiosk.saveFailed'))}</Alert>
      ) : null}
      <p className="text-sm text-slate-600">{t('employees.kiosk.pinHint')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <a href={badgePdfUrl(employeeId)} download className="btn-secondary gap-2">
          <FileDown className="size-4" aria-hidden="true" />
          {t('employees.kiosk.downloadBadge')}
        </a>
        <button type="button" className="btn-secondary gap-2 text-red-700" onClick={() => setConfirming(true)}>
          <Ban className="size-4" aria-hidden="true" />
          {t('employees.kiosk.revoke')}
        </button>
        <span className="text-sm text-slate-500">{t('employees.kiosk.version', { version: saved.badge_version })}</span>
      </div>
      {revoke.isError ? (
        <Alert tone="error">{translateError(revoke.error, t('employees.kiosk.saveFailed'))}</Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('employees.kiosk.revokeTitle')}
        description={t('employees.kiosk.revokeDescription')}
        confirmLabel={t('employees.kiosk.revokeConfirm')}
        cancelLabel={t('employees.kiosk.cancel')}
        busy={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(
            { id: employeeId },
            {
              onSuccess: () => {
                setConfirming(false);
                toast.success(t('employees.kiosk.revoked'));
              },
            },
          )
        }
      />
    </div>
  );
}
