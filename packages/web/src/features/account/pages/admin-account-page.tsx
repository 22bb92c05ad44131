import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n';
import { TwoFactorCard } from '../components/two-factor-card';

/**
 * /admin/account: the admin's own login. Its password is set with ADMIN_PASSWORD; here it gets two-step
 * verification, which it keeps once on (it may move to another app).
 */
export function AdminAccountPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.adminDescription')} />
      <div className="max-w-2xl">
        <TwoFactorCard canTurnOff={false} />
      </div>
    </>
  );
}
