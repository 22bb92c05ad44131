import { CalendarField } from './calendar-field';

type MonthPickerProps = {
  /** The field's label, already translated. */
  label: string;
  /** YYYY-MM. */
  month: string;
  onChange: (month: string) => void;
  className?: string;
};

/** A screen's month field (an employee's hours, pay, the worker's own month). */
export function MonthPicker({ label, month, onChange, className }: MonthPickerProps) {
  return <CalendarField label={label} type="month" value={month} onChange={onChange} className={className} />;
}
