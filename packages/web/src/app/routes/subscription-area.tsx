/**
 * The subscription chunk: Premium's pages and the gate in front of premium screens. PayPal's script
 * is added only by the subscribe page, never by the rest of the app.
 */
export { PremiumGate } from '../../features/subscription/components/premium-gate';
export { SubscribePage } from './subscription/subscribe-page';
export { SubscriptionCancelPage } from './subscription/subscription-cancel-page';
export { SubscriptionSuccessPage } from './subscription/subscription-success-page';
