import { currentMonthIn, type TListType, type TSessionUser, todayIn } from '@puna/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { employers } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';

/** The employer's time zone: its dates (today, this month) are read in it. */
export async function timeZoneOf(db: Executor, employerId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: employers.timeZone })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  if (!row) throw notFound();
  return row.timeZone;
}

/** Today (YYYY-MM-DD) where the caller's employer is. */
export async function todayFor(db: Executor, actor: TSessionUser, now: Date = new Date()): Promise<string> {
  return todayIn(await timeZoneOf(db, tenantOf(actor)), now);
}

/** This month (YYYY-MM) where the caller's employer is. */
export async function currentMonthFor(db: Executor, actor: TSessionUser, now: Date = new Date()): Promise<string> {
  return currentMonthIn(await timeZoneOf(db, tenantOf(actor)), now);
}

/**
 * The `{userId}` in the list-type paths only ever names the caller's own employer: any other id
 * answers 404, exactly like an employer that does not exist.
 */
function ownEmployer(actor: TSessionUser, userId: number): number {
  const employerId = tenantOf(actor);
  if (userId !== employerId) throw notFound('Employer not found.');
  return employerId;
}

export async function getListType(db: Executor, actor: TSessionUser, userId: number): Promise<TListType> {
  const employerId = ownEmployer(actor, userId);
  const [row] = await db
    .select({ listType: employers.listType, type: employers.type })
    .from(employers)
    .where(eq(employers.id, employerId))
    .limit(1);
  if (!row) throw notFound('Employer not found.');
  // The RFID list is part of Premium: a basic employer always gets the normal list.
  return row.type === 'premium' ? (row.listType as TListType) : 'klista';
}

export async function setListType(db: Executor, actor: TSessionUser, userId: number, listType: TListType) {
  const employerId = ownEmployer(actor, userId);
  await db.update(employers).set({ listType }).where(eq(employers.id, employerId));
}
