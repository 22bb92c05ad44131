import type { ReactNode } from 'react';
import { Spinner } from './spinner';

type SubmitButtonProps = {
  className: string;
  /** While the form is being sent: a spinner stands in for the icon, and the button is disabled. */
  pending: boolean;
  /** Disabled otherwise too (defaults to `pending`). */
  disabled?: boolean;
  icon?: ReactNode;
  children: ReactNode;
};

/** A form's submit button, with a spinner while it is being sent. */
export function SubmitButton({ className, pending, disabled = pending, icon = null, children }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={disabled}>
      {pending ? <Spinner className="size-4" /> : icon}
      {children}
    </button>
  );
}
