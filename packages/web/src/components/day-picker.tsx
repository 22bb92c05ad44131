import { weekdayName } from '@puna/domain';
import { useId } from 'react';

type DayPickerProps = {
  /** The field's label, already translated. */
  label: string;
  /** YYYY-MM-DD. */
  date: string;
  onChange: (date: string) => void;
};

/** A list's date field with the chosen day's Albanian weekday beside it (hours list, RFID list). */
export function DayPicker({ label, date, onChange }: DayPickerProps) {
  const id = useId();
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <input
          id={id}
          type="date"
          className="field-input w-auto"
          value={date}
          required
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p className="pb-2.5 text-sm font-medium text-slate-700">{weekdayName(date)}</p>
    </div>
  );
}
