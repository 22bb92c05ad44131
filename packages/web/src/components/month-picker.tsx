import { useId } from 'react';

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
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="month"
        className="field-input w-auto"
        value={month}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
