import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ZEmail } from './auth';
import { isIsoDate } from './calendar';
import { resultEnvelope } from './envelope';
import { messages } from './messages';
import { WAGE_BASES, ZWageBasis } from './pay';
import { ZCardUid } from './rfid';
import { salaryField } from './salary';
import { ZSchedule, ZScheduleInput } from './schedule';

/** The add form's one sentence for a missing field (docs/product.md#employees). */
export const EMPLOYEE_REQUIRED_MESSAGE = messages.employeeRequired;

export const EMPLOYEE_NAME_MAX = 120;

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: EMPLOYEE_REQUIRED_MESSAGE }).trim().min(1, EMPLOYEE_REQUIRED_MESSAGE).max(max, tooLong);

const ZEmployeeName = requiredText(EMPLOYEE_NAME_MAX, messages.employeeNameTooLong);
const ZEmployeeRole = requiredText(60, messages.employeeRoleTooLong);
const ZEmployeeWages = z.enum(WAGE_BASES, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? EMPLOYEE_REQUIRED_MESSAGE
      : messages.wagesInvalid,
});

/** An empty optional field ('' or null from a form) counts as not given. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Longest personal ID number (Kosovo's personal number has 10 digits, Albania's NID 10 characters). */
export const PERSONAL_ID_MAX = 20;

/**
 * The employee's personal ID number for the payroll declaration (docs/product.md#employees):
 * 1–20 letters or digits, spaces around it dropped, kept in capitals.
 */
export const ZPersonalId = z
  .string({ error: messages.personalIdInvalid })
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9]{1,${PERSONAL_ID_MAX}}$`), messages.personalIdInvalid);

/** A date of employment: a real date written `YYYY-MM-DD` (spaces around it dropped). */
const employmentDate = (message: string) => z.string({ error: message }).trim().refine(isIsoDate, { error: message });
export const ZStartDate = employmentDate(messages.startDateInvalid);
export const ZEndDate = employmentDate(messages.endDateInvalid);

/** The end of employment is not before its start (both given); dates written `YYYY-MM-DD` compare as text. */
export function endsBeforeStart(start: string | null | undefined, end: string | null | undefined): boolean {
  return typeof start === 'string' && typeof end === 'string' && end < start;
}

/** Body of POST /krye/add_employee. E-mail and password together create the worker's login. */
export const ZCreateEmployeeRequest = z
  .object({
    name: ZEmployeeName,
    salary: salaryField(EMPLOYEE_REQUIRED_MESSAGE),
    wages: ZEmployeeWages,
    role: ZEmployeeRole,
    email: z.preprocess(blankToUndefined, ZEmail.optional()),
    password: z.preprocess(
      blankToUndefined,
      z.string({ error: messages.passwordNotText }).max(PASSWORD_MAX_LENGTH, messages.passwordTooLong).optional(),
    ),
    schedule: ZScheduleInput.optional(),
    /** Optional; an empty value is the same as none. */
    personal_id: z.preprocess(blankToUndefined, ZPersonalId.optional()),
    /** First day of employment (optional; `YYYY-MM-DD`). */
    start_date: z.preprocess(blankToUndefined, ZStartDate.optional()),
    /** Last day of employment (optional; `YYYY-MM-DD`, not before start_date). */
    end_date: z.preprocess(blankToUndefined, ZEndDate.optional()),
    /** The card UID, as the edit form sends it (optional; an empty value is none). */
    rfid: z.preprocess(blankToUndefined, ZCardUid.optional()),
  })
  .superRefine((input, ctx) => {
    if (endsBeforeStart(input.start_date, input.end_date)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: messages.endDateBeforeStart });
    }
    if (input.email !== undefined && input.password === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: messages.workerLoginPasswordMissing,
      });
    } else if (input.password !== undefined && input.email === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: messages.workerLoginEmailMissing,
      });
    } else if (input.password !== undefined && input.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: messages.passwordTooShort,
      });
    }
  });
export type TCreateEmployeeRequest = z.infer<typeof ZCreateEmployeeRequest>;
export type TCreateEmployeeInput = z.input<typeof ZCreateEmployeeRequest>;

/** An empty text field clears the value (null); leaving the field out keeps it. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A time clock's user PIN: letters and digits, up to 24 (numeric PINs match without leading zeros). */
export const ZDevicePin = z.string().regex(/^[A-Za-z0-9]{1,24}$/, messages.clockPinInvalid);

/**
 * Body of PUT /krye/edit_employee/{id}. Without `schedule` the schedule stays; `null` clears it.
 * The same holds for `rfid` (the card UID), `device_pin` (the PIN on ZKTeco clocks),
 * `personal_id` (the personal ID number) and the employment dates `start_date` and `end_date`
 * (an end before the start, sent or stored, is refused).
 */
export const ZEditEmployeeRequest = z
  .strictObject({
    name: ZEmployeeName,
    salary: salaryField(EMPLOYEE_REQUIRED_MESSAGE),
    wages: ZEmployeeWages,
    role: ZEmployeeRole,
    schedule: ZScheduleInput.optional(),
    rfid: z.preprocess(blankToNull, ZCardUid.nullable()).optional(),
    device_pin: z.preprocess(blankToNull, ZDevicePin.nullable()).optional(),
    personal_id: z.preprocess(blankToNull, ZPersonalId.nullable()).optional(),
    start_date: z.preprocess(blankToNull, ZStartDate.nullable()).optional(),
    end_date: z.preprocess(blankToNull, ZEndDate.nullable()).optional(),
    /**
     * A new password for the worker's login (empty = unchanged). Setting it revokes every session of
     * that login; an employee without a login is refused with a sentence.
     */
    password: z.preprocess(
      blankToUndefined,
      z
        .string({ error: messages.passwordNotText })
        .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
        .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong)
        .optional(),
    ),
  })
  .superRefine((input, ctx) => {
    if (endsBeforeStart(input.start_date, input.end_date)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: messages.endDateBeforeStart });
    }
  });
export type TEditEmployeeRequest = z.infer<typeof ZEditEmployeeRequest>;
export type TEditEmployeeInput = z.input<typeof ZEditEmployeeRequest>;

/** An employee as the list, the add/edit answers and the `employee_update` event carry it. */
export const ZEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  salary: z.number(),
  wages: ZWageBasis,
  role: z.string(),
  schedule: ZSchedule.nullable(),
  employer_id: z.number().int(),
  /** The worker's login e-mail, or null when the employee has no login. */
  email: z.string().nullable(),
  rfid: z.string().nullable(),
  /** The personal ID number for the payroll declaration, or null when not given. */
  personal_id: z.string().nullable(),
  /** First day of employment (`YYYY-MM-DD`), or null when not given. */
  start_date: z.string().nullable(),
  /** Last day of employment (`YYYY-MM-DD`), or null; an archived employee has one in the past. */
  end_date: z.string().nullable(),
});
export type TEmployee = z.infer<typeof ZEmployee>;

/** GET /krye/data/employee/{id}. */
export const ZEmployeeDetail = ZEmployee.pick({
  id: true,
  name: true,
  salary: true,
  role: true,
  wages: true,
  schedule: true,
  start_date: true,
  end_date: true,
});
export type TEmployeeDetail = z.infer<typeof ZEmployeeDetail>;

export const ZEmployeeListResponse = resultEnvelope(z.array(ZEmployee));
export const ZEmployeeResponse = resultEnvelope(ZEmployee);

/**
 * DELETE /krye/delete_employee/{id}: `{ Status: true }` when the employee was deleted; an employee
 * with pay in a closed month is archived instead (`archived: true`, its `end_date` and a sentence).
 */
export const ZDeleteEmployeeResponse = z.object({
  Status: z.literal(true),
  archived: z.boolean().optional(),
  end_date: z.string().optional(),
  message: z.string().optional(),
});
export type TDeleteEmployeeResponse = z.infer<typeof ZDeleteEmployeeResponse>;
export const ZEmployeeDetailResponse = resultEnvelope(ZEmployeeDetail);

/** The dashboard counts: `{ Status: true, Result: { worker_count } }`. */
export const ZWorkerCountResponse = resultEnvelope(z.object({ worker_count: z.number().int() }));
