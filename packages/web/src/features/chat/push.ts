/**
 * Web push for chat messages (docs/product.md#push-notifications): with notification permission granted, the service worker
 * is registered and the browser subscribed with the server's VAPID key; a failure removes the old
 * subscription and tries once more. Permission is only ever asked from a button (never on load).
 */
import type { TChatUserType, TPushSubscription } from '@puna/domain';
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../lib/auth';
import { deletePushSubscription, getPushKey, savePushSubscription } from './api/push-subscription';

export const SERVICE_WORKER_URL = '/sw.js';

export type TPushUser = { userId: number; userType: TChatUserType };

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** base64url (the VAPID key's form) → the bytes `pushManager.subscribe` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Registers the service worker (offline page, push display) for the whole site. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

async function subscribeAndSave(registration: ServiceWorkerRegistration, key: string, user: TPushUser) {
  const serverKey = base64UrlToBytes(key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with an older server key can no longer receive anything.
  if (subscription && !sameKey(subscription, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  await savePushSubscription({
    subscription: subscription.toJSON() as TPushSubscription,
    userId: user.userId,
    userType: user.userType,
  });
}

/** Subscribes this browser for the user's chat pushes; on failure drops the old subscription and retries once. */
export async function subscribeToPush(user: TPushUser): Promise<void> {
  const pending = registerServiceWorker();
  if (!pending) return;
  await pending;
  const registration = await navigator.serviceWorker.ready;
  const key = await getPushKey();
  try {
    await subscribeAndSave(registration, key, user);
  } catch (error) {
    console.warn('Push subscription failed; retrying with a fresh one', error);
    const old = await registration.pushManager.getSubscription();
    if (old) {
      await old.unsubscribe();
      await deletePushSubscription(old.endpoint).catch(() => undefined);
    }
    await subscribeAndSave(registration, key, user);
  }
}

function pushUserOf(user: ReturnType<typeof useSession>['data']): TPushUser | null {
  const session = user?.user;
  // An admin viewing an employer's account must not receive that employer's notifications.
  if (!session || session.impersonatedBy !== null) return null;
  const userId = session.userType === 'worker' ? session.employeeId : session.employerId;
  return userId === null ? null : { userId, userType: session.userType };
}

/**
 * For the employer and worker shells: registers the service worker once logged in, and when
 * notifications are already allowed makes sure this browser is subscribed.
 */
export function usePushRegistration(): void {
  const user = pushUserOf(useSession().data);
  const userId = user?.userId;
  const userType = user?.userType;
  useEffect(() => {
    if (userId === undefined || userType === undefined || !('serviceWorker' in navigator)) return;
    registerServiceWorker()?.catch((error: unknown) => console.error('Service worker registration failed', error));
    if (isPushSupported() && Notification.permission === 'granted') {
      subscribeToPush({ userId, userType }).catch((error: unknown) => console.error('Push subscription failed', error));
    }
  }, [userId, userType]);
}

export type TNotificationState = 'unsupported' | NotificationPermission;

/** The permission, and the button's action: ask, then subscribe when allowed. */
export function useNotificationPermission() {
  const user = pushUserOf(useSession().data);
  const userId = user?.userId;
  const userType = user?.userType;
  const [permission, setPermission] = useState<TNotificationState>(() =>
    isPushSupported() ? Notification.permission : 'unsupported',
  );
  const [isWorking, setIsWorking] = useState(false);
  const enable = useCallback(async () => {
    if (!isPushSupported() || userId === undefined || userType === undefined) return;
    setIsWorking(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer === 'granted') await subscribeToPush({ userId, userType });
    } catch (error) {
      console.error('Push subscription failed', error);
    } finally {
      setIsWorking(false);
    }
  }, [userId, userType]);
  return { permission, canAsk: userId !== undefined && permission === 'default', isWorking, enable };
}
