import type { TSessionUser } from '@puna/domain';

export type ActorKind = 'employer' | 'worker' | 'admin';

/**
 * Who is calling, as the services see it: built once by the session lookup (`findSession`) and
 * taken by every service as its `actor`. The wire's session object (`TSessionUser`, with its
 * kind-dependent `id` and three encodings of the role) is made from it only where a response
 * carries it (`toSessionUser`).
 */
export type Actor = {
  kind: ActorKind;
  /** The login (`users.id`). */
  userId: number;
  email: string;
  /** The employer every query of this caller is scoped to; null only for a platform admin. */
  employerId: number | null;
  /** A worker's own employee; null for employers and admins. */
  employeeId: number | null;
  /** The admin (`users.id`) viewing this employer's account, or null. */
  impersonatorId: number | null;
  /** The employer's plan, read on every request (an admin counts as premium). */
  plan: 'basic' | 'premium';
  /** The employer's time zone (its today and this month); null for a platform admin. */
  timeZone: string | null;
  companyName: string | null;
  /** The worker's own name, or the company name for an employer. */
  name: string | null;
};

/**
 * The id the wire calls the caller's own (`/auth/verify`, `/auth/password/{id}`): the employee for a
 * worker, the employer for an employer, the login for an admin.
 */
export function wireIdOf(actor: Actor): number {
  if (actor.kind === 'worker') return actor.employeeId ?? actor.userId;
  if (actor.kind === 'employer') return actor.employerId ?? actor.userId;
  return actor.userId;
}

/** The session object the wire carries (`/auth/check`, login answers). */
export function toSessionUser(actor: Actor): TSessionUser {
  return {
    id: wireIdOf(actor),
    userId: actor.userId,
    email: actor.email,
    acc: actor.kind === 'admin' ? 'admin' : 'user',
    userType: actor.kind === 'worker' ? 'worker' : 'employer',
    role: actor.kind,
    type: actor.plan,
    employerId: actor.employerId,
    employeeId: actor.employeeId,
    companyName: actor.companyName,
    name: actor.name,
    impersonatedBy: actor.impersonatorId,
  };
}
