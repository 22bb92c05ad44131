import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangeEmailRequest, ZChangePasswordRequest, ZConfirmEmailRequest } from '@puna/domain';
import { KeyRound, Mail } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import { useChangePassword } from '../../../lib/queries/change-password';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/change-email';
import { TwoFactorCard } from '../components/two-factor-card';

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card min-w-0 p-5 sm:p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The employer's own password: the current one, then the new one twice. Other sessions end. */
function PasswordCard({ employerId }: { employerId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const save = handleSubmit((values) => {
    change.mutate(
      { id: employerId, currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast.success(t('account.password.done'));
          reset();
        },
      },
    );
  });
  // A new try starts clean: the last answer's error goes, even when the form stops this try itself.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    change.reset();
    return save(event);
  };
  const { errors } = formState;
  return (
    <Section
      icon={<KeyRound className="size-5 text-brand-700" aria-hidden="true" />}
      title={t('account.password.title')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          error={translateMessage(errors.currentPassword?.message)}
          {...register('currentPassword')}
        />
        <TextField
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
          error={translateMessage(errors.newPassword?.message)}
          {...register('newPassword')}
        />
        <TextField
          label={t('account.password.confirm')}
          type="password"
          autoComplete="new-password"
          error={translateMessage(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <p className="text-xs text-slate-600">{t('account.password.hint')}</p>
        {change.isError ? <Alert tone="error">{translateError(change.error, t('account.failed'))}</Alert> : null}
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={change.isPending}>
          {change.isPending ? <Spinner className="size-4" /> : null}
          {change.isPending ? t('account.saving') : t('account.password.submit')}
        </button>
      </form>
    </Section>
  );
}

/** The login's e-mail: a code to the new address confirms the move. */
function EmailCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const request = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const [pending, setPending] = useState<string | null>(null);
  const requestForm = useForm({
    resolver: zodResolver(ZChangeEmailRequest),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const confirmForm = useForm({ resolver: zodResolver(ZConfirmEmailRequest), defaultValues: { code: '' } });

  const onRequest = requestForm.handleSubmit((values) => {
    request.mutate(values, {
      onSuccess: () => {
        setPending(values.newEmail);
        requestForm.reset();
      },
    });
  });
  const onConfirm = confirmForm.handleSubmit((values) => {
    confirm.mutate(values, {
      onSuccess: (result) => {
        toast.success(t('account.email.done', { email: result.email }));
        setPending(null);
        confirmForm.reset();
        request.reset();
      },
    });
  });

  return (
    <Section icon={<Mail className="size-5 text-brand-700" aria-hidden="true" />} title={t('account.email.title')}>
      <p className="mb-4 text-sm text-slate-700">
        {t('account.email.current')} <strong className="break-all text-slate-900">{email}</strong>
      </p>
      {pending === null ? (
        <form onSubmit={onRequest} noValidate className="space-y-4">
          <TextField
            label={t('account.email.new')}
            type="email"
            autoComplete="email"
            error={translateMessage(requestForm.formState.errors.newEmail?.message)}
            {...requestForm.register('newEmail')}
          />
          <TextField
            label={t('account.password.current')}
            type="password"
            autoComplete="current-password"
            error={translateMessage(requestForm.formState.errors.currentPassword?.message)}
            {...requestForm.register('currentPassword')}
          />
          {request.isError ? <Alert tone="error">{translateError(request.error, t('account.failed'))}</Alert> : null}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={request.isPending}>
            {request.isPending ? <Spinner className="size-4" /> : null}
            {request.isPending ? t('account.saving') : t('account.email.send')}
          </button>
        </form>
      ) : (
        <form onSubmit={onConfirm} noValidate className="space-y-4">
          <Alert tone="success">{t('account.email.codeSent', { email: pending })}</Alert>
          <TextField
            label={t('account.email.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={translateMessage(confirmForm.formState.errors.code?.message)}
            {...confirmForm.register('code')}
          />
          {confirm.isError ? <Alert tone="error">{translateError(confirm.error, t('account.failed'))}</Alert> : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" className="btn-primary" disabled={confirm.isPending}>
              {confirm.isPending ? <Spinner className="size-4" /> : null}
              {confirm.isPending ? t('account.saving') : t('account.email.confirm')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setPending(null)}>
              {t('account.email.cancel')}
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}

/** /kryepuntor/llogaria: the employer's own login, its password, its e-mail and its two-step verification. */
export function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.data?.user;
  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.description')} />
      {user ? (
        <div className="grid grid-cols-1 max-w-4xl gap-6 lg:grid-cols-2">
          <PasswordCard employerId={user.id} />
          <EmailCard email={user.email} />
          <TwoFactorCard canTurnOff />
        </div>
      ) : (
        <Spinner className="size-6" />
      )}
    </>
  );
}
