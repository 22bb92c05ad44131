import { Crown } from 'lucide-react';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n';
import { NextSteps } from '../components/next-steps';

/** /subscription/cancel: the employer cancelled at PayPal; nothing changed, and they may try again (docs/product.md#subscription). */
export function SubscriptionCancelPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('subscription.cancel.title')} />
      <section className="card max-w-2xl space-y-4 p-6">
        <Alert tone="warning">{t('subscription.cancel.text')}</Alert>
        <NextSteps
          primary={{ to: '/kryepuntor/premium', icon: Crown, label: t('subscription.cancel.retry') }}
          secondary={{ to: '/dashboard', label: t('subscription.cancel.back') }}
        />
      </section>
    </>
  );
}
