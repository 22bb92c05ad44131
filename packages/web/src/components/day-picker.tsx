import { weekdayName } from '@puna/domain';
import { CalendarField } from './calendar-field';

type DayPickerProps = {
  /** The field's label, already translated. */
  label: string;
  /** YYYY-MM-DD. */
  date: string;
  onChange: (date: string) => void;
};

/** A list's date field with the chosen day's Albanian weekday beside it (hours list, RFID list). */
export function DayPicker({ label, date, onChange }: DayPickerProps) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <CalendarField label={label} type="date" value={date} onChange={onChange} />
      <p className="pb-2.5 text-sm font-medium text-slate-700">{weekdayName(date)}</p>
    </div>
  );
}
