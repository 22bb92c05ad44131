import type { TPhoneClockSettings, TPhoneClockSettingsState, TPhoneOutside } from '@puna/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { employers } from '../../db/schema';

/**
 * The employer row's phone clock-in settings (docs/product.md#phone-clock): whether workers may
 * punch from the phone, what happens to a punch outside every workplace, whether a photo is required,
 * and how many days a punch's photo is kept.
 */
const columns = {
  phone_punches: employers.phonePunches,
  phone_outside: employers.phoneOutside,
  phone_photo_required: employers.phonePhotoRequired,
  photo_retention_days: employers.photoRetentionDays,
};

/** The employer's phone clock settings; undefined without a row. */
export async function phoneClockSettingsOf(
  db: Executor,
  employerId: number,
): Promise<TPhoneClockSettingsState | undefined> {
  const [row] = await db.select(columns).from(employers).where(eq(employers.id, employerId)).limit(1);
  return row ? { ...row, phone_outside: row.phone_outside as TPhoneOutside } : undefined;
}

/** Writes the settings given (the others keep their value). */
export async function setPhoneClockSettings(
  db: Executor,
  employerId: number,
  input: TPhoneClockSettings,
): Promise<void> {
  const set = {
    ...(input.phone_punches === undefined ? {} : { phonePunches: input.phone_punches }),
    ...(input.phone_outside === undefined ? {} : { phoneOutside: input.phone_outside }),
    ...(input.phone_photo_required === undefined ? {} : { phonePhotoRequired: input.phone_photo_required }),
    ...(input.photo_retention_days === undefined ? {} : { photoRetentionDays: input.photo_retention_days }),
  };
  if (Object.keys(set).length === 0) return;
  await db.update(employers).set(set).where(eq(employers.id, employerId));
}

/** Each of these employers' photo retention in days (the photo job's read). */
export async function photoRetentionOf(db: Executor, employerIds: number[]): Promise<Map<number, number>> {
  if (employerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: employers.id, days: employers.photoRetentionDays })
    .from(employers)
    .where(inArray(employers.id, employerIds));
  return new Map(rows.map((row) => [row.id, row.days]));
}
