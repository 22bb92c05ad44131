import { zodResolver } from '@hookform/resolvers/zod';
import { ZTwoFactorCode } from '@puna/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import type { TLoginResponse } from '../api/login';
import { useLoginWithCode } from '../api/login-two-factor';

const ZCodeForm = z.strictObject({ code: ZTwoFactorCode });

/** The login's second step: a code from the authenticator app, or a recovery code. */
export function TwoFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  onDone: (result: TLoginResponse) => void;
  /** Back to the password: the challenge expired, was used up, or the user wants out. */
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const login = useLoginWithCode();
  const [error, setError] = useState<string | null>(null);
  const [spent, setSpent] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZCodeForm),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    setError(null);
    try {
      onDone(await login.mutateAsync({ challenge, code }));
    } catch (failure) {
      setError(translateError(failure, t('login.failed')));
      // An expired or used-up challenge cannot take another code: the password comes first again.
      const code = failure instanceof ApiError ? failure.code : undefined;
      if (code === 'twoFactorChallengeInvalid' || code === 'twoFactorChallengeTooMany') setSpent(true);
    }
  });
  const submitting = formState.isSubmitting || login.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="two-factor-step">
      <TextField
        label={t('login.twoFactor.code')}
        autoComplete="one-time-code"
        autoFocus
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <p className="text-xs text-slate-600">{t('login.twoFactor.recoveryHint')}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {spent ? null : (
        <SubmitButton className="btn-primary w-full" pending={submitting}>
          {submitting ? t('login.submitting') : t('login.twoFactor.submit')}
        </SubmitButton>
      )}
      <button type="button" className="btn-secondary w-full" onClick={onRestart}>
        {t('login.twoFactor.back')}
      </button>
    </form>
  );
}
