import { weekdayText } from '../lib/date-names';
import { useTranslation } from '../lib/i18n';
import { CalendarField } from './calendar-field';

type DayPickerProps = {
  /** The field's label, already translated. */
  label: string;
  /** YYYY-MM-DD. */
  date: string;
  onChange: (date: string) => void;
};

/** A list's date field with the chosen day's weekday beside it, in the screen's language (hours list, RFID list). */
export function DayPicker({ label, date, onChange }: DayPickerProps) {
  const { i18n } = useTranslation();
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <CalendarField label={label} type="date" value={date} onChange={onChange} />
      <p className="pb-2.5 text-sm font-medium text-slate-700">{weekdayText(date, i18n.language)}</p>
    </div>
  );
}
