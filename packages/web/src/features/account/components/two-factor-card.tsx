import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TTwoFactorSetupResponse,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorSetupRequest,
} from '@puna/domain';
import { Copy, ShieldCheck } from 'lucide-react';
import QRCode from 'qrcode';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor, useTwoFactor } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'scan'; setup: TTwoFactorSetupResponse }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' };

function SubmitRow({ pending, label, onCancel }: { pending: boolean; label: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? <Spinner className="size-4" /> : null}
        {pending ? t('account.saving') : label}
      </button>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        {t('account.twoFactor.cancel')}
      </button>
    </div>
  );
}

/** The current password before a new secret is made. */
function PasswordStep({
  onReady,
  onCancel,
}: {
  onReady: (setup: TTwoFactorSetupResponse) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const setup = useSetupTwoFactor();
  const form = useForm({ resolver: zodResolver(ZTwoFactorSetupRequest), defaultValues: { currentPassword: '' } });
  const onSubmit = form.handleSubmit((values) => setup.mutate(values, { onSuccess: onReady }));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t('account.password.current')}
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      {setup.isError ? <Alert tone="error">{translateError(setup.error, t('account.failed'))}</Alert> : null}
      <SubmitRow pending={setup.isPending} label={t('account.twoFactor.continue')} onCancel={onCancel} />
    </form>
  );
}

/** The secret as a QR code (drawn here, never sent anywhere) and as text, then the app's first code. */
function ScanStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TTwoFactorSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const enable = useEnableTwoFactor();
  const [qr, setQr] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ZTwoFactorEnableRequest), defaultValues: { code: '' } });
  useEffect(() => {
    let current = true;
    QRCode.toString(setup.otpauth_url, { type: 'svg', margin: 1 })
      .then((svg) => {
        if (current) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => setQr(null));
    return () => {
      current = false;
    };
  }, [setup.otpauth_url]);
  const onSubmit = form.handleSubmit((values) =>
    enable.mutate(values, { onSuccess: (result) => onEnabled(result.recovery_codes) }),
  );
  const copySecret = () => {
    navigator.clipboard
      ?.writeText(setup.secret)
      .then(() => toast.success(t('account.twoFactor.copied')))
      .catch(() => undefined);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{t('account.twoFactor.scan')}</p>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        {qr ? (
          <img
            src={qr}
            alt={t('account.twoFactor.qrAlt')}
            className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white p-1"
            data-testid="two-factor-qr"
          />
        ) : (
          <Skeleton className="size-44 shrink-0" />
        )}
        <div className="min-w-0 space-y-2 text-sm text-slate-700">
          <p>{t('account.twoFactor.manual')}</p>
          <code
            className="block break-all rounded bg-slate-100 px-2 py-1.5 font-mono text-slate-900"
            data-testid="two-factor-secret"
          >
            {setup.secret}
          </code>
          <button type="button" className="btn-secondary" onClick={copySecret}>
            <Copy className="size-4" aria-hidden="true" />
            {t('account.twoFactor.copySecret')}
          </button>
        </div>
      </div>
      <TextField
        label={t('account.twoFactor.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      {enable.isError ? <Alert tone="error">{translateError(enable.error, t('account.failed'))}</Alert> : null}
      <SubmitRow pending={enable.isPending} label={t('account.twoFactor.confirm')} onCancel={onCancel} />
    </form>
  );
}

/** The password and a code turn it off (an employer; the admin keeps it). */
function DisableStep({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const disable = useDisableTwoFactor();
  const form = useForm({
    resolver: zodResolver(ZTwoFactorDisableRequest),
    defaultValues: { currentPassword: '', code: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        toast.success(t('account.twoFactor.turnedOff'));
        onDone();
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label={t('account.password.current')}
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label={t('account.twoFactor.codeOrRecovery')}
        autoComplete="one-time-code"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      {disable.isError ? <Alert tone="error">{translateError(disable.error, t('account.failed'))}</Alert> : null}
      <SubmitRow pending={disable.isPending} label={t('account.twoFactor.turnOff')} onCancel={onCancel} />
    </form>
  );
}

function Section({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="card min-w-0 p-5 sm:p-6" aria-labelledby={headingId} data-testid="two-factor-card">
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
        {t('account.twoFactor.title')}
      </h2>
      {children}
    </section>
  );
}

/**
 * Two-step verification of the caller's own login: an authenticator app's code after the password
 * at every login. Optional for an employer; the admin keeps it once on (it may move to another app).
 */
export function TwoFactorCard({ canTurnOff }: { canTurnOff: boolean }) {
  const { t } = useTranslation();
  const status = useTwoFactor();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const idle = () => setStep({ name: 'idle' });

  if (status.isPending) {
    return (
      <Section>
        <Skeleton className="h-16 w-full" />
      </Section>
    );
  }
  if (status.isError) {
    return (
      <Section>
        <Alert tone="error">{translateError(status.error, t('account.failed'))}</Alert>
      </Section>
    );
  }
  const { enabled, recovery_codes_left: left } = status.data;
  return (
    <Section>
      <p className="mb-4 text-sm text-slate-700">{t('account.twoFactor.description')}</p>
      {step.name === 'password' ? (
        <PasswordStep onReady={(setup) => setStep({ name: 'scan', setup })} onCancel={idle} />
      ) : step.name === 'scan' ? (
        <ScanStep setup={step.setup} onEnabled={(codes) => setStep({ name: 'codes', codes })} onCancel={idle} />
      ) : step.name === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={idle} />
      ) : step.name === 'disable' ? (
        <DisableStep onDone={idle} onCancel={idle} />
      ) : (
        <div className="space-y-4">
          <Alert tone={enabled ? 'success' : 'info'}>
            {enabled ? t('account.twoFactor.on', { count: left }) : t('account.twoFactor.off')}
          </Alert>
          {enabled && left <= 3 ? <Alert tone="warning">{t('account.twoFactor.fewCodes')}</Alert> : null}
          {enabled && !canTurnOff ? (
            <p className="text-xs text-slate-600">{t('account.twoFactor.adminKeeps')}</p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="button" className="btn-primary" onClick={() => setStep({ name: 'password' })}>
              {enabled ? t('account.twoFactor.replace') : t('account.twoFactor.turnOn')}
            </button>
            {enabled && canTurnOff ? (
              <button type="button" className="btn-secondary" onClick={() => setStep({ name: 'disable' })}>
                {t('account.twoFactor.turnOff')}
              </button>
            ) : null}
          </div>
        </div>
      )}
    </Section>
  );
}
