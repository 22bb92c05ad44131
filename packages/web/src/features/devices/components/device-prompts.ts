import type { TDeviceConfigRequest } from '@puna/domain';

/** `window.prompt`'s shape, passed in so the rules below can be tested without a browser. */
export type Ask = (message: string, defaultValue?: string) => string | null;

/**
 * Rename (docs/product.md#devices): asks for a new name; a cancelled or empty answer, or the same name,
 * changes nothing (null).
 */
export function askNewName(ask: Ask, message: string, current: string): TDeviceConfigRequest | null {
  const answer = ask(message, current)?.trim();
  if (!answer || answer === current) return null;
  return { name: answer };
}

/**
 * Update WiFi: asks for the SSID, then the password; a cancelled or empty answer to either
 * changes nothing (null). The SSID is trimmed; the password is sent as typed.
 */
export function askWifi(
  ask: Ask,
  messages: { ssid: string; password: string },
  currentSsid: string | null,
): TDeviceConfigRequest | null {
  const ssid = ask(messages.ssid, currentSsid ?? '')?.trim();
  if (!ssid) return null;
  const password = ask(messages.password, '');
  if (!password) return null;
  return { ssid, password };
}
