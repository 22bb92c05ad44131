import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { translateMessage } from '../lib/i18n-errors';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  /** Validation message (translated when the locale knows it). */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** Labelled select with its error tied to it for screen readers (the TextField of choices). */
export function SelectField({ label, error, id, className = '', ref, children, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="field-label">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...selectProps}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
