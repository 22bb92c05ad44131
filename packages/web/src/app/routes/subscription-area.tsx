/**
 * The subscription chunk: Premium's pages and the gate in front of premium screens. PayPal's script
 * is added only by the subscribe page, never by the rest of the app.
 */
export { PremiumGate } from '../../features/subscription/components/premium-gate';
export { SubscribePage } from '../../features/subscription/pages/subscribe-page';
export { SubscriptionCancelPage } from '../../features/subscription/pages/subscription-cancel-page';
export { SubscriptionSuccessPage } from '../../features/subscription/pages/subscription-success-page';
