import { type ReactNode, useId } from 'react';
import { translateMessage } from '../lib/i18n-errors';

/** What the control of a `Field` spreads on itself: its id, and its error tied to it for screen readers. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** Validation message (a domain schema sentence; translated when the locale knows it). */
  error?: string;
  /** The control's id; generated when not given. */
  id?: string;
  className?: string;
  /** The control (input, select, textarea), given the props that tie it to the label and the error. */
  children: (control: FieldControlProps) => ReactNode;
};

/** A form field's frame: the label, the control, and the control's error below it. */
export function Field({ label, error, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="field-label">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
