/**
 * The employee queries the roles (roles.ts, the employer's list of role names) need: how many hold
 * a role, and renaming it on them. Apart from service.ts, which checks a role exists through
 * roles.ts, so the two files do not import each other.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { employees } from '../../db/schema';

export async function countEmployees(db: Executor, employerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(employees).where(eq(employees.employerId, employerId));
  return row?.n ?? 0;
}

export async function countEmployeesWithRole(db: Executor, employerId: number, role: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(employees)
    .where(and(eq(employees.employerId, employerId), eq(employees.role, role)));
  return row?.n ?? 0;
}

/** Gives every employee holding `from` the role `to`; returns how many changed. */
export async function renameRoleOnEmployees(db: Executor, employerId: number, from: string, to: string) {
  const changed = await db
    .update(employees)
    .set({ role: to })
    .where(and(eq(employees.employerId, employerId), eq(employees.role, from)))
    .returning({ id: employees.id });
  return changed.length;
}
