import { Crown, ListTodo, Lock, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { paymentSetup, usePaypalPlan } from '../api/get-paypal-plan';
import { PaypalSubscribeButton } from '../components/paypal-subscribe-button';
import { PremiumBenefits, PremiumPrice } from '../components/premium-benefits';

/** /kryepuntor/premium: 'Subscribe to Premium'; a button starts, then PayPal's button appears (docs/product.md#subscription). */
export function SubscribePage() {
  const { t } = useTranslation();
  const user = useSession().data?.user;
  const isPremium = user?.type === 'premium';

  return (
    <>
      <PageHeader title={t('subscription.page.title')} description={t('subscription.page.description')} />
      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="premium-plan-title" className="card p-6">
          <h2 id="premium-plan-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Crown className="size-5 text-amber-700" aria-hidden="true" />
            {t('subscription.page.planTitle')}
          </h2>
          <div className="mt-3">
            <PremiumPrice />
          </div>
          <div className="mt-5">
            <PremiumBenefits />
          </div>
        </section>

        <section aria-labelledby="premium-payment-title" className="card p-6">
          <h2 id="premium-payment-title" className="text-lg font-bold text-slate-900">
            {t('subscription.page.paymentTitle')}
          </h2>
          {isPremium ? (
            <PremiumActive />
          ) : user?.employerId == null ? (
            <Alert tone="info" className="mt-4">
              {t('subscription.page.noEmployer')}
            </Alert>
          ) : (
            <SubscribeSteps employerId={user.employerId} />
          )}
        </section>
      </div>
    </>
  );
}

/** docs/product.md#subscription: a premium account shows that the default list type is RFID. */
function PremiumActive() {
  const { t } = useTranslation();
  return (
    <div className="mt-4 space-y-3">
      <Alert tone="success">{t('subscription.page.alreadyPremium')}</Alert>
      <p className="text-sm text-slate-700">{t('subscription.page.rfidNote')}</p>
      <Link to="/kryepuntor/premium/listatype" className="btn-secondary">
        <ListTodo className="size-4" aria-hidden="true" />
        {t('subscription.page.chooseList')}
      </Link>
    </div>
  );
}

/** Initial → plan fetched → PayPal's button (docs/product.md#subscription); says so plainly when payments are not set up. */
function SubscribeSteps({ employerId }: { employerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [started, setStarted] = useState(false);
  const [paymentFailed, setPaymentFailed] = useState(false);
  const plan = usePaypalPlan(started);

  if (!started) {
    return (
      <div className="mt-3 space-y-4">
        <p className="text-sm text-slate-700">{t('subscription.page.paymentText')}</p>
        <button type="button" className="btn-primary w-full py-3 text-base sm:w-auto" onClick={() => setStarted(true)}>
          <Crown className="size-4" aria-hidden="true" />
          {t('subscription.page.start')}
        </button>
      </div>
    );
  }
  if (plan.isPending) {
    return (
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" />
        {t('subscription.page.preparing')}
      </p>
    );
  }
  if (plan.isError) {
    return (
      <Alert tone="error" className="mt-4">
        <p>{t('subscription.page.planFailed')}</p>
        <button type="button" className="btn-secondary mt-3 px-3 py-1.5" onClick={() => void plan.refetch()}>
          <RotateCw className="size-4" aria-hidden="true" />
          {t('subscription.page.retry')}
        </button>
      </Alert>
    );
  }
  const setup = paymentSetup(plan.data);
  if (!setup) {
    return (
      <Alert tone="info" className="mt-4">
        <p className="font-semibold">{t('subscription.page.notConfigured')}</p>
        <p className="mt-1">{t('subscription.page.adminCanGrant')}</p>
        <Link to="/contactus" className="link mt-2 inline-block">
          {t('subscription.page.contactUs')}
        </Link>
      </Alert>
    );
  }
  return (
    <div className="mt-4 space-y-4">
      {paymentFailed ? <Alert tone="error">{t('subscription.page.paymentFailed')}</Alert> : null}
      <PaypalSubscribeButton
        clientId={setup.clientId}
        planId={setup.planId}
        employerId={employerId}
        onApprove={(subscriptionId) =>
          navigate(
            `/subscription/success?${new URLSearchParams({ subscription_id: subscriptionId, status: 'APPROVED' })}`,
          )
        }
        onCancel={() => navigate('/subscription/cancel')}
        onError={(error) => {
          console.error('PayPal reported an error', error);
          setPaymentFailed(true);
        }}
      />
      <p className="flex items-center gap-2 text-xs text-slate-600">
        <Lock className="size-3.5" aria-hidden="true" />
        {t('subscription.page.secureNote')}
      </p>
    </div>
  );
}
