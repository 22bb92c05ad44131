import type { Actor } from './actor';
import { forbidden } from './errors';

/**
 * The employer every query of this caller is scoped to, taken from the session and never from the
 * request. Employers (and admins acting as one) and workers both belong to exactly one employer.
 */
export function tenantOf(actor: Actor): number {
  if (actor.employerId === null) throw forbidden();
  return actor.employerId;
}

/** The employee a worker's session belongs to. */
export function ownEmployeeOf(actor: Actor): number {
  if (actor.kind !== 'worker' || actor.employeeId === null) throw forbidden();
  return actor.employeeId;
}

/** The caller's employer's time zone (read with the session), for its today and this month. */
export function employerTimeZoneOf(actor: Actor): string {
  if (actor.employerId === null || actor.timeZone === null) throw forbidden();
  return actor.timeZone;
}
