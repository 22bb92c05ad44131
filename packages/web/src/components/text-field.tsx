import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { translateMessage } from '../lib/i18n-errors';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** Validation message (a domain schema sentence; translated when the locale knows it). */
  error?: string;
  /** Something beside the input, e.g. the sign-up page's Verify? button. */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** Labelled input with its error tied to it for screen readers. */
export function TextField({ label, error, addon, id, className = '', ref, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={ref}
          id={inputId}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
