import { and, eq } from 'drizzle-orm';
import { leaveRequests, leaveTypes } from '../../src/db/schema';
import type { TestContext } from './app';

/**
 * Leave written straight to the tables (the leave routes are another module's): a request from one date
 * to another, approved unless told, of a type found or made by name (default a paid custom 'Pushim vjetor').
 */
export async function insertLeave(
  ctx: TestContext,
  employerId: number,
  employeeId: number,
  leave: { from: string; to: string; type?: string; kind?: string; paid?: boolean; status?: string },
): Promise<void> {
  const name = leave.type ?? 'Pushim vjetor';
  const kind = leave.kind ?? 'custom';
  const paid = leave.paid ?? true;
  const [found] = await ctx.app.db
    .select({ id: leaveTypes.id, kind: leaveTypes.kind, paid: leaveTypes.paid })
    .from(leaveTypes)
    .where(and(eq(leaveTypes.employerId, employerId), eq(leaveTypes.name, name)));
  // A type of the same name made differently would change the test's meaning silently.
  if (found && (found.kind !== kind || found.paid !== paid)) throw new Error(`leave type ${name} exists otherwise`);
  const typeId =
    found?.id ??
    (await ctx.app.db.insert(leaveTypes).values({ employerId, kind, name, paid }).returning({ id: leaveTypes.id }))[0]
      ?.id;
  if (typeId === undefined) throw new Error('leave type insert returned nothing');
  await ctx.app.db.insert(leaveRequests).values({
    employerId,
    employeeId,
    typeId,
    fromDate: leave.from,
    toDate: leave.to,
    status: leave.status ?? 'approved',
  });
}
