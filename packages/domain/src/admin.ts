import { z } from 'zod';
import { ZSubscriptionType } from './auth';
import { isIsoDate } from './calendar';
import { idField } from './ids';
import { ZListType } from './list-type';
import { messages } from './messages';

/** Workers an employer may have unless the admin sets another limit (docs/product.md#admin). */
export const DEFAULT_WORKER_LIMIT = 10;
export const MAX_WORKER_LIMIT = 100_000;

/** One employer account as the platform admin sees it; never a password or its hash. */
export const ZAdminEmployer = z.object({
  id: z.number().int(),
  email: z.string(),
  company_name: z.string(),
  role: z.literal('employer'),
  is_verified: z.boolean(),
  type: ZSubscriptionType,
  transaction_id: z.string().nullable(),
  /** YYYY-MM-DD or null. */
  transaction_date: z.string().nullable(),
  limit_workers: z.number().int(),
  /** The list type the employer gets: always 'klista' on the basic plan. */
  listaType: ZListType,
  worker_count: z.number().int(),
});
export type TAdminEmployer = z.infer<typeof ZAdminEmployer>;

export const ZAdminEmployersQuery = z.strictObject({
  /** Case-insensitive text contained in the e-mail or the company name. */
  q: z.string().trim().max(254, messages.adminSearchTooLong).optional(),
});

export const ZEmployerIdParams = z.object({ id: idField(messages.employerIdInvalid) });

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Non-numeric or empty falls back to the default limit (docs/product.md#admin); a number is truncated to a whole one. */
export function parseWorkerLimit(value: unknown): number {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : DEFAULT_WORKER_LIMIT;
}

const TRANSACTION_DATE_MESSAGE = messages.adminTransactionDateInvalid;

/**
 * Body of PUT /auth/updateEmployer/{id}. Only these four fields are editable; anything else the
 * client sends (a whole row: email, company_name, is_verified, …) is dropped, never applied.
 * A field left out stays as it is.
 */
export const ZUpdateEmployerRequest = z.object({
  type: z.enum(['basic', 'premium'], { error: messages.adminTypeInvalid }).optional(),
  transaction_id: z
    .preprocess(
      (value) => (typeof value === 'number' ? String(value) : blankToNull(value)),
      z
        .string({ error: messages.adminTransactionIdInvalid })
        .trim()
        .max(200, messages.adminTransactionIdTooLong)
        .nullable(),
    )
    .optional(),
  transaction_date: z
    .preprocess(
      // A timestamp (2025-03-04T00:00:00.000Z) is read as its date.
      (value) =>
        typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : blankToNull(value),
      z.string({ error: TRANSACTION_DATE_MESSAGE }).refine(isIsoDate, { error: TRANSACTION_DATE_MESSAGE }).nullable(),
    )
    .optional(),
  limit_workers: z
    .preprocess(
      parseWorkerLimit,
      z
        .number()
        .int()
        .min(0, messages.adminWorkerLimitNegative)
        .max(MAX_WORKER_LIMIT, messages.adminWorkerLimitTooLarge),
    )
    .optional(),
});
export type TUpdateEmployerRequest = z.infer<typeof ZUpdateEmployerRequest>;

export const ZAdminLoginResponse = z.object({ success: z.literal(true), token: z.string(), redirectTo: z.string() });

/** A refused admin login: the spec's client reads `message`. */
export const ZAdminLoginError = z.object({ Status: z.literal(false), Error: z.string(), message: z.string() });

/** Answer of POST /auth/admin/impersonate/{id} and POST /auth/goback: where the browser goes next. */
export const ZRedirectResponse = z.object({ Status: z.literal(true), redirectTo: z.string() });

export const ZAuditQuery = z.strictObject({
  employerId: idField(messages.employerIdFilterInvalid).optional(),
  limit: z.coerce
    .number({ error: messages.adminLimitInvalid })
    .int({ error: messages.adminLimitInvalid })
    .min(1, messages.adminLimitInvalid)
    .max(500, messages.adminLimitInvalid)
    .default(100),
});

/** One write made while an admin was viewing an employer's account. */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  employer_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  actor_user_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  impersonator_user_id: z.number().int().nullable(),
  impersonator_email: z.string().nullable(),
  /** `METHOD /route/pattern`, e.g. `POST /krye/employers/roles`. */
  action: z.string(),
  /** `{ params, statusCode }`; request bodies are not recorded (they may hold passwords). */
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZContactInboxQuery = z.strictObject({
  unread: z
    .enum(['true', 'false', '1', '0'], { error: messages.adminUnreadInvalid })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});

export const ZContactInboxMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type TContactInboxMessage = z.infer<typeof ZContactInboxMessage>;

export const ZMarkContactReadRequest = z.strictObject({ read: z.boolean({ error: messages.adminReadInvalid }) });
