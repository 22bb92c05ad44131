import { z } from 'zod';
import { messages } from './messages';

/** The role counted as 'Puntorë' on the dashboard. */
export const ROLE_WORKER = 'Punëtor';
/** The role counted as 'Mjeshter' on the dashboard. */
export const ROLE_MASTER = 'Mjeshtër';
/** Roles a new employer starts with. */
export const DEFAULT_ROLES = [ROLE_WORKER, ROLE_MASTER] as const;

export const ROLE_NAME_MAX = 60;

export const ZRoleName = z
  .string({ error: messages.roleNameRequired })
  .trim()
  .min(1, messages.roleNameRequired)
  .max(ROLE_NAME_MAX, messages.roleNameTooLong);

/** Body of POST /krye/employers/roles and PUT /krye/employers/roles/{index}. */
export const ZRoleRequest = z.strictObject({ role: ZRoleName });
export type TRoleRequest = z.infer<typeof ZRoleRequest>;

/** The employer's roles in order; a role is addressed by its index in this list. */
export const ZRolesResponse = z.object({ roles: z.array(z.string()) });
export type TRolesResponse = z.infer<typeof ZRolesResponse>;

const INDEX_MESSAGE = messages.roleIndexInvalid;
export const ZRoleIndexParams = z.object({
  index: z
    .string({ error: INDEX_MESSAGE })
    .regex(/^\d{1,6}$/, { error: INDEX_MESSAGE })
    .transform(Number),
});
