import {
  BUILT_IN_LEAVE_TYPES,
  messages,
  type TLeaveType,
  type TLeaveTypeCreateRequest,
  type TLeaveTypeUpdateRequest,
} from '@puna/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { leaveTypes } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/tenant';
import type { ServiceDeps } from '../../plugins/deps';

const typeColumns = {
  id: leaveTypes.id,
  kind: leaveTypes.kind,
  name: leaveTypes.name,
  paid: leaveTypes.paid,
  needsApproval: leaveTypes.needsApproval,
  archived: leaveTypes.archived,
};
export type TypeRow = {
  id: number;
  kind: string;
  name: string;
  paid: boolean;
  needsApproval: boolean;
  archived: boolean;
};

const typeToWire = (row: TypeRow): TLeaveType => ({
  id: row.id,
  kind: row.kind as TLeaveType['kind'],
  name: row.name,
  paid: row.paid,
  needs_approval: row.needsApproval,
  archived: row.archived,
});

/** The built-in types (annual, sick, unpaid) are created the first time an employer's leave is used. */
export async function ensureBuiltInTypes(db: Executor, employerId: number): Promise<void> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leaveTypes)
    .where(and(eq(leaveTypes.employerId, employerId), inArray(leaveTypes.kind, ['annual', 'sick', 'unpaid'])));
  if (Number(existing?.count ?? 0) === BUILT_IN_LEAVE_TYPES.length) return;
  await db
    .insert(leaveTypes)
    .values(BUILT_IN_LEAVE_TYPES.map((type) => ({ employerId, ...type })))
    .onConflictDoNothing();
}

export async function typesOf(db: Executor, employerId: number): Promise<TLeaveType[]> {
  await ensureBuiltInTypes(db, employerId);
  const rows = await db.select(typeColumns).from(leaveTypes).where(eq(leaveTypes.employerId, employerId));
  const order = (kind: string) => ['annual', 'sick', 'unpaid', 'custom'].indexOf(kind);
  return rows
    .sort((a, b) => order(a.kind) - order(b.kind) || a.name.localeCompare(b.name, 'sq') || a.id - b.id)
    .map(typeToWire);
}

export async function findType(db: Executor, employerId: number, id: number): Promise<TypeRow> {
  const [row] = await db
    .select(typeColumns)
    .from(leaveTypes)
    .where(and(eq(leaveTypes.id, id), eq(leaveTypes.employerId, employerId)))
    .limit(1);
  if (!row) throw notFound(messages.leaveTypeNotFound);
  return row;
}

/** GET /krye/leave-types: built-ins first, then the employer's own, archived ones included. */
export async function listLeaveTypes(deps: ServiceDeps, actor: Actor): Promise<TLeaveType[]> {
  return typesOf(deps.db, tenantOf(actor));
}

/** POST /krye/leave-types: an employer's own type. */
export async function createLeaveType(
  deps: ServiceDeps,
  actor: Actor,
  input: TLeaveTypeCreateRequest,
): Promise<TLeaveType> {
  const employerId = tenantOf(actor);
  await ensureBuiltInTypes(deps.db, employerId);
  try {
    const [row] = await deps.db
      .insert(leaveTypes)
      .values({ employerId, kind: 'custom', name: input.name, paid: input.paid, needsApproval: input.needs_approval })
      .returning(typeColumns);
    return typeToWire(row as TypeRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.leaveTypeNameTaken);
    throw error;
  }
}

/** PUT /krye/leave-types/{id}: a built-in keeps its name and pay and is never archived. */
export async function updateLeaveType(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: TLeaveTypeUpdateRequest,
): Promise<TLeaveType> {
  const input = body ?? {};
  const employerId = tenantOf(actor);
  await ensureBuiltInTypes(deps.db, employerId);
  const type = await findType(deps.db, employerId, id);
  if (
    type.kind !== 'custom' &&
    ((input.name !== undefined && input.name !== type.name) ||
      (input.paid !== undefined && input.paid !== type.paid) ||
      input.archived === true)
  ) {
    throw conflict(messages.leaveTypeBuiltIn);
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.paid !== undefined ? { paid: input.paid } : {}),
    ...(input.needs_approval !== undefined ? { needsApproval: input.needs_approval } : {}),
    ...(input.archived !== undefined ? { archived: input.archived } : {}),
  };
  // Nothing to change (an empty body): the type as it is.
  if (Object.keys(changes).length === 0) return typeToWire(type);
  try {
    const [row] = await deps.db
      .update(leaveTypes)
      .set(changes)
      .where(and(eq(leaveTypes.id, id), eq(leaveTypes.employerId, employerId)))
      .returning(typeColumns);
    return typeToWire(row as TypeRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.leaveTypeNameTaken);
    throw error;
  }
}
