import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useAssignCard } from '../../../lib/queries/assign-card';
import type { TRfidWorker } from '../api/get-rfid-workers';

type WorkerCardsProps = { workers: TRfidWorker[]; loading: boolean; failed: boolean };

/** Each worker's card, and a field to give them one (a new card replaces the old). */
export function WorkerCards({ workers, loading, failed }: WorkerCardsProps) {
  const { t } = useTranslation();
  if (failed) return <Alert tone="error">{t('rfid.cards.loadFailed')}</Alert>;
  return (
    <section aria-labelledby="worker-cards-title">
      <h2 id="worker-cards-title" className="text-lg font-semibold text-slate-900">
        {t('rfid.cards.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('rfid.cards.description')}</p>
      {loading ? (
        <div className="space-y-2" aria-busy="true">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-14 w-full rounded-xl" />
          ))}
        </div>
      ) : workers.length === 0 ? (
        <p className="card px-6 py-10 text-center text-slate-600">{t('rfid.cards.empty')}</p>
      ) : (
        <ul className="card divide-y divide-slate-100">
          {workers.map((worker) => (
            <WorkerCardRow key={worker.id} worker={worker} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WorkerCardRow({ worker }: { worker: TRfidWorker }) {
  const { t } = useTranslation();
  const toast = useToast();
  const assign = useAssignCard();
  const [uid, setUid] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!uid.trim()) return;
    assign.mutate(
      { uid: uid.trim(), employeeId: worker.id },
      {
        onSuccess: (result) => {
          toast.success(t('rfid.cards.saved', { name: worker.name }));
          // Scans in closed months stay unattributed (docs/product.md#month-close): said, not hidden.
          if (result.keptInClosedMonths > 0) {
            toast.info(
              t('rfid.unknown.keptInClosedMonths', {
                count: result.keptInClosedMonths,
                months: result.closedMonths.join(', '),
              }),
            );
          }
          setUid('');
        },
        onError: (error) => toast.error(translateError(error, t('rfid.cards.failed'))),
      },
    );
  }

  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold wrap-anywhere text-slate-900">{worker.name}</p>
        <p className="text-sm">
          <span className="text-slate-600">{t('rfid.cards.card')}: </span>
          {worker.rfid ? (
            <span className="font-mono font-medium wrap-anywhere text-slate-900">{worker.rfid}</span>
          ) : (
            <span className="text-slate-500">{t('rfid.cards.noCard')}</span>
          )}
        </p>
      </div>
      <form onSubmit={submit} className="flex shrink-0 gap-2">
        <input
          className="field-input font-mono sm:w-48"
          value={uid}
          onChange={(event) => setUid(event.target.value)}
          placeholder={t('rfid.cards.newCardPlaceholder')}
          aria-label={t('rfid.cards.newCard', { name: worker.name })}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="btn-secondary shrink-0" disabled={!uid.trim() || assign.isPending}>
          {assign.isPending ? <Spinner className="size-4" /> : null}
          {t('rfid.cards.save')}
        </button>
      </form>
    </li>
  );
}
