import { isConfirmedSubscriptionStatus, PAYMENTS_NOT_CONFIGURED_MESSAGE } from '@puna/domain';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutDashboard, LifeBuoy, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { listTypeKey } from '../../../lib/queries/get-list-type';
import { useConfirmSubscription } from '../api/confirm-subscription';
import { NextSteps } from '../components/next-steps';

/**
 * /subscription/success?subscription_id=&status=: the server asks PayPal, and only a confirmed
 * (ACTIVE or APPROVED) subscription makes the account premium (docs/product.md#subscription).
 */
export function SubscriptionSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const subscriptionId = params.get('subscription_id')?.trim() || null;
  const returnStatus = params.get('status')?.trim().toUpperCase() || null;
  // A return status that is not a confirmation needs no question to PayPal: it was not approved.
  const returnedApproved = returnStatus === null || isConfirmedSubscriptionStatus(returnStatus);
  const confirmation = useConfirmSubscription(subscriptionId && returnedApproved ? subscriptionId : null);
  const queryClient = useQueryClient();
  const confirmed = confirmation.data?.premium === true && isConfirmedSubscriptionStatus(confirmation.data.status);

  useEffect(() => {
    if (!confirmed) return;
    // The plan changed: the session (user.type) and the list type follow.
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    void queryClient.invalidateQueries({ queryKey: listTypeKey });
  }, [confirmed, queryClient]);

  let body: ReactNode;
  if (!subscriptionId) {
    body = <SupportError text={t('subscription.success.missingId')} />;
  } else if (!returnedApproved) {
    body = <SupportError text={t('subscription.success.notApproved', { status: returnStatus })} id={subscriptionId} />;
  } else if (confirmation.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4" />
        {t('subscription.success.checking')}
      </p>
    );
  } else if (confirmation.isError) {
    const serverMessage = confirmation.error instanceof ApiError ? confirmation.error.serverMessage : '';
    // The one refusal the page can put in the reader's language; others are the server's sentence.
    const reason =
      serverMessage === PAYMENTS_NOT_CONFIGURED_MESSAGE ? t('subscription.page.notConfigured') : serverMessage;
    body = <SupportError text={t('subscription.success.verifyFailed')} detail={reason} id={subscriptionId} />;
  } else if (confirmed) {
    body = (
      <div className="space-y-4">
        <Alert tone="success">
          <p className="font-semibold">{t('subscription.success.confirmed')}</p>
          <p className="mt-1">{t('subscription.page.rfidNote')}</p>
        </Alert>
        <Link to="/dashboard" replace className="btn-primary">
          <LayoutDashboard className="size-4" aria-hidden="true" />
          {t('subscription.success.goToDashboard')}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <Alert tone="warning">
          <p>{t('subscription.success.pending', { status: confirmation.data.status })}</p>
          <p className="mt-1 text-xs">{t('subscription.success.subscriptionId', { id: subscriptionId })}</p>
        </Alert>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            disabled={confirmation.isFetching}
            onClick={() => void confirmation.refetch()}
          >
            {confirmation.isFetching ? (
              <Spinner className="size-4" />
            ) : (
              <RotateCw className="size-4" aria-hidden="true" />
            )}
            {t('subscription.success.checkAgain')}
          </button>
          <Link to="/dashboard" className="btn-ghost">
            {t('subscription.success.goToDashboard')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('subscription.success.title')} />
      <section className="card max-w-2xl p-6">{body}</section>
    </>
  );
}

/** Something went wrong after a possible payment: say so, and point to support. */
function SupportError({ text, detail, id }: { text: string; detail?: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <Alert tone="error">
        <p>{text}</p>
        {detail ? <p className="mt-1">{detail}</p> : null}
        {id ? <p className="mt-1 text-xs">{t('subscription.success.subscriptionId', { id })}</p> : null}
      </Alert>
      <NextSteps
        primary={{ to: '/contactus', icon: LifeBuoy, label: t('subscription.success.contactSupport') }}
        secondary={{ to: '/kryepuntor/premium', label: t('subscription.success.backToPremium') }}
      />
    </div>
  );
}
