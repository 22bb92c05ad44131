import { and, asc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { preparedRead } from '../../db/prepared';
import { employees } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { ClockIdentity } from '../../lib/events';
import { stillEmployed } from './employment';

/** A PIN as it is matched to an employee's: leading zeros do not count in a numeric PIN. */
export function pinKey(pin: string): string {
  return /^\d+$/.test(pin) ? pin.replace(/^0+(?=\d)/, '') : pin;
}

/** An employee's clock PIN as it is matched (see `pinKey`): numeric PINs without leading zeros. */
export const devicePinKey = sql<string>`case when ${employees.devicePin} ~ '^[0-9]+$' then coalesce(nullif(ltrim(${employees.devicePin}, '0'), ''), '0') else ${employees.devicePin} end`;

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

/**
 * A clock PIN belongs to at most one employee of an employer, and is no other employee's kiosk PIN:
 * the browser kiosk takes both, so it could not tell whose a shared one is.
 */
export async function assertPinFree(db: Executor, employerId: number, pin: string, employeeId: number) {
  const [holder] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.employerId, employerId),
        or(eq(employees.devicePin, pin), eq(employees.kioskPin, pin)),
        ne(employees.id, employeeId),
      ),
    );
  if (holder) throw conflict(PIN_TAKEN_MESSAGE);
}

/** What a ZKTeco clock knows of an employee: name, card and PIN. */
export async function clockIdentityOf(db: Executor, employerId: number, id: number): Promise<ClockIdentity | null> {
  const [row] = await db
    .select({ name: employees.name, rfid: employees.rfid, pin: employees.devicePin })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.id, id)));
  return row ?? null;
}

/**
 * Gives every employee of the employer that has no clock PIN and has not left (an archived one's
 * PIN was freed) the next free numeric one (1, 2, …
 * after the highest numeric PIN in use, below the confirmation PINs from 900000), so every
 * employee can be sent to a time clock. Run with the employer row locked (employee writes lock it).
 */
export async function assignMissingPins(db: Executor, employerId: number): Promise<void> {
  await db.execute(sql`
    with numbered as (
      select id, row_number() over (order by id) as n from ${employees}
      where employer_id = ${employerId} and device_pin is null and ${stillEmployed}
    ), top as (
      select coalesce(max(device_pin::bigint), 0) as highest from ${employees}
      where employer_id = ${employerId} and device_pin ~ '^[0-9]{1,9}$' and device_pin::bigint < 900000
    )
    update ${employees} set device_pin = (top.highest + numbered.n)::text
    from numbered, top where ${employees.id} = numbered.id`);
}

/** Gives an employee a card (the caller has checked it is free, under the employer row lock). */
export async function setEmployeeCard(db: Executor, employerId: number, employeeId: number, uid: string) {
  await db
    .update(employees)
    .set({ rfid: uid })
    .where(and(eq(employees.employerId, employerId), eq(employees.id, employeeId)));
}

/** Gives an employee a clock PIN (the caller has checked it is free, under the employer row lock). */
export async function setEmployeePin(db: Executor, employerId: number, employeeId: number, pin: string) {
  await db
    .update(employees)
    .set({ devicePin: pin })
    .where(and(eq(employees.employerId, employerId), eq(employees.id, employeeId)));
}

/** The employee of the employer holding a card, if any. */
export async function cardHolderOf(db: Executor, employerId: number, uid: string): Promise<number | null> {
  const [holder] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.rfid, uid)));
  return holder?.id ?? null;
}

const cardsOfEmployer = preparedRead((qb) =>
  qb
    .select({ id: employees.id, name: employees.name, rfid: employees.rfid })
    .from(employees)
    .where(and(eq(employees.employerId, sql.placeholder('employerId')), stillEmployed)),
);

/** Every employee of the employer that has not left, with its card (null: none), unsorted. */
export async function cardsOf(db: Executor, employerId: number) {
  return cardsOfEmployer.run(db, { employerId });
}

/** The employees of the employer holding these cards. */
export async function cardHoldersOf(db: Executor, employerId: number, uids: string[]) {
  if (uids.length === 0) return [];
  return db
    .select({ id: employees.id, name: employees.name, rfid: employees.rfid })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), inArray(employees.rfid, uids)));
}

/** The employees of the employer whose PIN matches one of these keys (`pinKey`), with their card and PIN. */
export async function pinHoldersOf(db: Executor, employerId: number, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      id: employees.id,
      name: employees.name,
      rfid: employees.rfid,
      pin: employees.devicePin,
      key: devicePinKey,
    })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), isNotNull(employees.devicePin), inArray(devicePinKey, keys)));
}

/** Every employee of the employer that has a clock PIN. */
export async function pinHoldersAll(db: Executor, employerId: number) {
  return db
    .select({ id: employees.id, name: employees.name, pin: employees.devicePin })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), isNotNull(employees.devicePin)));
}

/** What a clock knows of every employee of the employer, in id order. */
export async function clockIdentitiesOf(db: Executor, employerId: number): Promise<ClockIdentity[]> {
  return db
    .select({ name: employees.name, rfid: employees.rfid, pin: employees.devicePin })
    .from(employees)
    .where(eq(employees.employerId, employerId))
    .orderBy(asc(employees.id));
}

/** The employer's employees with a clock PIN, in id order: id, name, card and PIN. */
export async function clockPinHoldersOf(
  db: Executor,
  employerId: number,
): Promise<{ id: number; name: string; rfid: string | null; pin: string | null }[]> {
  return db
    .select({ id: employees.id, name: employees.name, rfid: employees.rfid, pin: employees.devicePin })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), isNotNull(employees.devicePin)))
    .orderBy(asc(employees.id));
}
