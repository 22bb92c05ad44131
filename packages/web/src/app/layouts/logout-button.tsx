import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useLogout } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';

type LogoutButtonProps = {
  /** Translation key of the label ('Logout' in the employer and worker areas, 'Sign Out' for admins). */
  labelKey?: 'shell.logout' | 'admin.signOut';
  /** Hide the text below the sm breakpoint (icon only, still named for screen readers). */
  compact?: boolean;
  className?: string;
};

export function LogoutButton({ labelKey = 'shell.logout', compact = false, className = '' }: LogoutButtonProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const label = t(labelKey);
  return (
    <button
      type="button"
      className={`btn-secondary px-3 ${className}`}
      disabled={busy}
      aria-label={compact ? label : undefined}
      onClick={async () => {
        setBusy(true);
        await logout();
      }}
    >
      <LogOut className="size-4" aria-hidden="true" />
      <span className={compact ? 'hidden sm:inline' : ''}>{label}</span>
    </button>
  );
}
