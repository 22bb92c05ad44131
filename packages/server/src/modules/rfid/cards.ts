import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { employees } from '../../db/schema';
import { conflict } from '../../lib/errors';

export const CARD_TAKEN_MESSAGE = 'This card is already assigned to another employee.';
export const PIN_TAKEN_MESSAGE = 'This clock PIN is already used by another employee.';

/** A card belongs to at most one employee of an employer (the unique index backs this up). */
export async function assertCardFree(db: Executor, employerId: number, uid: string, employeeId: number) {
  const [holder] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.rfid, uid), ne(employees.id, employeeId)));
  if (holder) throw conflict(CARD_TAKEN_MESSAGE);
}

export async function assertPinFree(db: Executor, employerId: number, pin: string, employeeId: number) {
  const [holder] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.devicePin, pin), ne(employees.id, employeeId)));
  if (holder) throw conflict(PIN_TAKEN_MESSAGE);
}

export type ClockIdentity = { name: string; rfid: string | null; pin: string | null };

/** What a ZKTeco clock knows of an employee: name, card and PIN. */
export async function clockIdentityOf(db: Executor, employerId: number, id: number): Promise<ClockIdentity | null> {
  const [row] = await db
    .select({ name: employees.name, rfid: employees.rfid, pin: employees.devicePin })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.id, id)));
  return row ?? null;
}
