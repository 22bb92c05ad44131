import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { startPagePath } from '../../../lib/start-page';

/** Below the login and sign-up forms: back to the start page, and over to the other form. */
export function AuthLinks({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex items-center justify-between text-sm">
      <Link to={startPagePath()} className="link">
        {t('common.backToHome')}
      </Link>
      <Link to={to} className="link">
        {label}
      </Link>
    </div>
  );
}
