import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangePasswordRequest } from '@puna/domain';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ZodError } from 'zod';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import { useChangePassword } from '../../../lib/queries/change-password';
import { useWorkerName } from '../api/get-worker-name';

/** After a successful change the page returns to /datapuntoret after this long (docs/product.md#change-password). */
const REDIRECT_MS = 2000;

/** /change/password/{id}: the worker's own password, the current one checked by the server. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const worker = useWorkerName(id);
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/datapuntoret'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const save = handleSubmit((values) => {
    change.mutate(
      { id, currentPassword: values.currentPassword, newPassword: values.newPassword },
      { onSuccess: () => setDone(true) },
    );
  });
  // A new try starts clean: the last answer's error goes, even when the form stops this try itself.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    change.reset();
    return save(event);
  };

  // A refused lookup or an answer of the wrong shape vs. a failure to reach the server (docs/product.md#change-password).
  const loadError = worker.error
    ? worker.error instanceof ZodError || (worker.error instanceof ApiError && worker.error.status < 500)
      ? t('workerAccount.password.notFound')
      : t('workerAccount.password.fetchFailed')
    : !Number.isInteger(id) || id <= 0
      ? t('workerAccount.password.notFound')
      : null;
  const { errors } = formState;

  return (
    <>
      <PageHeader title={t('worker.screens.changePassword')} />
      <div className="card max-w-lg p-5 sm:p-6">
        {loadError ? (
          <Alert tone="error">{loadError}</Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {worker.isPending ? (
              <Skeleton className="h-[4.4rem] w-full" />
            ) : (
              <TextField
                label={t('workerAccount.password.name')}
                value={worker.data?.name ?? ''}
                readOnly
                className="[&_input]:bg-slate-50"
              />
            )}
            <TextField
              label={t('workerAccount.password.current')}
              type="password"
              autoComplete="current-password"
              error={translateMessage(errors.currentPassword?.message)}
              {...register('currentPassword')}
            />
            <TextField
              label={t('workerAccount.password.new')}
              type="password"
              autoComplete="new-password"
              error={translateMessage(errors.newPassword?.message)}
              {...register('newPassword')}
            />
            <TextField
              label={t('workerAccount.password.confirm')}
              type="password"
              autoComplete="new-password"
              error={translateMessage(errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            {change.isError ? (
              <Alert tone="error">{translateError(change.error, t('workerAccount.password.failed'))}</Alert>
            ) : null}
            {done ? <Alert tone="success">{t('workerAccount.password.updated')}</Alert> : null}
            <button type="submit" className="btn-primary w-full" disabled={change.isPending || done}>
              {change.isPending ? <Spinner className="size-4" /> : null}
              {change.isPending ? t('workerAccount.password.submitting') : t('workerAccount.password.submit')}
            </button>
          </form>
        )}
        <Link to="/datapuntoret" className="btn-ghost mt-4 w-full">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('workerAccount.password.back')}
        </Link>
      </div>
    </>
  );
}
