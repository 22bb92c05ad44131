import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** The admin chunk: the shell and the employers screen. */
export { AdminShell } from '../layouts/admin-shell';

export function AdminEmployersComingSoon() {
  const { t } = useTranslation();
  return <ComingSoon screen={t('admin.screens.employers')} />;
}
