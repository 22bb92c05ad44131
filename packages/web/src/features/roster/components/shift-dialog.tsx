import { type TEmployee, type TShift, ZShiftInput } from '@puna/domain';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import { useDeleteShift, useSaveShift } from '../api/roster';

/** What the dialog opens on: a shift to change, or a new one's employee (null: open) and date. */
export type ShiftDraft = { shift: TShift } | { employeeId: number | null; date: string };

type ShiftDialogProps = {
  draft: ShiftDraft | null;
  employees: readonly TEmployee[];
  onClose: () => void;
};

/** Adds, changes or deletes one shift (employee or open, date, start, end, break, note). */
export function ShiftDialog({ draft, employees, onClose }: ShiftDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={draft !== null}
      onClose={onClose}
      title={draft && 'shift' in draft ? t('roster.dialog.editTitle') : t('roster.dialog.addTitle')}
    >
      {/* Keyed by what it opened on, so each opening starts from that shift's values. */}
      {draft ? (
        <ShiftForm
          key={'shift' in draft ? `shift-${draft.shift.id}` : `new-${draft.employeeId}-${draft.date}`}
          draft={draft}
          employees={employees}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ShiftForm({
  draft,
  employees,
  onClose,
}: {
  draft: ShiftDraft;
  employees: readonly TEmployee[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveShift();
  const remove = useDeleteShift();
  const shift = 'shift' in draft ? draft.shift : null;
  const [employee, setEmployee] = useState(
    String(shift ? (shift.employee_id ?? '') : ((draft as { employeeId: number | null }).employeeId ?? '')),
  );
  const [date, setDate] = useState(shift ? shift.date : (draft as { date: string }).date);
  const [start, setStart] = useState(shift?.start ?? '08:00');
  const [end, setEnd] = useState(shift?.end ?? '16:00');
  const [breakMinutes, setBreakMinutes] = useState(String(shift?.break_minutes ?? 0));
  const [note, setNote] = useState(shift?.note ?? '');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZShiftInput.safeParse({
      employee_id: employee === '' ? null : Number(employee),
      date,
      start,
      end,
      break_minutes: breakMinutes === '' ? 0 : Number(breakMinutes),
      note,
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setError(null);
    save.mutate(
      { id: shift?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('roster.dialog.saved'));
          onClose();
        },
        onError: (failure) => setError(translateError(failure, t('roster.dialog.failed'))),
      },
    );
  }

  function deleteShift() {
    if (!shift) return;
    setError(null);
    remove.mutate(shift.id, {
      onSuccess: () => {
        toast.success(t('roster.dialog.deleted'));
        onClose();
      },
      onError: (failure) => setError(translateError(failure, t('roster.dialog.deleteFailed'))),
    });
  }

  const busy = save.isPending || remove.isPending;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={shift ? t('roster.dialog.editTitle') : t('roster.dialog.addTitle')}
    >
      <SelectField
        label={t('roster.dialog.employee')}
        value={employee}
        error={fieldErrors.employee_id}
        onChange={(event) => setEmployee(event.target.value)}
      >
        <option value="">{t('roster.dialog.open')}</option>
        {employees.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </SelectField>
      <TextField
        type="date"
        label={t('roster.dialog.date')}
        value={date}
        required
        error={fieldErrors.date}
        onChange={(event) => setDate(event.target.value)}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          type="time"
          label={t('roster.dialog.start')}
          value={start}
          required
          error={fieldErrors.start}
          onChange={(event) => setStart(event.target.value)}
        />
        <TextField
          type="time"
          label={t('roster.dialog.end')}
          value={end}
          required
          error={fieldErrors.end}
          onChange={(event) => setEnd(event.target.value)}
        />
      </div>
      <p className="-mt-2 text-xs text-slate-600">{t('roster.dialog.endHint')}</p>
      <TextField
        type="number"
        inputMode="numeric"
        min={0}
        step={5}
        label={t('roster.dialog.break')}
        value={breakMinutes}
        error={fieldErrors.break_minutes}
        onChange={(event) => setBreakMinutes(event.target.value)}
      />
      <TextField
        label={t('roster.dialog.note')}
        value={note}
        maxLength={200}
        error={fieldErrors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      {fieldErrors.form ? <Alert tone="error">{translateMessage(fieldErrors.form)}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="dialog-actions flex flex-wrap justify-end gap-2">
        {shift ? (
          <button type="button" className="btn-danger mr-auto" disabled={busy} onClick={deleteShift}>
            {t('roster.dialog.delete')}
          </button>
        ) : null}
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('roster.dialog.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t('roster.dialog.save')}
        </button>
      </div>
    </form>
  );
}
