import { zodResolver } from '@hookform/resolvers/zod';
import { messages, ZEmail, ZVerifyRequest } from '@puna/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { EmailField } from '../../../components/email-field';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useResendCode } from '../api/resend-code';
import { useVerifyEmail } from '../api/verify-email';

type VerifyEmailModalProps = {
  open: boolean;
  onClose: () => void;
  /** E-mail to prefill (the one just signed up or tried to log in with). */
  email: string;
  /** Called once the e-mail is verified (and the owner signed in): the text to show, the area to open. */
  onVerified: (message: string, home: string | null) => void;
};

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** Enter the 6-digit code from the e-mail; can also ask for a new code. Used by sign-up and login. */
export function VerifyEmailModal({ open, onClose, email, onVerified }: VerifyEmailModalProps) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const resend = useResendCode();
  const [notice, setNotice] = useState<Notice>(null);
  const form = useForm({ resolver: zodResolver(ZVerifyRequest), defaultValues: { email, code: '' } });
  const { register, handleSubmit, formState, reset, getValues, setError } = form;

  useEffect(() => {
    if (open) {
      reset({ email, code: '' });
      setNotice(null);
    }
  }, [open, email, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const result = await verify.mutateAsync(values);
      // The page's language, not the server's English sentence (which still says "log in").
      onVerified(t('signup.verifySuccess'), result.home);
    } catch (error) {
      setNotice({ tone: 'error', text: translateError(error, t('signup.verifyFailed')) });
    }
  });

  async function onResend() {
    setNotice(null);
    const parsed = ZEmail.safeParse(getValues('email'));
    if (!parsed.success) {
      setError('email', { message: parsed.error.issues[0]?.message ?? messages.emailRequired });
      return;
    }
    try {
      const result = await resend.mutateAsync(parsed.data);
      setNotice({ tone: 'success', text: result.message || t('signup.codeResent') });
    } catch (error) {
      setNotice({ tone: 'error', text: translateError(error, t('signup.resendFailed')) });
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t('verify.title')} description={t('verify.description')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField error={formState.errors.email?.message} {...register('email')} />
        {/* The e-mail is already filled in: the code is what the person types next. */}
        <TextField
          data-autofocus
          label={t('verify.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
          error={formState.errors.code?.message}
          {...register('code')}
        />
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-between">
          <button type="button" className="btn-ghost" onClick={onResend} disabled={resend.isPending}>
            {resend.isPending ? <Spinner className="size-4" /> : null}
            {t('verify.resend')}
          </button>
          <SubmitButton className="btn-primary" pending={verify.isPending}>
            {verify.isPending ? t('verify.verifying') : t('verify.submit')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
