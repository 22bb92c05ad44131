import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  /** Validation message (translated when the locale knows it). */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** Labelled select with its error tied to it for screen readers (the TextField of choices). */
export function SelectField({ label, error, id, className = '', ref, children, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} error={error} id={id} className={className}>
      {(control) => (
        <select ref={ref} className="field-input" {...control} {...selectProps}>
          {children}
        </select>
      )}
    </Field>
  );
}
