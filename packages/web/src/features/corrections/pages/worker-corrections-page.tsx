import { zodResolver } from '@hookform/resolvers/zod';
import { type TCorrectionRequestInput, todayIn, ZCorrectionRequestInput } from '@puna/domain';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import { useOwnCorrections, useRequestCorrection } from '../api/corrections';
import { StatusBadge } from '../components/status-badge';

type TFormInput = z.input<typeof ZCorrectionRequestInput>;

/**
 * /datapuntoret/korrigjimet (docs/product.md#missed-punches): "I forgot to scan" — the form (date,
 * in or out, time, note) and the worker's own requests with their answers. Phone first: one column.
 */
export function WorkerCorrectionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('corrections.worker.title')} description={t('corrections.worker.description')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
        <CorrectionForm />
        <OwnCorrections />
      </div>
    </>
  );
}

function CorrectionForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const request = useRequestCorrection();
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const { register, handleSubmit, formState, reset, watch } = useForm<TFormInput, unknown, TCorrectionRequestInput>({
    resolver: zodResolver(ZCorrectionRequestInput),
    defaultValues: { date: today, kind: 'out', time: '', note: '' },
  });
  const errors = formState.errors;
  const kind = watch('kind');

  function send(values: TCorrectionRequestInput) {
    request.mutate(values, {
      onSuccess: () => {
        toast.success(t('corrections.worker.sent'));
        reset({ date: values.date, kind: values.kind, time: '', note: '' });
      },
    });
  }

  return (
    <form onSubmit={handleSubmit(send)} noValidate className="card space-y-4 p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t('corrections.worker.formTitle')}</h2>
      {request.isError ? (
        <Alert tone="error">
          {/* Only the employer can reopen a month: the worker is told to ask (the employer's screens say "reopen"). */}
          {request.error instanceof ApiError && request.error.code === 'monthClosed'
            ? t('corrections.worker.monthClosed')
            : translateError(request.error, t('corrections.worker.failed'))}
        </Alert>
      ) : null}
      <TextField
        label={t('corrections.worker.date')}
        type="date"
        max={today}
        error={errors.date?.message ? translateMessage(errors.date.message) : undefined}
        {...register('date')}
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('corrections.worker.kind')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['in', 'out'] as const).map((value) => (
            <label
              key={value}
              className={`flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-semibold ${
                kind === value
                  ? 'border-brand-600 bg-brand-50 text-brand-900'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              <input type="radio" value={value} className="sr-only" {...register('kind')} />
              {t(`corrections.kind.${value}`)}
            </label>
          ))}
        </div>
        {errors.kind?.message ? (
          <p className="mt-1 text-sm text-red-700">{translateMessage(errors.kind.message)}</p>
        ) : null}
      </fieldset>
      <TextField
        label={t('corrections.worker.time')}
        type="time"
        error={errors.time?.message ? translateMessage(errors.time.message) : undefined}
        {...register('time')}
      />
      <TextField
        label={t('corrections.worker.note')}
        placeholder={t('corrections.worker.notePlaceholder')}
        maxLength={500}
        error={errors.note?.message ? translateMessage(errors.note.message) : undefined}
        {...register('note')}
      />
      <button type="submit" className="btn-primary w-full" disabled={request.isPending}>
        {request.isPending ? <Spinner className="size-4" /> : null}
        {t('corrections.worker.send')}
      </button>
    </form>
  );
}

function OwnCorrections() {
  const { t } = useTranslation();
  const list = useOwnCorrections();
  let body: ReactNode;
  if (list.isError) {
    body = (
      <Alert tone="error">
        <p>{t('corrections.worker.loadFailed')}</p>
        <button type="button" className="link mt-1" onClick={() => list.refetch()}>
          {t('corrections.worker.retry')}
        </button>
      </Alert>
    );
  } else if (!list.data) {
    body = (
      <ul className="space-y-3" aria-hidden="true">
        {[0, 1].map((index) => (
          <li key={index} className="card space-y-2 p-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-3 w-56" />
          </li>
        ))}
      </ul>
    );
  } else if (list.data.corrections.length === 0) {
    body = <p className="card px-4 py-8 text-center text-sm text-slate-600">{t('corrections.worker.empty')}</p>;
  } else {
    body = (
      <ul className="space-y-3">
        {list.data.corrections.map((correction) => (
          <li key={correction.id} className="card p-4" data-testid="own-correction">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900 tabular-nums">
                  {formatIsoDate(correction.date)} ·{' '}
                  {t(`corrections.asked.${correction.kind}`, { time: correction.time })}
                </p>
                {correction.note ? (
                  <p className="mt-1 text-sm wrap-anywhere text-slate-600">{correction.note}</p>
                ) : null}
              </div>
              <StatusBadge status={correction.status} />
            </div>
            {correction.decision_note ? (
              <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm wrap-anywhere text-slate-700">
                {t('corrections.worker.answer', { note: correction.decision_note })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="own-corrections" aria-busy={list.isPending}>
      <h2 id="own-corrections" className="mb-3 text-lg font-semibold text-slate-900">
        {t('corrections.worker.listTitle')}
      </h2>
      {body}
    </section>
  );
}
