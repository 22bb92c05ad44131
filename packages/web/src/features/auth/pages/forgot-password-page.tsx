import { zodResolver } from '@hookform/resolvers/zod';
import { messages, ZForgotPasswordRequest, ZResetPasswordRequest } from '@puna/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/alert';
import { CardPage } from '../../../components/card-page';
import { EmailField } from '../../../components/email-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useForgotPassword, useResetPassword } from '../api/password-reset';

/** The reset form: the code, the new password and its confirmation (checked here, not sent). */
const ZResetForm = ZResetPasswordRequest.omit({ email: true })
  // The admin's code of two-step verification, asked for only when the server wants it.
  .extend({ confirmPassword: z.string(), code2fa: z.string().optional() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    message: messages.newPasswordMismatch,
  });

/**
 * /forgot-password: the e-mail first (a code is mailed when it has a login), then the code with
 * the new password. Every session of the login ends; the person then logs in with the new password.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [email, setEmail] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsCode2fa, setNeedsCode2fa] = useState(false);

  const emailForm = useForm({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });
  const resetForm = useForm({
    resolver: zodResolver(ZResetForm),
    defaultValues: { code: '', newPassword: '', confirmPassword: '', code2fa: '' },
  });

  async function askForCode(address: string) {
    setError(null);
    setNotice(null);
    try {
      await forgot.mutateAsync({ email: address });
      setEmail(address);
      setNotice(t('forgot.codeSent', { email: address }));
    } catch (failure) {
      setError(translateError(failure, t('forgot.failed')));
    }
  }

  const onEmail = emailForm.handleSubmit((values) => askForCode(values.email));

  const onReset = resetForm.handleSubmit(async (values) => {
    if (!email) return;
    setError(null);
    try {
      const code2fa = values.code2fa?.trim() || undefined;
      await reset.mutateAsync({ email, code: values.code, newPassword: values.newPassword, code2fa });
      toast.success(t('forgot.done'));
      navigate('/login', { replace: true });
    } catch (failure) {
      setError(translateError(failure, t('forgot.failed')));
      // The admin's reset needs a code from the app too (the mailed one is used: a new one follows).
      const code = failure instanceof ApiError ? failure.code : undefined;
      if (code === 'adminResetCodeRequired' || code === 'twoFactorCodeWrong') setNeedsCode2fa(true);
    }
  });

  return (
    <CardPage
      title={t('forgot.title')}
      subtitle={email ? t('forgot.codeSubtitle') : t('forgot.subtitle')}
      back={{ to: '/login', label: t('forgot.backToLogin') }}
    >
      {email === null ? (
        <form onSubmit={onEmail} noValidate className="space-y-4">
          <EmailField error={emailForm.formState.errors.email?.message} {...emailForm.register('email')} />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <SubmitButton className="btn-primary w-full" pending={forgot.isPending}>
            {forgot.isPending ? t('forgot.sending') : t('forgot.send')}
          </SubmitButton>
        </form>
      ) : (
        <form onSubmit={onReset} noValidate className="space-y-4">
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          <TextField
            label={t('forgot.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={resetForm.formState.errors.code?.message}
            {...resetForm.register('code')}
          />
          <TextField
            label={t('forgot.newPassword')}
            type="password"
            autoComplete="new-password"
            error={resetForm.formState.errors.newPassword?.message}
            {...resetForm.register('newPassword')}
          />
          <TextField
            label={t('forgot.confirmPassword')}
            type="password"
            autoComplete="new-password"
            error={resetForm.formState.errors.confirmPassword?.message}
            {...resetForm.register('confirmPassword')}
          />
          {needsCode2fa ? (
            <TextField
              label={t('forgot.code2fa')}
              autoComplete="one-time-code"
              error={resetForm.formState.errors.code2fa?.message}
              {...resetForm.register('code2fa')}
            />
          ) : null}
          {needsCode2fa ? <p className="text-xs text-slate-600">{t('forgot.code2faHint')}</p> : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <SubmitButton className="btn-primary w-full" pending={reset.isPending}>
            {reset.isPending ? t('forgot.saving') : t('forgot.save')}
          </SubmitButton>
          <button
            type="button"
            className="btn-ghost w-full"
            disabled={forgot.isPending}
            onClick={() => void askForCode(email)}
          >
            {t('forgot.resend')}
          </button>
        </form>
      )}

      <div className="mt-6 text-sm">
        <Link to="/login" className="link">
          {t('forgot.backToLogin')}
        </Link>
      </div>
    </CardPage>
  );
}
