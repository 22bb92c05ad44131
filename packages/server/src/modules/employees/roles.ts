import { DEFAULT_ROLES, EMPLOYEE_REQUIRED_MESSAGE, formatMessage, messages } from '@puna/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { roles } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';
import { lockEmployer, markRolesSeeded, rolesSeeded } from '../employer-settings/service';
import { countEmployees, countEmployeesWithRole, renameRoleOnEmployees } from './role-holders';

type RoleRow = { id: number; name: string };

/**
 * A new employer is offered 'Punëtor' and 'Mjeshtër' the first time its roles are needed, once:
 * only if it has no roles and no employees yet, and never again after (deleting both defaults
 * does not bring them back).
 */
export async function ensureDefaultRoles(db: Executor, employerId: number): Promise<void> {
  const seeded = await rolesSeeded(db, employerId);
  if (seeded === null || seeded) return;
  await db.transaction(async (tx) => {
    const locked = await lockEmployer(tx, employerId);
    if (!locked || locked.rolesSeeded) return;
    const existing = await rolesOf(tx, employerId);
    if (existing.length === 0 && (await countEmployees(tx, employerId)) === 0) {
      await tx
        .insert(roles)
        .values(DEFAULT_ROLES.map((name, position) => ({ employerId, name, position })))
        .onConflictDoNothing();
    }
    await markRolesSeeded(tx, employerId);
  });
}

async function rolesOf(db: Executor, employerId: number): Promise<RoleRow[]> {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.employerId, employerId))
    .orderBy(asc(roles.position), asc(roles.id));
}

/** The employer's role names in order (their index is how the wire addresses them). */
export async function listRoleNames(db: Executor, employerId: number): Promise<string[]> {
  await ensureDefaultRoles(db, employerId);
  return (await rolesOf(db, employerId)).map((role) => role.name);
}

/** Refuses a role the employer does not have (used when an employee gets a role). */
export async function assertRoleExists(db: Executor, employerId: number, name: string): Promise<void> {
  const names = await listRoleNames(db, employerId);
  if (!names.includes(name)) throw badRequest(EMPLOYEE_REQUIRED_MESSAGE);
}

function sameName(a: string, b: string): boolean {
  return a.toLocaleLowerCase('sq') === b.toLocaleLowerCase('sq');
}

function roleAt(list: RoleRow[], index: number): RoleRow {
  const role = list[index];
  if (!role) throw notFound('Role not found.');
  return role;
}

export async function listRoles(deps: ServiceDeps, actor: Actor): Promise<string[]> {
  const { db } = deps;
  return listRoleNames(db, tenantOf(actor));
}

export async function addRole(deps: ServiceDeps, actor: Actor, name: string): Promise<string[]> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  await ensureDefaultRoles(db, employerId);
  await db.transaction(async (tx) => {
    await lockEmployer(tx, employerId);
    const list = await rolesOf(tx, employerId);
    if (list.some((role) => sameName(role.name, name))) throw conflict(messages.roleExists);
    await tx.insert(roles).values({
      employerId,
      name,
      position: sql<number>`(select coalesce(max(${roles.position}) + 1, 0) from ${roles} where ${roles.employerId} = ${employerId})`,
    });
  });
  return listRoleNames(db, employerId);
}

/**
 * Renames the role at `index`; every employee holding it gets the new name in the same
 * transaction. Returns the new list and how many employees changed.
 */
export async function renameRole(
  deps: ServiceDeps,
  actor: Actor,
  index: number,
  name: string,
): Promise<{ roles: string[]; employeesChanged: number }> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  await ensureDefaultRoles(db, employerId);
  const employeesChanged = await db.transaction(async (tx) => {
    await lockEmployer(tx, employerId);
    const list = await rolesOf(tx, employerId);
    const role = roleAt(list, index);
    if (role.name === name) return 0;
    if (list.some((other) => other.id !== role.id && sameName(other.name, name))) {
      throw conflict(messages.roleExists);
    }
    await tx
      .update(roles)
      .set({ name })
      .where(and(eq(roles.id, role.id), eq(roles.employerId, employerId)));
    return renameRoleOnEmployees(tx, employerId, role.name, name);
  });
  return { roles: await listRoleNames(db, employerId), employeesChanged };
}

/** Deletes the role at `index`; a role still held by employees is refused (409), never orphaned. */
export async function deleteRole(deps: ServiceDeps, actor: Actor, index: number): Promise<string[]> {
  const { db } = deps;
  const employerId = tenantOf(actor);
  await ensureDefaultRoles(db, employerId);
  await db.transaction(async (tx) => {
    await lockEmployer(tx, employerId);
    const role = roleAt(await rolesOf(tx, employerId), index);
    const holders = await countEmployeesWithRole(tx, employerId, role.name);
    if (holders > 0) {
      throw conflict(holders === 1 ? messages.roleHeldOne : formatMessage('roleHeld', { count: holders }));
    }
    await tx.delete(roles).where(and(eq(roles.id, role.id), eq(roles.employerId, employerId)));
  });
  return listRoleNames(db, employerId);
}
