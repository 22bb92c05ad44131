import { blocksMonthClose, type TPayrollStatement } from '@puna/domain';
import { Lock, LockOpen } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../../components/toast';
import { formatTimestamp } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useCloseMonth } from '../api/close-month';
import { CloseDialog } from './close-dialog';
import { monthText } from './period-text';
import { ReopenDialog } from './reopen-dialog';

/** The month's state (Closed with its time, or Open) and the one action it allows: close or reopen. */
export function MonthStateBar({ statement }: { statement: TPayrollStatement }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const close = useCloseMonth();
  const [dialog, setDialog] = useState<'close' | 'reopen' | null>(null);
  const label = monthText(statement.month, i18n.language);

  function confirmClose(acknowledgeExceptions: boolean) {
    close.mutate(
      { month: statement.month, acknowledgeExceptions },
      {
        onSuccess: () => {
          setDialog(null);
          toast.success(t('monthClose.close.done', { month: label }));
        },
        onError: (error) => {
          setDialog(null);
          toast.error(translateError(error, t('monthClose.close.failed')));
        },
      },
    );
  }

  return (
    <section
      aria-label={t('monthClose.state.label')}
      className="card mb-5 flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        {statement.closed ? (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-800 px-3 py-1 text-sm font-semibold text-white">
            <Lock className="size-3.5" aria-hidden="true" />
            {t('monthClose.state.closed')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
            <LockOpen className="size-3.5" aria-hidden="true" />
            {t('monthClose.state.open')}
          </span>
        )}
        <span className="text-sm text-slate-600">
          {statement.closed && statement.closed_at
            ? t('monthClose.state.closedAt', { when: formatTimestamp(statement.closed_at, i18n.language) })
            : t('monthClose.state.openHint')}
        </span>
      </div>
      {statement.closed ? (
        <button type="button" className="btn-secondary" onClick={() => setDialog('reopen')}>
          <LockOpen className="size-4" aria-hidden="true" />
          {t('monthClose.reopen.button')}
        </button>
      ) : (
        <button type="button" className="btn-primary" onClick={() => setDialog('close')}>
          <Lock className="size-4" aria-hidden="true" />
          {t('monthClose.close.button')}
        </button>
      )}
      <CloseDialog
        open={dialog === 'close'}
        label={label}
        exceptions={statement.exceptions.filter((item) => blocksMonthClose(item.kind)).length}
        busy={close.isPending}
        onConfirm={confirmClose}
        onCancel={() => setDialog(null)}
      />
      <ReopenDialog month={statement.month} open={dialog === 'reopen'} onClose={() => setDialog(null)} />
    </section>
  );
}
