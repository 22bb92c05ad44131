/** Every localStorage key the app uses, in one place. */
export const storageKeys = {
  language: 'puna.lang',
  /** Where "Back to Home" leads: '/start' or '/'. */
  startPage: 'startPage',
  /** The e-mail waiting for verification after sign-up. */
  pendingEmail: 'email',
  /** The browser kiosk's device ID and secret (`/kiosk`). */
  kioskPairing: 'puna.kiosk',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private mode, policies); the app works without it.
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // See readStorage.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See readStorage.
  }
}

/**
 * Logout clears local and session storage (docs/product.md#logout). The language choice and a kiosk's pairing
 * are device settings, not account data, so they survive.
 */
export function clearAllStorage(): void {
  const language = readStorage(storageKeys.language);
  const kioskPairing = readStorage(storageKeys.kioskPairing);
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // See readStorage.
  }
  if (language) writeStorage(storageKeys.language, language);
  if (kioskPairing) writeStorage(storageKeys.kioskPairing, kioskPairing);
}
