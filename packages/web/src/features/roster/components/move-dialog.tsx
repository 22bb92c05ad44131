import type { TEmployee, TShift } from '@puna/domain';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { weekdayText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { spanText } from './roster-parts';
import { type ShiftPlace, useMoveShift } from './use-move-shift';

type MoveDialogProps = {
  shift: TShift | null;
  dates: readonly string[];
  employees: readonly TEmployee[];
  onClose: () => void;
};

/**
 * The keyboard's and the phone's way to drag: move a shift, or copy it, to another employee (or the
 * open shifts) and another day of the week shown — a sheet on a phone, a dialog on a desktop.
 */
export function MoveDialog({ shift, dates, employees, onClose }: MoveDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={shift !== null}
      onClose={onClose}
      title={shift ? t('roster.move.title', { span: spanText(shift) }) : ''}
      size="sm"
    >
      {shift ? <MoveForm key={shift.id} shift={shift} dates={dates} employees={employees} onClose={onClose} /> : null}
    </Modal>
  );
}

function MoveForm({ shift, dates, employees, onClose }: MoveDialogProps & { shift: TShift }) {
  const { t, i18n } = useTranslation();
  const move = useMoveShift();
  const [copy, setCopy] = useState(false);
  const [employee, setEmployee] = useState(String(shift.employee_id ?? ''));
  const [date, setDate] = useState(shift.date);
  const [error, setError] = useState<string | null>(null);
  const days = dates.includes(shift.date) ? dates : [shift.date, ...dates];

  function submit(event: FormEvent) {
    event.preventDefault();
    const place: ShiftPlace = { employeeId: employee === '' ? null : Number(employee), date };
    setError(null);
    move.run(shift, place, copy, { onDone: onClose, onError: setError });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={t('roster.move.title', { span: spanText(shift) })}
    >
      <fieldset>
        <legend className="field-label">{t('roster.move.what')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {[false, true].map((value) => (
            <label
              key={String(value)}
              className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${
                copy === value ? 'border-brand-600 bg-brand-50 font-semibold text-brand-900' : 'border-slate-200'
              }`}
            >
              <input
                type="radio"
                name="move-kind"
                checked={copy === value}
                onChange={() => setCopy(value)}
                className="size-4 accent-brand-600"
              />
              {value ? t('roster.move.copy') : t('roster.move.move')}
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField
        label={t('roster.dialog.employee')}
        value={employee}
        onChange={(event) => setEmployee(event.target.value)}
      >
        <option value="">{t('roster.dialog.open')}</option>
        {employees.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('roster.dialog.date')} value={date} onChange={(event) => setDate(event.target.value)}>
        {days.map((day) => (
          <option key={day} value={day}>
            {weekdayText(day, i18n.language)} {formatIsoDate(day)}
          </option>
        ))}
      </SelectField>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="dialog-actions flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('roster.dialog.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={move.isPending}>
          {copy ? t('roster.move.copySubmit') : t('roster.move.moveSubmit')}
        </button>
      </div>
    </form>
  );
}
