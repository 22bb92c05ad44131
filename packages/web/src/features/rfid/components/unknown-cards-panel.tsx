import { CreditCard } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatTimestamp } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useAssignCard } from '../../../lib/queries/assign-card';
import type { TRfidWorker } from '../api/get-rfid-workers';
import { type TUnknownCard, useUnknownCards } from '../api/get-unknown-cards';
import { cardLabel } from './scan-range';

/**
 * Cards scanned that no worker holds, each with "assign to …". Shown only while there are some;
 * a new unknown card appears live (an `rfid_update` refetches the list).
 */
export function UnknownCardsPanel({ workers }: { workers: readonly TRfidWorker[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const cards = useUnknownCards();
  // The mutation lives here, not in the row: the assigned card's row goes away (the list is
  // refetched on `rfid_update`) possibly before the answer arrives, and the toast must still show.
  const assign = useAssignCard();
  const list = cards.data ?? [];

  function assignTo(uid: string, worker: TRfidWorker) {
    assign.mutate(
      { uid, employeeId: worker.id },
      {
        onSuccess: (result) => {
          toast.success(t('rfid.unknown.assigned', { name: worker.name }));
          // Scans in closed months stay unattributed (docs/product.md#month-close): said, not hidden.
          if (result.keptInClosedMonths > 0) {
            toast.info(
              t('rfid.unknown.keptInClosedMonths', {
                count: result.keptInClosedMonths,
                months: result.closedMonths.join(', '),
              }),
            );
          }
        },
        onError: (error) => toast.error(translateError(error, t('rfid.unknown.assignFailed'))),
      },
    );
  }

  if (list.length === 0) return null;
  return (
    <section aria-labelledby="unknown-cards-title" className="card mb-5 border-amber-300 bg-amber-50/40 p-4 sm:p-5">
      <h2 id="unknown-cards-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CreditCard className="size-5 text-amber-700" aria-hidden="true" />
        {t('rfid.unknown.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('rfid.unknown.description')}</p>
      <ul className="mt-4 space-y-2">
        {list.map((card) => (
          <UnknownCardRow
            key={card.uid}
            card={card}
            workers={workers}
            busy={assign.isPending && assign.variables?.uid === card.uid}
            onAssign={(worker) => assignTo(card.uid, worker)}
          />
        ))}
      </ul>
    </section>
  );
}

type UnknownCardRowProps = {
  card: TUnknownCard;
  workers: readonly TRfidWorker[];
  busy: boolean;
  onAssign: (worker: TRfidWorker) => void;
};

function UnknownCardRow({ card, workers, busy, onAssign }: UnknownCardRowProps) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const [employeeId, setEmployeeId] = useState('');
  const label = cardLabel(card.uid);
  const title =
    label.kind === 'pin' ? t('rfid.unknown.pin', { pin: label.value }) : t('rfid.unknown.card', { uid: label.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const worker = workers.find((candidate) => String(candidate.id) === employeeId);
    if (worker) onAssign(worker);
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <form
        onSubmit={submit}
        aria-label={title}
        className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between"
      >
        <div className="min-w-0">
          <p className="font-mono font-semibold break-all text-slate-900">{title}</p>
          <p className="text-xs text-slate-600">
            {t('rfid.unknown.scans', { count: card.scans })} ·{' '}
            {t('rfid.unknown.lastScan', { time: formatTimestamp(card.lastScan, i18n.language) })}
          </p>
        </div>
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1 sm:w-56 sm:flex-none">
            <label htmlFor={selectId} className="field-label text-xs">
              {t('rfid.unknown.assignTo')}
            </label>
            <select
              id={selectId}
              className="field-input"
              value={employeeId}
              onChange={(event) => setEmployeeId(event.target.value)}
            >
              <option value="" disabled>
                {t('rfid.unknown.choose')}
              </option>
              {workers.map((worker) => (
                <option key={worker.id} value={worker.id}>
                  {worker.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary" disabled={employeeId === '' || busy}>
            {busy ? <Spinner className="size-4" /> : null}
            {t('rfid.unknown.assign')}
          </button>
        </div>
      </form>
    </li>
  );
}
