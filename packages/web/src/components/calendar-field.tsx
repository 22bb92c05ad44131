import { useId } from 'react';

type CalendarFieldProps = {
  /** The field's label, already translated. */
  label: string;
  type: 'date' | 'month';
  /** YYYY-MM-DD for a date, YYYY-MM for a month. */
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

/** A labelled, required date or month input (the pickers of the lists and month screens). */
export function CalendarField({ label, type, value, onChange, className }: CalendarFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="field-input w-auto"
        value={value}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
