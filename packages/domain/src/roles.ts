import { z } from 'zod';

/** The role counted as 'Puntorë' on the dashboard. */
export const ROLE_WORKER = 'Punëtor';
/** The role counted as 'Mjeshter' on the dashboard. */
export const ROLE_MASTER = 'Mjeshtër';
/** Roles a new employer starts with. */
export const DEFAULT_ROLES = [ROLE_WORKER, ROLE_MASTER] as const;

export const ROLE_NAME_MAX = 60;

export const ZRoleName = z
  .string({ error: 'Role name is required.' })
  .trim()
  .min(1, 'Role name is required.')
  .max(ROLE_NAME_MAX, `Role name is too long (at most ${ROLE_NAME_MAX} characters).`);

/** Body of POST /krye/employers/roles and PUT /krye/employers/roles/{index}. */
export const ZRoleRequest = z.strictObject({ role: ZRoleName });
export type TRoleRequest = z.infer<typeof ZRoleRequest>;

/** The employer's roles in order; a role is addressed by its index in this list. */
export const ZRolesResponse = z.object({ roles: z.array(z.string()) });
export type TRolesResponse = z.infer<typeof ZRolesResponse>;

const INDEX_MESSAGE = 'The role index must be a whole number from 0.';
export const ZRoleIndexParams = z.object({
  index: z
    .string({ error: INDEX_MESSAGE })
    .regex(/^\d{1,6}$/, { error: INDEX_MESSAGE })
    .transform(Number),
});
