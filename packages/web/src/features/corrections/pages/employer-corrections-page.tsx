import type { TCorrectionStatus, TEmployerCorrection } from '@puna/domain';
import { type ReactNode, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { Skeleton } from '../../../components/skeleton';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useDecideCorrection, useEmployerCorrections } from '../api/corrections';
import { StatusBadge } from '../components/status-badge';

/**
 * /kryepuntor/korrigjimet (docs/product.md#missed-punches): the workers' "I forgot to scan"
 * requests, pending first by default, each with the day's scans as they stand, to approve or decline.
 */
export function EmployerCorrectionsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TCorrectionStatus | 'all'>('pending');
  const list = useEmployerCorrections(status === 'all' ? undefined : status);

  let body: ReactNode;
  if (list.isError) {
    body = (
      <Alert tone="error">
        <p>{t('corrections.employer.loadFailed')}</p>
        <button type="button" className="link mt-1" onClick={() => list.refetch()}>
          {t('corrections.employer.retry')}
        </button>
      </Alert>
    );
  } else if (!list.data) {
    body = (
      <ul className="grid gap-3 md:grid-cols-2" aria-hidden="true">
        {[0, 1].map((index) => (
          <li key={index} className="card space-y-2 p-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-3 w-56" />
            <Skeleton className="h-9 w-full" />
          </li>
        ))}
      </ul>
    );
  } else if (list.data.corrections.length === 0) {
    body = <p className="card px-4 py-8 text-center text-sm text-slate-600">{t('corrections.employer.empty')}</p>;
  } else {
    body = (
      <ul className="grid gap-3 md:grid-cols-2">
        {list.data.corrections.map((correction) => (
          <CorrectionCard key={correction.id} correction={correction} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={t('corrections.employer.title')}
        description={t('corrections.employer.description')}
        actions={
          <SelectField
            label={t('corrections.employer.filter')}
            value={status}
            onChange={(event) => setStatus(event.target.value as TCorrectionStatus | 'all')}
            className="w-full sm:w-48"
          >
            {(['pending', 'approved', 'declined', 'all'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`corrections.status.${value}`)}
              </option>
            ))}
          </SelectField>
        }
      />
      <div aria-busy={list.isPending}>{body}</div>
    </>
  );
}

/** One request with the day as it stands; a pending one with the answer's note, Approve and Decline (the requests inbox shows it too). */
export function CorrectionCard({ correction }: { correction: TEmployerCorrection }) {
  const { t } = useTranslation();
  const toast = useToast();
  const decide = useDecideCorrection();
  const [note, setNote] = useState('');
  const noteId = useId();
  const scans =
    correction.first_scan === null
      ? t('corrections.employer.noScans')
      : t('corrections.employer.scansNow', { range: `${correction.first_scan} – ${correction.last_scan ?? '…'}` });

  function answer(status: 'approved' | 'declined') {
    // The answered card leaves the pending list (the decision refetches it) before a `mutate`
    // callback would run, and an unmounted card's callbacks never do: the promise still settles.
    decide.mutateAsync({ id: correction.id, status, ...(note.trim() ? { note: note.trim() } : {}) }).then(
      () => toast.success(t(`corrections.employer.${status}`)),
      () => {}, // shown by `decide.isError` while the card is there
    );
  }

  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="employer-correction">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-slate-900">
            {correction.name}
            {correction.unread ? (
              <span className="ml-2 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                {t('corrections.employer.new')}
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-700 tabular-nums">
            {formatIsoDate(correction.date)} · {t(`corrections.asked.${correction.kind}`, { time: correction.time })}
          </p>
          <p className="text-xs text-slate-600 tabular-nums">{scans}</p>
        </div>
        <StatusBadge status={correction.status} />
      </div>
      {correction.note ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm wrap-anywhere text-slate-700">{correction.note}</p>
      ) : null}
      {correction.decision_note ? (
        <p className="text-sm wrap-anywhere text-slate-600">
          {t('corrections.worker.answer', { note: correction.decision_note })}
        </p>
      ) : null}
      {correction.status === 'pending' ? (
        <>
          {decide.isError ? (
            <Alert tone="error">{translateError(decide.error, t('corrections.employer.failed'))}</Alert>
          ) : null}
          <TextField
            id={noteId}
            label={t('corrections.employer.noteLabel')}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              className="btn-secondary"
              disabled={decide.isPending}
              onClick={() => answer('declined')}
            >
              {t('corrections.employer.decline')}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={decide.isPending}
              onClick={() => answer('approved')}
            >
              {t('corrections.employer.approve')}
            </button>
          </div>
        </>
      ) : null}
    </li>
  );
}
