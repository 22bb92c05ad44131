import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './field';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  /** Validation message (a domain schema sentence; translated when the locale knows it). */
  error?: string;
  /** Something beside the input, e.g. the sign-up page's Verify? button. */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** Labelled input with its error tied to it for screen readers. */
export function TextField({ label, error, addon, id, className = '', ref, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} error={error} id={id} className={className}>
      {(control) => (
        <div className="flex gap-2">
          <input ref={ref} className="field-input" {...control} {...inputProps} />
          {addon}
        </div>
      )}
    </Field>
  );
}
