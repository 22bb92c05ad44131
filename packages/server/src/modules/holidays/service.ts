import {
  holidaysOf,
  messages,
  type TCompanyHolidayRequest,
  type THolidayEntry,
  type THolidaysResponse,
} from '@puna/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { companyHolidays } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { assertMonthsOpen } from '../closed-months/service';
import { jurisdictionOf } from '../employer-settings/service';

type CompanyRow = { id: number; date: string; name: string };

function companyEntry(row: CompanyRow): THolidayEntry {
  return { id: row.id, date: row.date, name: row.name, kind: 'company', dayOff: true };
}

/**
 * The employer's holiday calendar for a year (docs/labour-rules.md#official-holidays): its
 * jurisdiction's official holidays, computed, and its own company days, in date order (official
 * first on a shared date). Official holidays whose date is not published are listed as unknown.
 */
export async function listHolidays(deps: ServiceDeps, actor: Actor, year: number): Promise<THolidaysResponse> {
  const employerId = tenantOf(actor);
  const jurisdiction = await jurisdictionOf(deps.db, employerId);
  const official = holidaysOf(jurisdiction, year);
  const rows = await deps.db
    .select({ id: companyHolidays.id, date: companyHolidays.date, name: companyHolidays.name })
    .from(companyHolidays)
    .where(
      and(
        eq(companyHolidays.employerId, employerId),
        gte(companyHolidays.date, `${year}-01-01`),
        lte(companyHolidays.date, `${year}-12-31`),
      ),
    )
    .orderBy(asc(companyHolidays.date));
  const holidays: THolidayEntry[] = [...official.holidays, ...rows.map(companyEntry)];
  // Stable: official entries keep their order and come before a company day on the same date.
  holidays.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { year, jurisdiction, holidays, unknown: official.unknown };
}

/**
 * Adds a company day off; one per date (a second on the same date is 409). A date in a closed
 * month is 409 (a company day changes that month's pay, which is settled), under the month's lock.
 */
export async function addCompanyHoliday(
  deps: ServiceDeps,
  actor: Actor,
  input: TCompanyHolidayRequest,
): Promise<THolidayEntry> {
  const employerId = tenantOf(actor);
  try {
    return await deps.db.transaction(async (tx) => {
      await assertMonthsOpen(tx, employerId, [input.date], messages.companyDayMonthClosed);
      const [row] = await tx
        .insert(companyHolidays)
        .values({ employerId, date: input.date, name: input.name })
        .returning({ id: companyHolidays.id, date: companyHolidays.date, name: companyHolidays.name });
      if (!row) throw new Error('company holiday insert returned nothing');
      return companyEntry(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.holidayExists);
    throw error;
  }
}

/**
 * Deletes one of the employer's company days; another employer's id answers like a missing one,
 * and a day in a closed month is 409, as adding one is.
 */
export async function deleteCompanyHoliday(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  const employerId = tenantOf(actor);
  await deps.db.transaction(async (tx) => {
    const where = and(eq(companyHolidays.id, id), eq(companyHolidays.employerId, employerId));
    const [day] = await tx.select({ date: companyHolidays.date }).from(companyHolidays).where(where);
    if (!day) throw notFound('Holiday not found.');
    await assertMonthsOpen(tx, employerId, [day.date], messages.companyDayMonthClosed);
    const deleted = await tx.delete(companyHolidays).where(where).returning({ id: companyHolidays.id });
    if (deleted.length === 0) throw notFound('Holiday not found.');
  });
}

/** The employer's company days in a range, date and name (paid days off, like official holidays). */
export async function companyDaysIn(
  db: Executor,
  employerId: number,
  range: { from: string; to: string },
): Promise<{ date: string; name: string }[]> {
  const rows = await db
    .select({ date: companyHolidays.date, name: companyHolidays.name })
    .from(companyHolidays)
    .where(
      and(
        eq(companyHolidays.employerId, employerId),
        gte(companyHolidays.date, range.from),
        lte(companyHolidays.date, range.to),
      ),
    );
  return rows;
}
