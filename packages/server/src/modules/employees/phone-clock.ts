import type { TEmployeePhoneClock, TPhoneClockOverride, TPhoneOutside } from '@puna/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { employees } from '../../db/schema';

/**
 * An employee's overrides of the employer's phone clock settings (docs/product.md#phone-clock);
 * null in a field is the employer's setting.
 */
export type EmployeePhoneClock = TPhoneClockOverride & { name: string };

/** The employee's overrides and name; undefined when the employer has no such employee. */
export async function phoneClockOverrideOf(
  db: Executor,
  employerId: number,
  employeeId: number,
): Promise<EmployeePhoneClock | undefined> {
  const [row] = await db
    .select({
      name: employees.name,
      phone_punches: employees.phonePunches,
      phone_outside: employees.phoneOutside,
      phone_photo_required: employees.phonePhotoRequired,
    })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.id, employeeId)))
    .limit(1);
  return row ? { ...row, phone_outside: row.phone_outside as TPhoneOutside | null } : undefined;
}

/** Writes the overrides given (left out: kept; null: back to the employer's); false when no such employee. */
export async function setPhoneClockOverride(
  db: Executor,
  employerId: number,
  employeeId: number,
  input: TEmployeePhoneClock,
): Promise<boolean> {
  const set = {
    ...(input.phone_punches === undefined ? {} : { phonePunches: input.phone_punches }),
    ...(input.phone_outside === undefined ? {} : { phoneOutside: input.phone_outside }),
    ...(input.phone_photo_required === undefined ? {} : { phonePhotoRequired: input.phone_photo_required }),
  };
  const where = and(eq(employees.employerId, employerId), eq(employees.id, employeeId));
  if (Object.keys(set).length === 0) {
    const [row] = await db.select({ id: employees.id }).from(employees).where(where).limit(1);
    return row !== undefined;
  }
  const updated = await db.update(employees).set(set).where(where).returning({ id: employees.id });
  return updated.length > 0;
}
