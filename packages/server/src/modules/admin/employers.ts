import {
  effectiveListType,
  messages,
  type TAdminEmployer,
  type TSubscriptionType,
  type TUpdateEmployerRequest,
} from '@puna/domain';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employees, employers, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceDeps } from '../../plugins/deps';
import { updatePlan } from '../employer-settings/service';

/** `%`, `_` and `\` match literally in a search. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The admin's view of employer accounts, with the owner's e-mail and the number of workers. One
 * query for the whole list (the worker counts are grouped once), never a password column.
 */
async function selectEmployers(db: Db, where: SQL | undefined): Promise<TAdminEmployer[]> {
  const workerCounts = db
    .select({ employerId: employees.employerId, workers: count().as('workers') })
    .from(employees)
    .groupBy(employees.employerId)
    .as('worker_counts');
  const rows = await db
    .select({
      id: employers.id,
      email: users.email,
      companyName: employers.companyName,
      isVerified: users.isVerified,
      type: employers.type,
      transactionId: employers.transactionId,
      transactionDate: employers.transactionDate,
      limitWorkers: employers.limitWorkers,
      listType: employers.listType,
      workerCount: sql<number>`coalesce(${workerCounts.workers}, 0)`.mapWith(Number),
    })
    .from(employers)
    .innerJoin(users, and(eq(users.employerId, employers.id), eq(users.kind, 'employer')))
    .leftJoin(workerCounts, eq(workerCounts.employerId, employers.id))
    .where(where)
    .orderBy(asc(employers.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    company_name: row.companyName,
    role: 'employer' as const,
    is_verified: row.isVerified,
    type: row.type as TSubscriptionType,
    transaction_id: row.transactionId,
    transaction_date: row.transactionDate,
    limit_workers: row.limitWorkers,
    // What the employer gets: the RFID list is part of Premium.
    listaType: effectiveListType(row.type, row.listType),
    worker_count: row.workerCount,
  }));
}

export async function listEmployers(deps: ServiceDeps, query: { q?: string }): Promise<TAdminEmployer[]> {
  const { db } = deps;
  const text = query.q?.trim();
  const where = text
    ? or(ilike(users.email, likePattern(text)), ilike(employers.companyName, likePattern(text)))
    : undefined;
  return selectEmployers(db, where);
}

export async function getEmployer(deps: ServiceDeps, employerId: number): Promise<TAdminEmployer> {
  const { db } = deps;
  const [employer] = await selectEmployers(db, eq(employers.id, employerId));
  if (!employer) throw notFound(messages.employerNotFound);
  return employer;
}

/** Applies the plan fields the admin may edit; the schema has already dropped everything else. */
export async function updateEmployer(
  deps: ServiceDeps,
  employerId: number,
  input: TUpdateEmployerRequest,
): Promise<TAdminEmployer> {
  const { db } = deps;
  const changes = {
    ...(input.type !== undefined && { type: input.type }),
    ...(input.transaction_id !== undefined && { transactionId: input.transaction_id }),
    ...(input.transaction_date !== undefined && { transactionDate: input.transaction_date }),
    ...(input.limit_workers !== undefined && { limitWorkers: input.limit_workers }),
  };
  if (Object.keys(changes).length > 0 && !(await updatePlan(db, employerId, changes))) {
    throw notFound(messages.employerNotFound);
  }
  return getEmployer(deps, employerId);
}
