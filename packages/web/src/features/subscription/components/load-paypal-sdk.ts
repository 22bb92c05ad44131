/** The part of PayPal's JS SDK (subscriptions) this app uses. */
type SubscriptionActions = {
  subscription: { create: (options: Record<string, unknown>) => Promise<string> };
};

export type PaypalButtonsOptions = {
  style?: Record<string, string>;
  createSubscription: (data: unknown, actions: SubscriptionActions) => Promise<string>;
  onApprove: (data: { subscriptionID?: string | null }) => void | Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
};

export type PaypalButtons = {
  render: (container: HTMLElement) => Promise<void>;
  isEligible?: () => boolean;
  close?: () => Promise<void>;
};

export type PaypalNamespace = { Buttons: (options: PaypalButtonsOptions) => PaypalButtons };

declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

const SDK_URL = 'https://www.paypal.com/sdk/js';
/** A script that neither loads nor fails (a stalled network) counts as failed after this. */
const LOAD_TIMEOUT_MS = 20_000;

let loading: { clientId: string; promise: Promise<PaypalNamespace> } | null = null;

/** Subscriptions need the vault and the subscription intent; Premium is billed in EUR (docs/product.md#subscription). */
export function paypalSdkUrl(clientId: string): string {
  const query = new URLSearchParams({ 'client-id': clientId, vault: 'true', intent: 'subscription', currency: 'EUR' });
  return `${SDK_URL}?${query}`;
}

/**
 * Adds PayPal's script once, only when the subscription page asks for it. Rejects when the script
 * is blocked (the Content-Security-Policy, an ad blocker) or cannot be reached, so the page can say so.
 */
export function loadPaypalSdk(clientId: string): Promise<PaypalNamespace> {
  if (loading?.clientId === clientId) return loading.promise;
  const promise = new Promise<PaypalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (message: string) => {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(message));
    };
    const timer = window.setTimeout(() => fail('The PayPal SDK took too long to load.'), LOAD_TIMEOUT_MS);
    script.src = paypalSdkUrl(clientId);
    script.async = true;
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.paypal) resolve(window.paypal);
      else fail('The PayPal SDK loaded without its namespace.');
    };
    script.onerror = () => fail('The PayPal SDK could not be loaded.');
    document.head.append(script);
  });
  loading = { clientId, promise };
  return promise;
}
