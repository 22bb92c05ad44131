import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useLogout } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';

/** Below Tailwind's `sm`: where a compact button shows its icon only. */
const ICON_ONLY_QUERY = '(max-width: 639px)';

type LogoutButtonProps = {
  /** Translation key of the label ('Logout' in the employer and worker areas, 'Sign Out' for admins). */
  labelKey?: 'shell.logout' | 'admin.signOut';
  /**
   * Hide the text below the sm breakpoint (icon only, still named for screen readers). There the
   * button sits beside the menu button, one slip of the thumb away, so it asks before logging out.
   */
  compact?: boolean;
  className?: string;
};

export function LogoutButton({ labelKey = 'shell.logout', compact = false, className = '' }: LogoutButtonProps) {
  const { t } = useTranslation();
  const logout = useLogout();
  const iconOnly = useMediaQuery(ICON_ONLY_QUERY) && compact;
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const label = t(labelKey);

  async function leave() {
    setBusy(true);
    await logout();
  }

  return (
    <>
      <button
        type="button"
        className={`btn-secondary px-3 ${className}`}
        disabled={busy}
        aria-label={compact ? label : undefined}
        onClick={() => (iconOnly ? setAsking(true) : void leave())}
      >
        <LogOut className="size-4" aria-hidden="true" />
        <span className={compact ? 'hidden sm:inline' : ''}>{label}</span>
      </button>
      {iconOnly ? (
        <ConfirmDialog
          open={asking}
          title={t('shell.logoutConfirm')}
          confirmLabel={label}
          cancelLabel={t('shell.logoutCancel')}
          tone="primary"
          busy={busy}
          onConfirm={() => void leave()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </>
  );
}
