import type { THoursEntry, THoursOnLeave } from '@puna/domain';
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useDeleteHoursEntries } from '../api/delete-hours-entries';
import { useDeleteHoursEntry } from '../api/delete-hours-entry';
import { useDayHours } from '../api/get-day-hours';
import { HoldDeleteButton } from './hold-delete-button';
import { HoursTable, LeaveBadge } from './hours-table';
import { UndoDeleteBar } from './undo-delete-bar';
import { useUndoableDelete } from './use-undoable-delete';

type Pending = { kind: 'selected'; ids: number[] } | { kind: 'one'; entry: THoursEntry } | null;

/**
 * One day of the hours list with selection and the three ways to delete: one row, the selected
 * rows (confirmed), or every row of the day (hold Delete for a second; undoable for 10 s).
 */
export function DayHours({ date }: { date: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const hintId = useId();
  const day = useDayHours(date);
  const deleteMany = useDeleteHoursEntries();
  const deleteOne = useDeleteHoursEntry();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const held = useUndoableDelete({
    onDeleted: () => setSelected(new Set()),
    onFailed: (error) => toast.error(translateError(error, t('hours.list.deleteFailed'))),
  });

  // Rows of a held delete leave the list at once; Undo brings them back untouched.
  const hidden = new Set(held.pending?.ids ?? []);
  const entries = (day.data?.entries ?? []).filter((entry) => !hidden.has(entry.id));
  const onLeave = day.data?.onLeave ?? [];
  const leaveOf = new Map<number, THoursOnLeave>(onLeave.map((leave) => [leave.worker_id, leave]));
  // On leave with no hours that day: listed under the table.
  const withEntry = new Set((day.data?.entries ?? []).map((entry) => entry.worker_id));
  const leaveOnly = onLeave.filter((leave) => !withEntry.has(leave.worker_id));
  // Only rows still on screen count as selected (another tab may have deleted some).
  const selectedIds = entries.filter((entry) => selected.has(entry.id)).map((entry) => entry.id);
  const allSelected = entries.length > 0 && selectedIds.length === entries.length;

  function toggle(id: number) {
    setNotice(null);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setNotice(null);
    setSelected(allSelected ? new Set() : new Set(entries.map((entry) => entry.id)));
  }

  function remove(ids: number[]) {
    deleteMany.mutate(ids, {
      onSuccess: (deleted) => {
        toast.success(t('hours.list.deleted', { count: deleted }));
        setSelected(new Set());
        setPending(null);
      },
      onError: (error) => {
        toast.error(translateError(error, t('hours.list.deleteFailed')));
        setPending(null);
      },
    });
  }

  function confirmPending() {
    if (!pending) return;
    if (pending.kind === 'selected') {
      remove(pending.ids);
      return;
    }
    const { entry } = pending;
    deleteOne.mutate(entry.id, {
      onSuccess: () => {
        toast.success(t('hours.list.deleted', { count: 1 }));
        setPending(null);
      },
      onError: (error) => {
        toast.error(translateError(error, t('hours.list.deleteFailed')));
        setPending(null);
      },
    });
  }

  if (day.isError) return <Alert tone="error">{translateError(day.error, t('hours.list.loadFailed'))}</Alert>;

  const hasRows = day.isPending || entries.length > 0;
  return (
    <div className="space-y-3">
      {hasRows ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="inline-flex min-h-10 items-center gap-2.5 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              className="size-4 rounded accent-brand-700"
              checked={allSelected}
              disabled={day.isPending}
              onChange={toggleAll}
            />
            {t('hours.list.selectAll')}
            {selectedIds.length > 0 ? (
              <span className="text-slate-600">({t('hours.list.selected', { count: selectedIds.length })})</span>
            ) : null}
          </label>
          <HoldDeleteButton
            describedBy={hintId}
            idle={selectedIds.length === 0}
            holdingLabel={t('hours.list.holding')}
            disabled={day.isPending}
            busy={deleteMany.isPending}
            onClick={() => {
              if (selectedIds.length === 0) setNotice(t('hours.list.selectFirst'));
              else setPending({ kind: 'selected', ids: selectedIds });
            }}
            onHold={() => {
              setNotice(null);
              if (entries.length > 0) held.schedule(entries.map((entry) => entry.id));
            }}
          >
            {t('hours.list.bulkDelete')}
          </HoldDeleteButton>
        </div>
      ) : null}
      {hasRows ? (
        <p id={hintId} className="text-xs text-slate-600">
          {t('hours.list.holdHint')}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="text-sm font-medium text-amber-900">
          {notice}
        </p>
      ) : null}

      {hasRows ? (
        <div aria-busy={day.isPending}>
          <HoursTable
            entries={entries}
            loading={day.isPending}
            selected={selected}
            leave={leaveOf}
            onToggle={toggle}
            onDelete={(entry) => setPending({ kind: 'one', entry })}
          />
        </div>
      ) : (
        <p className="card px-6 py-10 text-center text-slate-600">{t('hours.list.empty')}</p>
      )}

      {leaveOnly.length > 0 ? (
        <section className="card px-4 py-3" aria-labelledby={`${hintId}-leave`}>
          <h2 id={`${hintId}-leave`} className="text-sm font-semibold text-slate-900">
            {t('hours.list.onLeaveTitle', { count: leaveOnly.length })}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2" data-testid="hours-on-leave">
            {leaveOnly.map((leave) => (
              <li
                key={leave.worker_id}
                className="inline-flex max-w-full flex-wrap items-center gap-2 text-sm text-slate-800"
              >
                <span className="min-w-0 font-medium wrap-anywhere">{leave.name}</span>
                <LeaveBadge leave={leave} className="max-w-full wrap-anywhere" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <UndoDeleteBar
        pending={held.pending}
        onUndo={() => {
          const count = held.pending?.ids.length ?? 0;
          held.undo();
          toast.success(t('hours.list.restored', { count }));
        }}
      />

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'one'
            ? t('hours.list.deleteOneConfirm', { name: pending.entry.name })
            : t('hours.list.bulkConfirm', { count: pending?.kind === 'selected' ? pending.ids.length : 0 })
        }
        confirmLabel={t('hours.list.confirmDelete')}
        cancelLabel={t('hours.list.cancel')}
        busy={deleteMany.isPending || deleteOne.isPending}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
