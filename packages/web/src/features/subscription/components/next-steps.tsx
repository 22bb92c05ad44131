import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

type NextStepsProps = {
  /** The suggested step: a primary link with an icon. */
  primary: { to: string; icon: LucideIcon; label: string };
  /** The other way out: a secondary link. */
  secondary: { to: string; label: string };
};

/** The two links under a subscription outcome (cancelled, or something went wrong). */
export function NextSteps({ primary, secondary }: NextStepsProps) {
  const Icon = primary.icon;
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={primary.to} className="btn-primary">
        <Icon className="size-4" aria-hidden="true" />
        {primary.label}
      </Link>
      <Link to={secondary.to} className="btn-secondary">
        {secondary.label}
      </Link>
    </div>
  );
}
