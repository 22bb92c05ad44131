import { zodResolver } from '@hookform/resolvers/zod';
import { homePathFor, ZLoginRequest } from '@puna/domain';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { CardPage } from '../../../components/card-page';
import { EmailField } from '../../../components/email-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useLogin } from '../api/login';
import { AuthLinks } from '../components/auth-links';
import { TwoFactorStep } from '../components/two-factor-step';
import { VerifyEmailModal } from '../components/verify-email-modal';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [needsVerification, setNeedsVerification] = useState(false);
  const [verifyOpen, setVerifyOpen] = useState(false);
  /** Two-step verification: the password was right, a code must follow. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setNeedsVerification(false);
    try {
      const result = await login.mutateAsync(values);
      if ('twoFactorRequired' in result) setChallenge(result.challenge);
      else navigate(result.redirectTo, { replace: true });
    } catch (failure) {
      setError(translateError(failure, t('login.failed')));
      // "Verify your e-mail first" is a 403 (its needsVerification flag may be stripped on the way).
      if (failure instanceof ApiError && (failure.status === 403 || failure.hasFlag('needsVerification'))) {
        setNeedsVerification(true);
      }
    }
  });

  // Already logged in: straight to the user's area (but not while this page's own login navigates).
  if (session.data?.user && !login.isPending && !login.isSuccess && challenge === null) {
    return <Navigate to={homePathFor(session.data.user)} replace />;
  }

  const submitting = formState.isSubmitting || login.isPending;
  if (challenge !== null) {
    return (
      <CardPage title={t('login.twoFactor.title')} subtitle={t('login.twoFactor.prompt')}>
        <TwoFactorStep
          challenge={challenge}
          onDone={(result) => navigate(result.redirectTo, { replace: true })}
          onRestart={() => {
            setChallenge(null);
            login.reset();
          }}
        />
      </CardPage>
    );
  }
  return (
    <CardPage title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <EmailField error={formState.errors.email?.message} {...register('email')} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 rounded accent-brand-700" {...register('rememberMe')} />
            {t('login.rememberMe')}
          </label>
          <Link to="/forgot-password" className="link text-sm">
            {t('login.forgotPassword')}
          </Link>
        </div>

        {error ? (
          <Alert tone="error">
            <p>{error}</p>
            {needsVerification ? (
              <button
                type="button"
                className="link mt-1.5 inline-flex items-center gap-1.5"
                onClick={() => setVerifyOpen(true)}
              >
                <MailCheck className="size-4" aria-hidden="true" />
                {t('login.verifyNow')}
              </button>
            ) : null}
          </Alert>
        ) : null}

        <SubmitButton className="btn-primary w-full" pending={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </SubmitButton>
      </form>

      <AuthLinks to="/signup" label={t('login.signUp')} />

      <VerifyEmailModal
        open={verifyOpen}
        onClose={() => setVerifyOpen(false)}
        email={getValues('email')}
        onVerified={(message) => {
          setVerifyOpen(false);
          setError(null);
          setNeedsVerification(false);
          toast.success(message);
        }}
      />
    </CardPage>
  );
}
