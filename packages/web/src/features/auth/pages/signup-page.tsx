import { zodResolver } from '@hookform/resolvers/zod';
import { ZSignupRequest } from '@puna/domain';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { CardPage } from '../../../components/card-page';
import { EmailField } from '../../../components/email-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../../../lib/storage';
import { useSignup } from '../api/signup';
import { AuthLinks } from '../components/auth-links';
import { VerifyEmailModal } from '../components/verify-email-modal';

type Notice = { tone: 'success' | 'error'; text: string } | null;

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const signup = useSignup();
  // An e-mail stored by an earlier sign-up means a code is waiting: open the modal straight away.
  const [pendingEmail, setPendingEmail] = useState(() => readStorage(storageKeys.pendingEmail) ?? '');
  const [verifyOpen, setVerifyOpen] = useState(() => pendingEmail !== '');
  const [signedUp, setSignedUp] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const { register, handleSubmit, formState, getValues } = useForm({
    resolver: zodResolver(ZSignupRequest),
    defaultValues: { email: pendingEmail, password: '', companyName: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await signup.mutateAsync(values);
      writeStorage(storageKeys.pendingEmail, values.email);
      setPendingEmail(values.email);
      setSignedUp(true);
      // The page's language, not the server's English sentence (issue 34).
      setNotice({ tone: 'success', text: t('signup.codeSent') });
      setVerifyOpen(true);
    } catch (error) {
      setNotice({ tone: 'error', text: translateError(error, t('signup.failed')) });
    }
  });

  function openVerify() {
    const typed = getValues('email').trim();
    if (typed) setPendingEmail(typed);
    setVerifyOpen(true);
  }

  // The code signs the new owner in: on to the dashboard and its first steps (issue 34).
  function onVerified(message: string, home: string | null) {
    removeStorage(storageKeys.pendingEmail);
    setVerifyOpen(false);
    toast.success(message);
    navigate(home ?? '/login', { replace: true });
  }

  const submitting = formState.isSubmitting || signup.isPending;
  return (
    <CardPage
      title={signedUp ? t('signup.verifyTitle') : t('signup.title')}
      subtitle={signedUp ? t('signup.verifySubtitle', { email: pendingEmail }) : t('signup.subtitle')}
    >
      {notice ? (
        <Alert tone={notice.tone} className="mb-4">
          {notice.text}
        </Alert>
      ) : null}

      {signedUp ? (
        <button type="button" className="btn-primary w-full" onClick={() => setVerifyOpen(true)}>
          <MailCheck className="size-4" aria-hidden="true" />
          {t('signup.verifyButton')}
        </button>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <EmailField
            error={formState.errors.email?.message}
            addon={
              <button type="button" className="btn-secondary shrink-0 px-3" onClick={openVerify}>
                {t('signup.verifyQuestion')}
              </button>
            }
            {...register('email')}
          />
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="new-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <TextField
            label={t('fields.companyName')}
            autoComplete="organization"
            error={formState.errors.companyName?.message}
            {...register('companyName')}
          />
          <SubmitButton className="btn-primary w-full" pending={submitting}>
            {submitting ? t('signup.submitting') : t('signup.submit')}
          </SubmitButton>
        </form>
      )}

      <AuthLinks to="/login" label={t('signup.backToLogin')} />

      <VerifyEmailModal
        open={verifyOpen}
        onClose={() => setVerifyOpen(false)}
        email={pendingEmail}
        onVerified={onVerified}
      />
    </CardPage>
  );
}
