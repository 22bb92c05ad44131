import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { weekdayText } from '../../../lib/date-names';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useColleagues, useOfferSwap } from '../api/roster';
import { spanText } from './roster-parts';
import type { WorkerShift } from './shift-line';

/** Offers the worker's shift to a colleague it picks (`POST …/swap`); the colleague accepts, then the employer. */
export function SwapDialog({ shift, onClose }: { shift: WorkerShift | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal
      open={shift !== null}
      onClose={onClose}
      size="sm"
      title={t('roster.swap.title')}
      description={
        shift
          ? t('roster.swap.description', { day: weekdayText(shift.date, i18n.language), span: spanText(shift) })
          : null
      }
    >
      {shift ? <SwapForm key={shift.id} shift={shift} onClose={onClose} /> : null}
    </Modal>
  );
}

function SwapForm({ shift, onClose }: { shift: WorkerShift; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const colleagues = useColleagues();
  const offer = useOfferSwap();
  const [colleague, setColleague] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (colleague === '') {
      setProblem(t('roster.swap.pick'));
      return;
    }
    setProblem(null);
    offer.mutate(
      { shiftId: shift.id, employeeId: Number(colleague) },
      {
        onSuccess: () => {
          toast.success(t('roster.swap.sent'));
          onClose();
        },
      },
    );
  }

  if (colleagues.isError) {
    return (
      <Alert tone="error">
        <p>{t('roster.swap.loadFailed')}</p>
        <button type="button" className="link mt-1" onClick={() => colleagues.refetch()}>
          {t('roster.worker.retry')}
        </button>
      </Alert>
    );
  }
  if (!colleagues.data) return <Skeleton className="h-24 w-full" />;
  if (colleagues.data.length === 0) return <p className="text-sm text-slate-700">{t('roster.swap.none')}</p>;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('roster.swap.title')}>
      <SelectField
        label={t('roster.swap.colleague')}
        value={colleague}
        error={problem ?? undefined}
        onChange={(event) => {
          setColleague(event.target.value);
          setProblem(null);
        }}
      >
        <option value="">{t('roster.swap.choose')}</option>
        {colleagues.data.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </SelectField>
      <p className="text-xs text-slate-600">{t('roster.swap.how')}</p>
      {offer.isError ? <Alert tone="error">{translateError(offer.error, t('roster.swap.failed'))}</Alert> : null}
      <div className="dialog-actions flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('roster.dialog.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={offer.isPending}>
          {t('roster.swap.submit')}
        </button>
      </div>
    </form>
  );
}
