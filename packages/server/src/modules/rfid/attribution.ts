import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { scans } from '../../db/schema';

/** A scan's month in the employer's zone (`YYYY-MM`), as its day is kept (`scan_days`). */
const scanMonth = (timeZone: string) => sql<string>`to_char(${scans.scannedAt} at time zone ${timeZone}, 'YYYY-MM')`;

/** How many scans of a card nobody held there are in each month (the employer's zone). */
export async function unattributedScanMonths(
  db: Executor,
  employerId: number,
  uid: string,
  timeZone: string,
): Promise<Map<string, number>> {
  const month = scanMonth(timeZone);
  const rows = await db
    .select({ month, scans: count() })
    .from(scans)
    .where(and(eq(scans.employerId, employerId), eq(scans.uid, uid), isNull(scans.employeeId)))
    // By position: the zone is a parameter, so the same expression written twice would not match.
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.month, row.scans]));
}

/**
 * Gives an employee the scans of a card nobody held, in the months listed only (the open months
 * whose lock the caller holds: a closed month's scans stay as they were). Answers how many moved.
 */
export async function attributeScans(
  db: Executor,
  employerId: number,
  input: { uid: string; employeeId: number; timeZone: string; months: readonly string[] },
): Promise<number> {
  if (input.months.length === 0) return 0;
  const moved = await db
    .update(scans)
    .set({ employeeId: input.employeeId })
    .where(
      and(
        eq(scans.employerId, employerId),
        eq(scans.uid, input.uid),
        isNull(scans.employeeId),
        inArray(scanMonth(input.timeZone), [...input.months]),
      ),
    )
    .returning({ id: scans.id });
  return moved.length;
}
