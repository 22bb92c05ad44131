import type { TSessionUser } from '@puna/domain';
import { forbidden } from './errors';

/**
 * The employer every query of this caller is scoped to, taken from the session and never from the
 * request. Employers (and admins acting as one) and workers both belong to exactly one employer.
 */
export function tenantOf(actor: TSessionUser): number {
  if (actor.employerId === null) throw forbidden();
  return actor.employerId;
}

/** The employee a worker's session belongs to. */
export function ownEmployeeOf(actor: TSessionUser): number {
  if (actor.role !== 'worker' || actor.employeeId === null) throw forbidden();
  return actor.employeeId;
}
