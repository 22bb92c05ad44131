import { sha256 } from '../../lib/crypto';
import type { ServiceDeps } from '../../plugins/deps';
import { type AuthenticatedDevice, authenticateDevice } from './service';

/** A reader authenticated from the cache, with the secret hash its row held then. */
export type CachedDevice = AuthenticatedDevice & { credential: string };

/** How many readers' credentials one process keeps; the oldest goes first beyond it. */
const MAX_ENTRIES = 10_000;

/**
 * Readers' credentials for `POST /device/v1/scans`, checked against the database once and then
 * taken from memory, keyed by a SHA-256 of the `Authorization` header (so the map holds no secret
 * as sent). A reader uploads batch after batch; the lookup was a round trip per batch (bench/NOTES.md,
 * scan-ingestion).
 *
 * A cached credential is not trusted on its own: the batch is stored by a statement that first
 * reads the device's row in its own snapshot and stores nothing unless the row still holds that
 * secret hash and is confirmed (rfid/ingest.ts, `ScanSource.credential`). A device deleted since —
 * in this process or another one sharing the database — is refused there with the same 401, and
 * `forget` drops its entry. Misses (a wrong secret, an unknown device) are never cached; kiosks and
 * clocks are not cached at all (their batches take paths that identify PINs and badges).
 */
export function deviceAuthCache(max = MAX_ENTRIES) {
  const entries = new Map<string, CachedDevice>();
  const keyOf = (header: string) => sha256(header);
  return {
    /** The device behind the header: from memory when a reader's credential was checked before. */
    async authenticate(deps: ServiceDeps, header: string | undefined): Promise<AuthenticatedDevice | CachedDevice> {
      const key = header === undefined ? null : keyOf(header);
      const cached = key === null ? undefined : entries.get(key);
      if (cached) return cached;
      const device = await authenticateDevice(deps, header);
      if (key === null || header === undefined || device.protocol !== 'puna') return device;
      // authenticateDevice checked that the row's hash is the presented secret's.
      const secret = header.slice(header.lastIndexOf(':') + 1);
      const entry: CachedDevice = { ...device, credential: sha256(secret) };
      if (entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, entry);
      return entry;
    },
    /** Drops a header's entry (its device was refused by the statement that stores its scans). */
    forget(header: string | undefined): void {
      if (header !== undefined) entries.delete(keyOf(header));
    },
    get size(): number {
      return entries.size;
    },
  };
}
