import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { BrandName } from '../../../components/brand';
import { LanguageSwitch } from '../../../components/language-switch';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useTranslation } from '../../../lib/i18n';
import { DeviceRequestError, type KioskCredentials, sendHeartbeat } from '../api/device-client';
import { type TKioskPairingForm, ZKioskPairingForm } from '../lib/pairing';

/**
 * Pairs this browser with a device registered (protocol Kiosk) on the Devices page: a heartbeat
 * with the ID and secret proves them before they are kept.
 */
export function PairingForm({ onPaired }: { onPaired: (credentials: KioskCredentials) => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TKioskPairingForm>({ resolver: zodResolver(ZKioskPairingForm) });

  const pair = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await sendHeartbeat(values);
      onPaired(values);
    } catch (error) {
      const status = error instanceof DeviceRequestError ? error.status : -1;
      setFailure(
        status === 401
          ? t('kiosk.pairing.wrongCredentials')
          : status === 0
            ? t('kiosk.pairing.unreachable')
            : t('kiosk.pairing.failed'),
      );
    }
  });

  return (
    <div className="flex min-h-dvh flex-col bg-slate-100">
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <BrandName subtitle={t('kiosk.title')} />
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-8">
        <section className="card w-full max-w-md p-6 sm:p-8" aria-labelledby="kiosk-pairing-title">
          <h1 id="kiosk-pairing-title" className="text-2xl font-bold text-slate-900">
            {t('kiosk.pairing.title')}
          </h1>
          <p className="mt-2 text-sm text-slate-600">{t('kiosk.pairing.intro')}</p>
          <form className="mt-6 space-y-4" onSubmit={pair} noValidate>
            <TextField
              label={t('kiosk.pairing.deviceId')}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              error={errors.deviceId?.message}
              {...register('deviceId')}
            />
            <TextField
              label={t('kiosk.pairing.secret')}
              type="password"
              autoComplete="off"
              // The domain has no sentence for the secret (it is this form's own field): the text is ours.
              error={errors.secret ? t('kiosk.pairing.secretRequired') : undefined}
              {...register('secret')}
            />
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <button type="submit" className="btn-primary w-full py-3 text-base" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="size-4" /> : null}
              {t('kiosk.pairing.submit')}
            </button>
          </form>
        </section>
      </main>
    </div>
  );
}
