import { z } from 'zod';
import { resultEnvelope } from './envelope';
import { messages } from './messages';

/**
 * The browser kiosk's ways of knowing a worker (docs/devices.md#browser-kiosk-kiosk): a card read,
 * a PIN typed on the pad (the employee's kiosk PIN or its clock PIN) or a QR badge shown to the
 * tablet's camera; each punch may carry a photo.
 */

/** A kiosk PIN: 4 to 8 digits. */
export const KIOSK_PIN_PATTERN = /^\d{4,8}$/;
export const KIOSK_PIN_MIN = 4;
export const KIOSK_PIN_MAX = 8;

/** The largest punch photo, decoded: 200 KB. */
export const MAX_PUNCH_PHOTO_BYTES = 200 * 1024;

/** Wrong PINs on one kiosk within `KIOSK_PIN_WINDOW_SECONDS` before it refuses PINs for as long. */
export const KIOSK_PIN_TRIES = 5;
export const KIOSK_PIN_WINDOW_SECONDS = 5 * 60;

/** A QR badge's text: `PUNA1.<employer id>.<employee id>.<badge version>.<signature>`. */
export const BADGE_PREFIX = 'PUNA1';
const BADGE_PATTERN = /^PUNA1\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/;

export type TBadge = { employerId: number; employeeId: number; version: number; signature: string };

/** The parts of a badge's text, or null when it is not one (the signature is checked by the server). */
export function parseBadge(text: string): TBadge | null {
  const match = BADGE_PATTERN.exec(text.trim());
  if (!match?.[1] || !match[2] || !match[3] || !match[4]) return null;
  return { employerId: Number(match[1]), employeeId: Number(match[2]), version: Number(match[3]), signature: match[4] };
}

/** The signed part of a badge: everything before the signature. */
export function badgePayload(employerId: number, employeeId: number, version: number): string {
  return `${BADGE_PREFIX}.${employerId}.${employeeId}.${version}`;
}

const seq = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ts = z.iso.datetime({ offset: true });

/**
 * One scan as a browser kiosk sends it: exactly one of `uid` (a card), `pin` or `badge`, and an
 * optional `photo` (base64 JPEG; its size and kind are checked by the server).
 */
export const ZKioskScan = z
  .object({
    seq,
    ts,
    uid: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\w:-]+$/)
      .optional(),
    pin: z.string().regex(KIOSK_PIN_PATTERN, 'a PIN has 4 to 8 digits').optional(),
    badge: z.string().max(128).optional(),
    photo: z
      .string()
      .max(Math.ceil((MAX_PUNCH_PHOTO_BYTES * 4) / 3) + 4, 'the photo is larger than 200 KB')
      .optional(),
  })
  .refine((scan) => [scan.uid, scan.pin, scan.badge].filter((value) => value !== undefined).length === 1, {
    message: 'a scan carries exactly one of uid, pin or badge',
  });
export type TKioskScan = z.infer<typeof ZKioskScan>;

/** Why a kiosk scan found no one: a wrong PIN or badge, or PINs locked after too many wrong ones. */
export const ZKioskScanError = z.enum(['unknown', 'locked']);
export type TKioskScanError = z.infer<typeof ZKioskScanError>;

/** PUT /krye/employees/{id}/kiosk-pin: a PIN of 4–8 digits, or null to clear it. */
export const ZKioskPinRequest = z.strictObject({
  pin: z.string({ error: messages.kioskPinFormat }).regex(KIOSK_PIN_PATTERN, messages.kioskPinFormat).nullable(),
});
export type TKioskPinRequest = z.infer<typeof ZKioskPinRequest>;

/** An employee's kiosk identity as the employee page shows it: its PIN and the text of its current badge. */
export const ZKioskIdentity = z.object({
  kiosk_pin: z.string().nullable(),
  badge_version: z.number().int(),
  badge: z.string(),
});
export type TKioskIdentity = z.infer<typeof ZKioskIdentity>;
export const ZKioskIdentityResponse = resultEnvelope(ZKioskIdentity);
