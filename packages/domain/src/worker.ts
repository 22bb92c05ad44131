import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth';
import { resultEnvelope } from './envelope';
import { ZHoursEntry } from './hours-entries';
import { ZDayMark } from './marks';
import { messages } from './messages';
import { ZWageBasis } from './pay';
import { ZStatementPay } from './pay-summary';

const ZWeek = z.object({
  week: z.number().int(),
  label: z.string(),
  start: z.string(),
  entries: z.array(ZHoursEntry),
  totalHours: z.number(),
});

/** GET /krye/worker/me: the worker's own month, with pay from `computeMonthPay` or, with the labour rules on, the statement. */
export const ZWorkerMonth = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  wages: ZWageBasis,
  salary: z.number(),
  /** YYYY-MM. */
  month: z.string(),
  /** Albanian month name, e.g. 'Mars'. */
  monthName: z.string(),
  /** Every entry of the month, by date. */
  entries: z.array(ZHoursEntry),
  /** The worker view's weeks: Sundays with 0 hours hidden, Sundays with hours last in their week. */
  weeks: z.array(ZWeek),
  /** Hours of the shown entries. */
  totalHours: z.number(),
  countedDays: z.number(),
  workingDays: z.number().int(),
  pay: z.number(),
  gross: z.number(),
  /** The month's marked days (docs/product.md#marks): late, left early, absent, no checkout, on leave, unscheduled work. */
  marks: z.array(ZDayMark).optional(),
  /** With the labour rules on: the payroll statement's figures; `pay` and `gross` are then its net and gross. */
  statement: ZStatementPay.optional(),
});
export type TWorkerMonth = z.infer<typeof ZWorkerMonth>;
export const ZWorkerMonthResponse = resultEnvelope(ZWorkerMonth);

/** GET /auth/password/{id}: the name for the password screen, never a password. */
export const ZWorkerNameResponse = resultEnvelope(z.object({ id: z.number().int(), name: z.string() }));

export const ZChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: messages.currentPasswordRequired })
      .min(1, messages.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, messages.currentPasswordIncorrect),
    newPassword: z
      .string({ error: messages.newPasswordRequired })
      .min(1, messages.newPasswordRequired)
      .min(PASSWORD_MIN_LENGTH, messages.newPasswordTooShort)
      .max(PASSWORD_MAX_LENGTH, messages.newPasswordTooLong),
    /** Optional: when sent it must equal newPassword. */
    confirmPassword: z.string().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: messages.newPasswordMismatch,
      });
    }
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The password changed; `token` is the caller's new session (every older session is revoked). */
export const ZChangePasswordResponse = z.object({ Status: z.literal(true), token: z.string() });
