import { ZDeviceId } from '@puna/domain';
import { z } from 'zod';
import { readStorage, removeStorage, storageKeys, writeStorage } from '../../../lib/storage';
import type { KioskCredentials } from '../api/device-client';

/** The pairing form: the device ID and the secret shown once when the device was registered. */
export const ZKioskPairingForm = z.object({
  deviceId: ZDeviceId,
  secret: z.string().trim().min(1, 'Secret is required.').max(200),
});
export type TKioskPairingForm = z.infer<typeof ZKioskPairingForm>;

/** The stored pairing, or null when the kiosk is not paired (or what is stored is unreadable). */
export function readPairing(): KioskCredentials | null {
  const stored = readStorage(storageKeys.kioskPairing);
  if (!stored) return null;
  try {
    const parsed = ZKioskPairingForm.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writePairing(credentials: KioskCredentials): void {
  writeStorage(storageKeys.kioskPairing, JSON.stringify(credentials));
}

export function clearPairing(): void {
  removeStorage(storageKeys.kioskPairing);
}
