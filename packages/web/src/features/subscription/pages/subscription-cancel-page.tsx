import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n';

/** /subscription/cancel: the employer cancelled at PayPal; nothing changed, and they may try again (docs/product.md#subscription). */
export function SubscriptionCancelPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('subscription.cancel.title')} />
      <section className="card max-w-2xl space-y-4 p-6">
        <Alert tone="warning">{t('subscription.cancel.text')}</Alert>
        <div className="flex flex-wrap gap-2">
          <Link to="/kryepuntor/premium" className="btn-primary">
            <Crown className="size-4" aria-hidden="true" />
            {t('subscription.cancel.retry')}
          </Link>
          <Link to="/dashboard" className="btn-secondary">
            {t('subscription.cancel.back')}
          </Link>
        </div>
      </section>
    </>
  );
}
