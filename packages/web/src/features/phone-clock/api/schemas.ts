import { z } from 'zod';

/**
 * The phone clock's answers as the server sends them (docs/product.md#phone-clock), read with the
 * envelope `{ Status, Result }`. Kept to the fields the screens use; extra fields pass.
 */
export const ZLocation = z.object({
  id: z.number(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  radius_m: z.number(),
  address: z.string().nullish(),
});
export type TLocation = z.infer<typeof ZLocation>;
export type TLocationInput = { name: string; lat: number; lng: number; radius_m: number; address?: string | null };

export const ZOutsidePolicy = z.enum(['refuse', 'flag']);
export type TOutsidePolicy = z.infer<typeof ZOutsidePolicy>;

export const ZPhoneClockSettings = z.object({
  phone_punches: z.boolean(),
  phone_outside: ZOutsidePolicy,
  phone_photo_required: z.boolean(),
  photo_retention_days: z.number(),
});
export type TPhoneClockSettings = z.infer<typeof ZPhoneClockSettings>;

const ZOverrides = z.object({
  phone_punches: z.boolean().nullable(),
  phone_outside: ZOutsidePolicy.nullable(),
  phone_photo_required: z.boolean().nullable(),
});
export const ZEmployeePhoneClock = ZOverrides.extend({
  effective: z.object({
    phone_punches: z.boolean(),
    phone_outside: ZOutsidePolicy,
    phone_photo_required: z.boolean(),
  }),
});
export type TEmployeePhoneClock = z.infer<typeof ZEmployeePhoneClock>;
export type TEmployeePhoneClockInput = z.infer<typeof ZOverrides>;

export const ZPunchState = z.object({
  allowed: z.boolean(),
  photo_required: z.boolean(),
  outside_policy: ZOutsidePolicy,
  state: z.enum(['in', 'out']),
  last_punch: z.object({ at: z.string(), location_name: z.string().nullable() }).nullable(),
  locations: z.array(ZLocation.omit({ address: true })),
});
export type TPunchState = z.infer<typeof ZPunchState>;

export const ZPunchResult = z.object({
  id: z.string(),
  at: z.string(),
  direction: z.enum(['in', 'out']),
  location: z.object({ id: z.number(), name: z.string() }).nullable(),
  distance_m: z.number().nullable(),
  flags: z.array(z.string()),
});
export type TPunchResult = z.infer<typeof ZPunchResult>;

export const punchOrigins = ['phone', 'kiosk', 'reader', 'clock'] as const;
export const punchFlags = ['outside', 'poor_accuracy', 'late', 'clock_skew'] as const;

export const ZPunch = z.object({
  id: z.number(),
  at: z.string(),
  time: z.string(),
  origin: z.enum(punchOrigins),
  method: z.string().nullish(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuracy_m: z.number().nullish(),
  location: z.object({ id: z.number(), name: z.string() }).nullable(),
  distance_m: z.number().nullable(),
  flags: z.array(z.string()),
  accepted: z.boolean(),
  has_photo: z.boolean(),
});
export type TPunch = z.infer<typeof ZPunch>;

/** `{ Status: true, Result: T }` read with `schema`. */
export function result<T extends z.ZodType>(schema: T) {
  const envelope = z.object({ Result: schema });
  return { parse: (body: unknown) => (envelope.parse(body) as { Result: z.infer<T> }).Result };
}
