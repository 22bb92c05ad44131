import { KIOSK_PIN_TRIES, KIOSK_PIN_WINDOW_SECONDS } from '@puna/domain';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../../db/client';
import type { ServiceDeps } from '../../plugins/deps';
import { createLimiter } from '../../plugins/rate-limits';
import { badgeHolderOf, kioskPinHolderOf } from '../employees/badges';
import type { KioskIdentifier, KioskIdentity } from '../rfid/ingest';

/**
 * Wrong PINs per kiosk: `KIOSK_PIN_TRIES` within `KIOSK_PIN_WINDOW_SECONDS`, then the kiosk refuses
 * every PIN (right ones too) for as long. On the shared rate-limit store (PostgreSQL's table, or
 * memory on PGlite), so every server process counts against the same number.
 */
export function kioskPinLockout(database: Pick<Database, 'pool'>): RateLimiterAbstract {
  return createLimiter(database, {
    keyPrefix: 'kiosk-pin',
    points: KIOSK_PIN_TRIES,
    duration: KIOSK_PIN_WINDOW_SECONDS,
  });
}

/**
 * Identifies one kiosk's PIN and badge scans, in batch order. A PIN reserves a try before it is
 * looked up and gives it back when it is right, so concurrent batches cannot pass the limit
 * together; the try that reaches the limit locks the kiosk's PINs for the window.
 */
export function kioskIdentifier(
  deps: Pick<ServiceDeps, 'db'>,
  lockout: RateLimiterAbstract,
  kiosk: { id: number; employerId: number },
): KioskIdentifier {
  const key = `kiosk:${kiosk.id}`;
  return async (scans) => {
    const answers = new Map<number, KioskIdentity>();
    for (const scan of scans) {
      if (scan.badge !== undefined) {
        const holder = await badgeHolderOf(deps.db, kiosk.employerId, scan.badge);
        answers.set(scan.seq, holder ? { holder } : { error: 'unknown' });
        continue;
      }
      if (scan.pin === undefined) continue;
      const tries = await lockout.penalty(key, 1);
      if (tries.consumedPoints > KIOSK_PIN_TRIES) {
        answers.set(scan.seq, { error: 'locked' });
        continue;
      }
      const holder = await kioskPinHolderOf(deps.db, kiosk.employerId, scan.pin);
      if (holder) {
        await lockout.reward(key, 1);
        answers.set(scan.seq, { holder });
        continue;
      }
      if (tries.consumedPoints >= KIOSK_PIN_TRIES) await lockout.block(key, KIOSK_PIN_WINDOW_SECONDS);
      answers.set(scan.seq, { error: 'unknown' });
    }
    return answers;
  };
}
