import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/i18n';
import { loadPaypalSdk, type PaypalButtons } from './load-paypal-sdk';

type PaypalSubscribeButtonProps = {
  clientId: string;
  planId: string;
  /** Sent as `custom_id`, so the server can tell whose subscription PayPal reports. */
  employerId: number;
  onApprove: (subscriptionId: string) => void;
  onCancel: () => void;
  onError: (error: unknown) => void;
};

/** PayPal's subscribe button for Puna Premium: 10 EUR a month on the configured plan, no shipping. */
export function PaypalSubscribeButton({
  clientId,
  planId,
  employerId,
  onApprove,
  onCancel,
  onError,
}: PaypalSubscribeButtonProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The SDK keeps the callbacks it was given; these refs let them see the latest props.
  const callbacks = useRef({ onApprove, onCancel, onError });
  callbacks.current = { onApprove, onCancel, onError };

  useEffect(() => {
    let cancelled = false;
    let buttons: PaypalButtons | null = null;
    setState('loading');
    loadPaypalSdk(clientId)
      .then(async (paypal) => {
        if (cancelled || !containerRef.current) return;
        buttons = paypal.Buttons({
          style: { shape: 'rect', color: 'gold', layout: 'vertical', label: 'subscribe' },
          createSubscription: (_data, actions) =>
            actions.subscription.create({
              plan_id: planId,
              custom_id: String(employerId),
              application_context: { shipping_preference: 'NO_SHIPPING', brand_name: 'Puna' },
            }),
          onApprove: (data) => {
            if (data.subscriptionID) callbacks.current.onApprove(data.subscriptionID);
            else callbacks.current.onError(new Error('PayPal approved without a subscription id.'));
          },
          onCancel: () => callbacks.current.onCancel(),
          onError: (error) => callbacks.current.onError(error),
        });
        if (buttons.isEligible && !buttons.isEligible())
          throw new Error('PayPal subscriptions are not available here.');
        await buttons.render(containerRef.current);
        if (!cancelled) setState('ready');
      })
      .catch((error: unknown) => {
        console.error('Preparing the PayPal subscription failed', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      void buttons?.close?.().catch(() => undefined);
    };
  }, [clientId, planId, employerId]);

  return (
    <div>
      {state === 'loading' ? (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner className="size-4" />
          {t('subscription.page.loadingPaypal')}
        </p>
      ) : null}
      {state === 'failed' ? <Alert tone="error">{t('subscription.page.prepareFailed')}</Alert> : null}
      <div ref={containerRef} className={state === 'failed' ? 'hidden' : 'min-h-12'} />
    </div>
  );
}
