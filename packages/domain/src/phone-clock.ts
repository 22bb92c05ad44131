import { z } from 'zod';
import { ZIsoDate } from './calendar';
import { resultEnvelope } from './envelope';
import { idField } from './ids';
import { messages } from './messages';

/**
 * Phone clock-in (docs/product.md#phone-clock): a worker punches from the phone at one of the
 * employer's workplaces — a circle of `radius_m` metres around a point. A punch is a row of `scans`
 * with origin 'phone'; what looks odd about it is written in its flags for the employer to review.
 */

/** A workplace's radius in metres: from a shop's door to a building site. */
export const LOCATION_RADIUS_MIN = 25;
export const LOCATION_RADIUS_MAX = 2000;
export const LOCATION_NAME_MAX = 80;
export const LOCATION_ADDRESS_MAX = 200;
/** A punch's photo, decoded: a JPEG of at most 200 KB (the phone shrinks it before sending). */
export const PUNCH_PHOTO_MAX_BYTES = 200 * 1024;
/** A phone position less accurate than this many metres is flagged 'poor_accuracy'. */
export const POOR_ACCURACY_M = 100;
/** A punch received this long after it was taken was sent from the offline queue: flagged 'late'. */
export const LATE_AFTER_MS = 5 * 60_000;
/** A punch taken this far ahead of the server's clock is flagged 'clock_skew'. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/** A punch taken further ahead than this is refused: the phone's clock is wrong. */
export const FUTURE_LIMIT_MS = 5 * 60_000;
/** A punch taken longer ago than this is refused. */
export const PAST_LIMIT_MS = 7 * 24 * 60 * 60_000;
/** Punches one worker may send in a minute. */
export const PUNCHES_PER_MINUTE = 6;
/** Photos are kept 1 to 3650 days (default 60). */
export const PHOTO_RETENTION_MIN_DAYS = 1;
export const PHOTO_RETENTION_MAX_DAYS = 3650;

export const PHONE_OUTSIDE_POLICIES = ['refuse', 'flag'] as const;
export type TPhoneOutside = (typeof PHONE_OUTSIDE_POLICIES)[number];
export const PUNCH_FLAGS = ['outside', 'poor_accuracy', 'late', 'clock_skew'] as const;
export type TPunchFlag = (typeof PUNCH_FLAGS)[number];
export const PUNCH_ORIGINS = ['phone', 'kiosk', 'reader', 'clock'] as const;
export type TPunchOrigin = (typeof PUNCH_ORIGINS)[number];
export const PUNCH_METHODS = ['card', 'pin', 'badge'] as const;
export type TPunchMethod = (typeof PUNCH_METHODS)[number];

const ZLatitude = z
  .number({ error: messages.latitudeInvalid })
  .min(-90, { error: messages.latitudeInvalid })
  .max(90, { error: messages.latitudeInvalid });
const ZLongitude = z
  .number({ error: messages.longitudeInvalid })
  .min(-180, { error: messages.longitudeInvalid })
  .max(180, { error: messages.longitudeInvalid });

/** Body of POST /krye/locations and PUT /krye/locations/{id}. */
export const ZLocationInput = z.strictObject({
  name: z
    .string({ error: messages.locationNameRequired })
    .trim()
    .min(1, { error: messages.locationNameRequired })
    .max(LOCATION_NAME_MAX, { error: messages.locationNameTooLong }),
  lat: ZLatitude,
  lng: ZLongitude,
  radius_m: z
    .number({ error: messages.locationRadiusInvalid })
    .int({ error: messages.locationRadiusInvalid })
    .min(LOCATION_RADIUS_MIN, { error: messages.locationRadiusInvalid })
    .max(LOCATION_RADIUS_MAX, { error: messages.locationRadiusInvalid }),
  address: z
    .string({ error: messages.locationAddressTooLong })
    .trim()
    .max(LOCATION_ADDRESS_MAX, { error: messages.locationAddressTooLong })
    .nullable()
    .optional()
    .transform((address) => (address ? address : null)),
});
export type TLocationInput = z.infer<typeof ZLocationInput>;

export const ZLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius_m: z.number().int(),
  address: z.string().nullable(),
});
export type TLocation = z.infer<typeof ZLocation>;
export const ZLocationListResponse = resultEnvelope(z.object({ locations: z.array(ZLocation) }));
export const ZLocationResponse = resultEnvelope(z.object({ location: ZLocation }));

const ZPhoneOutside = z.enum(PHONE_OUTSIDE_POLICIES, { error: messages.phoneOutsideInvalid });
const ZSettingFlag = z.boolean({ error: messages.phoneClockFlagInvalid });

/** The employer's phone clock settings: GET /krye/phone-clock-settings. */
export const ZPhoneClockSettingsState = z.object({
  phone_punches: z.boolean(),
  phone_outside: z.enum(PHONE_OUTSIDE_POLICIES),
  phone_photo_required: z.boolean(),
  photo_retention_days: z.number().int(),
});
export type TPhoneClockSettingsState = z.infer<typeof ZPhoneClockSettingsState>;
export const ZPhoneClockSettingsResponse = resultEnvelope(ZPhoneClockSettingsState);

/** Body of PUT /krye/phone-clock-settings: any of the fields; those left out keep their value. */
export const ZPhoneClockSettings = z.strictObject({
  phone_punches: ZSettingFlag.optional(),
  phone_outside: ZPhoneOutside.optional(),
  phone_photo_required: ZSettingFlag.optional(),
  photo_retention_days: z
    .number({ error: messages.photoRetentionInvalid })
    .int({ error: messages.photoRetentionInvalid })
    .min(PHOTO_RETENTION_MIN_DAYS, { error: messages.photoRetentionInvalid })
    .max(PHOTO_RETENTION_MAX_DAYS, { error: messages.photoRetentionInvalid })
    .optional(),
});
export type TPhoneClockSettings = z.infer<typeof ZPhoneClockSettings>;

/** The three settings an employee may override: null is the employer's. */
export type TPhoneClockOverride = {
  phone_punches: boolean | null;
  phone_outside: TPhoneOutside | null;
  phone_photo_required: boolean | null;
};
export type TPhoneClockEffective = {
  phone_punches: boolean;
  phone_outside: TPhoneOutside;
  phone_photo_required: boolean;
};

/** Body of PUT /krye/employees/{id}/phone-clock: each field null (the employer's) or a value; left out keeps it. */
export const ZEmployeePhoneClock = z.strictObject({
  phone_punches: ZSettingFlag.nullable().optional(),
  phone_outside: ZPhoneOutside.nullable().optional(),
  phone_photo_required: ZSettingFlag.nullable().optional(),
});
export type TEmployeePhoneClock = z.infer<typeof ZEmployeePhoneClock>;

const ZEffective = z.object({
  phone_punches: z.boolean(),
  phone_outside: z.enum(PHONE_OUTSIDE_POLICIES),
  phone_photo_required: z.boolean(),
});
/** GET /krye/employees/{id}/phone-clock: the employee's overrides and what holds for them. */
export const ZEmployeePhoneClockState = z.object({
  phone_punches: z.boolean().nullable(),
  phone_outside: z.enum(PHONE_OUTSIDE_POLICIES).nullable(),
  phone_photo_required: z.boolean().nullable(),
  effective: ZEffective,
});
export type TEmployeePhoneClockState = z.infer<typeof ZEmployeePhoneClockState>;
export const ZEmployeePhoneClockResponse = resultEnvelope(ZEmployeePhoneClockState);

/** What holds for an employee: each override that is set, else the employer's setting. */
export function effectivePhoneClock(
  employer: TPhoneClockEffective,
  employee: Partial<TPhoneClockOverride>,
): TPhoneClockEffective {
  return {
    phone_punches: employee.phone_punches ?? employer.phone_punches,
    phone_outside: employee.phone_outside ?? employer.phone_outside,
    phone_photo_required: employee.phone_photo_required ?? employer.phone_photo_required,
  };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** The longest base64 text a photo of PUNCH_PHOTO_MAX_BYTES can take, with room for a data-URL prefix. */
const PHOTO_TEXT_MAX = Math.ceil(PUNCH_PHOTO_MAX_BYTES / 3) * 4 + 64;

/**
 * Body of POST /krye/worker/me/punch. `photo` is base64 (a `data:image/jpeg;base64,` prefix is
 * allowed); its size and JPEG-ness are checked once decoded (413 / 422), so any text passes here.
 */
export const ZPunchBody = z.strictObject({
  id: z.string({ error: messages.punchIdInvalid }).regex(UUID_V4, { error: messages.punchIdInvalid }),
  lat: ZLatitude,
  lng: ZLongitude,
  accuracy: z
    .number({ error: messages.punchAccuracyInvalid })
    .min(0, { error: messages.punchAccuracyInvalid })
    .max(1_000_000, { error: messages.punchAccuracyInvalid }),
  taken_at: z
    .string({ error: messages.punchTakenAtInvalid })
    .refine((text) => z.iso.datetime({ offset: true }).safeParse(text).success, {
      error: messages.punchTakenAtInvalid,
    }),
  photo: z.string({ error: messages.punchPhotoNotJpeg }).optional(),
});
export type TPunchBody = z.infer<typeof ZPunchBody>;

/** Query of GET /krye/punches: one employee's day. */
export const ZPunchQuery = z.strictObject({
  employee_id: idField(messages.punchEmployeeInvalid),
  date: ZIsoDate,
});
export type TPunchQuery = z.infer<typeof ZPunchQuery>;

/** A punch's photo text decoded: the bytes, or why not ('too_big' → 413, 'not_jpeg' → 422). */
export function photoProblem(base64: string): 'too_big' | 'not_jpeg' | null {
  const text = stripDataUrl(base64);
  if (text.length > PHOTO_TEXT_MAX) return 'too_big';
  // Characters that are not base64 are found once decoded (they decode to nothing): see `decodedPhoto`.
  if (text.length % 4 !== 0) return 'not_jpeg';
  if (base64DecodedLength(text) > PUNCH_PHOTO_MAX_BYTES) return 'too_big';
  return null;
}

/** The base64 text without a `data:...;base64,` prefix. */
export function stripDataUrl(base64: string): string {
  const comma = base64.startsWith('data:') ? base64.indexOf(',') : -1;
  return comma >= 0 ? base64.slice(comma + 1) : base64;
}

/** How many bytes a base64 text decodes to. */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** Whether bytes look like a JPEG: the SOI marker FF D8 FF at the start and EOI FF D9 at the end. */
export function isJpeg(bytes: Uint8Array): boolean {
  const n = bytes.length;
  return n >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && hasEnd(bytes);
}
/** The EOI marker, allowing a few bytes of padding after it (some encoders add them). */
function hasEnd(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 2; i >= Math.max(3, bytes.length - 16); i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

export type TPoint = { lat: number; lng: number };
const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in metres between two points (haversine, on the mean earth radius). */
export function distanceMetres(a: TPoint, b: TPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The workplace a point is at: among those whose circle holds it, the one with the nearest centre;
 * when none holds it, the nearest workplace (`inside` false). Null when there are no workplaces.
 * `distance_m` is rounded to whole metres.
 */
export function nearestWorkplace<T extends TPoint & { radius_m: number }>(
  point: TPoint,
  workplaces: readonly T[],
): { workplace: T; distance_m: number; inside: boolean } | null {
  let best: { workplace: T; distance: number; inside: boolean } | null = null;
  for (const workplace of workplaces) {
    const distance = distanceMetres(point, workplace);
    const inside = distance <= workplace.radius_m;
    if (!best || (inside && !best.inside) || (inside === best.inside && distance < best.distance)) {
      best = { workplace, distance, inside };
    }
  }
  return best && { workplace: best.workplace, distance_m: Math.round(best.distance), inside: best.inside };
}

/**
 * Whether a punch's time can be taken at all: not older than 7 days, not more than 5 minutes ahead
 * of the server's clock. 'too_old' / 'future' are refused (422).
 */
export function punchTimeProblem(takenAt: Date, receivedAt: Date): 'too_old' | 'future' | null {
  const ahead = takenAt.getTime() - receivedAt.getTime();
  if (ahead > FUTURE_LIMIT_MS) return 'future';
  if (-ahead > PAST_LIMIT_MS) return 'too_old';
  return null;
}

/**
 * A punch's flags:
 * - `outside`: at no workplace (kept because the policy is 'flag');
 * - `poor_accuracy`: the phone's position is less accurate than 100 m;
 * - `late`: received more than 5 minutes after it was taken (sent from the offline queue, or the
 *   phone's clock is behind: the two look the same to the server);
 * - `clock_skew`: taken more than 2 minutes ahead of the server's clock (the phone's clock is ahead;
 *   more than 5 minutes is refused).
 */
export function punchFlags(punch: {
  inside: boolean;
  accuracy: number;
  takenAt: Date;
  receivedAt: Date;
}): TPunchFlag[] {
  const flags: TPunchFlag[] = [];
  if (!punch.inside) flags.push('outside');
  if (punch.accuracy > POOR_ACCURACY_M) flags.push('poor_accuracy');
  const lag = punch.receivedAt.getTime() - punch.takenAt.getTime();
  if (lag > LATE_AFTER_MS) flags.push('late');
  if (-lag > CLOCK_SKEW_MS) flags.push('clock_skew');
  return flags;
}

/** A scan's origin; rows from before migration 0023 have none and take it from their device's protocol. */
export function scanOrigin(origin: string | null, deviceProtocol: string | null): TPunchOrigin {
  if (origin === 'phone' || origin === 'kiosk' || origin === 'reader' || origin === 'clock') return origin;
  if (deviceProtocol === 'kiosk') return 'kiosk';
  if (deviceProtocol === 'zkteco') return 'clock';
  return 'reader';
}

/** GET /krye/worker/me/punch: what the worker's punch button shows. */
export const ZPunchState = z.object({
  allowed: z.boolean(),
  photo_required: z.boolean(),
  outside_policy: z.enum(PHONE_OUTSIDE_POLICIES),
  /** 'in' when today's punches (all origins) are odd in number: the next punch clocks out. */
  state: z.enum(['in', 'out']),
  last_punch: z.object({ at: z.string(), location_name: z.string().nullable() }).nullable(),
  locations: z.array(ZLocation.omit({ address: true })),
});
export type TPunchState = z.infer<typeof ZPunchState>;
export const ZPunchStateResponse = resultEnvelope(ZPunchState);

/** POST /krye/worker/me/punch: the punch as stored. */
export const ZPhonePunch = z.object({
  /** The client's UUID. */
  id: z.string(),
  at: z.string(),
  direction: z.enum(['in', 'out']),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** To the matched or nearest workplace; null when the employer has none. */
  distance_m: z.number().int().nullable(),
  flags: z.array(z.enum(PUNCH_FLAGS)),
});
export type TPhonePunch = z.infer<typeof ZPhonePunch>;
export const ZPhonePunchResponse = resultEnvelope(z.object({ punch: ZPhonePunch }));

/** GET /krye/punches: one punch of an employee's day, any origin, for review. */
export const ZReviewPunch = z.object({
  /** The scan's id. */
  id: z.number().int(),
  at: z.string(),
  /** HH:MM:SS on the employer's wall clock. */
  time: z.string(),
  origin: z.enum(PUNCH_ORIGINS),
  method: z.enum(PUNCH_METHODS).nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuracy_m: z.number().nullable(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  distance_m: z.number().int().nullable(),
  flags: z.array(z.enum(PUNCH_FLAGS)),
  accepted: z.boolean(),
  has_photo: z.boolean(),
});
export type TReviewPunch = z.infer<typeof ZReviewPunch>;
export const ZReviewPunchListResponse = resultEnvelope(z.object({ punches: z.array(ZReviewPunch) }));
export const ZReviewPunchResponse = resultEnvelope(z.object({ punch: ZReviewPunch }));

/** Body of PUT /krye/punches/{id}/accept: nothing, or an empty object (a client may send either). */
export const ZPunchAcceptBody = z.strictObject({}).nullish();
