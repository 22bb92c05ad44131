import { z } from 'zod';
import { YEAR_RANGE, ZIsoDate } from './calendar';
import { resultEnvelope } from './envelope';
import { idField } from './ids';
import { ZJurisdiction } from './labour/rule-set-schema';
import { LEAVE_KINDS, LEAVE_MAX_RANGE_DAYS, LEAVE_STATUSES } from './leave';
import { messages, requiredOrText } from './messages';
import { ZYearQuery } from './period';

/** The wire contract of leave and absences (docs/product.md#leave). */

export const LEAVE_TYPE_NAME_MAX = 60;
export const LEAVE_NOTE_MAX = 500;

const ZLeaveTypeName = z
  .string({ error: requiredOrText(messages.leaveTypeNameRequired, messages.leaveTypeNameRequired) })
  .trim()
  .min(1, { error: messages.leaveTypeNameRequired })
  .max(LEAVE_TYPE_NAME_MAX, { error: messages.leaveTypeNameTooLong });

const ZNote = z
  .string({ error: messages.leaveNoteTooLong })
  .trim()
  .max(LEAVE_NOTE_MAX, { error: messages.leaveNoteTooLong })
  .nullable()
  .optional()
  .transform((note) => (note ? note : null));

/** `?year=YYYY`; absent: the current year in the employer's time zone. */
export const ZLeaveYearQuery = ZYearQuery;

export const ZLeaveType = z.object({
  id: z.number().int(),
  /** 'annual', 'sick' and 'unpaid' are built in; 'custom' the employer's own. */
  kind: z.enum(LEAVE_KINDS),
  name: z.string(),
  paid: z.boolean(),
  needs_approval: z.boolean(),
  archived: z.boolean(),
});
export type TLeaveType = z.infer<typeof ZLeaveType>;

export const ZLeaveTypesResponse = resultEnvelope(z.array(ZLeaveType));
export const ZLeaveTypeResponse = resultEnvelope(ZLeaveType);

/** Body of POST /krye/leave-types. */
export const ZLeaveTypeCreateRequest = z.strictObject({
  name: ZLeaveTypeName,
  paid: z.boolean({ error: messages.leavePaidInvalid }),
  needs_approval: z.boolean({ error: messages.leaveNeedsApprovalInvalid }),
});
export type TLeaveTypeCreateRequest = z.infer<typeof ZLeaveTypeCreateRequest>;

/** Body of PUT /krye/leave-types/{id}: the fields given change. */
export const ZLeaveTypeUpdateRequest = z
  .strictObject({
    name: ZLeaveTypeName.optional(),
    paid: z.boolean({ error: messages.leavePaidInvalid }).optional(),
    needs_approval: z.boolean({ error: messages.leaveNeedsApprovalInvalid }).optional(),
    archived: z.boolean({ error: messages.leaveArchivedInvalid }).optional(),
  })
  // A client that sends no body changes nothing.
  .nullish();
export type TLeaveTypeUpdateRequest = z.infer<typeof ZLeaveTypeUpdateRequest>;

/** One leave, asked by a worker or recorded by the employer. */
export const ZLeaveRequest = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  /** The worker's name. */
  name: z.string(),
  type_id: z.number().int(),
  type_name: z.string(),
  kind: z.enum(LEAVE_KINDS),
  paid: z.boolean(),
  from: z.string(),
  to: z.string(),
  /** Working days it takes: scheduled days less official and company holidays, fixed when recorded. */
  days: z.number(),
  status: z.enum(LEAVE_STATUSES),
  note: z.string().nullable(),
  decision_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /** Not yet seen by the side that lists it (a new request for the employer, a decision for the worker). */
  unread: z.boolean(),
});
export type TLeaveRequest = z.infer<typeof ZLeaveRequest>;

const ZLeaveRange = {
  from: ZIsoDate,
  to: ZIsoDate,
  type: idField(messages.leaveTypeIdInvalid),
  note: ZNote,
};

/** Body of POST /krye/worker/me/leave. */
export const ZLeaveAskRequest = z.strictObject(ZLeaveRange);
export type TLeaveAskRequest = z.infer<typeof ZLeaveAskRequest>;

/** Body of POST /krye/leave: approved leave recorded by the employer. */
export const ZLeaveRecordRequest = z.strictObject({ employee_id: idField(messages.workerIdInvalid), ...ZLeaveRange });
export type TLeaveRecordRequest = z.infer<typeof ZLeaveRecordRequest>;

/** Body of PUT /krye/leave/{id}. */
export const ZLeaveDecisionRequest = z.strictObject({
  status: z.enum(['approved', 'declined'], { error: messages.leaveDecisionInvalid }),
  note: ZNote,
});
export type TLeaveDecisionRequest = z.infer<typeof ZLeaveDecisionRequest>;

/** `?status=` of GET /krye/leave; absent: every status. */
export const ZLeaveListQuery = z.strictObject({
  status: z.enum(LEAVE_STATUSES, { error: messages.leaveStatusInvalid }).optional(),
});

export const ZLeaveList = z.object({
  requests: z.array(ZLeaveRequest),
  /** How many were unread before this listing cleared them. */
  unread: z.number().int(),
});
export const ZLeaveListResponse = resultEnvelope(ZLeaveList);
export const ZLeaveRequestResponse = resultEnvelope(ZLeaveRequest);

/** GET /krye/leave/unread and /krye/worker/me/leave/unread: the nav's dot, read without clearing it. */
export const ZLeaveUnreadResponse = resultEnvelope(z.object({ unread: z.number().int() }));
/** GET /krye/leave/unread: the employer's unseen requests and those waiting for a decision (the requests inbox's count). */
export const ZEmployerLeaveUnreadResponse = resultEnvelope(
  z.object({ unread: z.number().int(), pending: z.number().int() }),
);

/** One worker's year of leave. */
export const ZLeaveBalance = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  /** The day the worker's employee row was created: its start date for pro rata. */
  start_date: z.string(),
  /** Annual leave due this year (after pro rata), whole days. */
  entitled: z.number(),
  /** The employer's override for this worker and year, or null (computed). */
  entitled_override: z.number().nullable(),
  carried_over: z.number(),
  taken: z.number(),
  pending: z.number(),
  remaining: z.number(),
  sick: z.object({ taken: z.number(), paid_days: z.number().int(), over: z.number() }),
});
export type TLeaveBalance = z.infer<typeof ZLeaveBalance>;

export const ZLeaveBalances = z.object({
  year: z.number().int(),
  jurisdiction: ZJurisdiction,
  balances: z.array(ZLeaveBalance),
});
export const ZLeaveBalancesResponse = resultEnvelope(ZLeaveBalances);
export const ZLeaveBalanceResponse = resultEnvelope(ZLeaveBalance);

/** GET /krye/worker/me/leave. */
export const ZWorkerLeave = z.object({
  year: z.number().int(),
  balance: ZLeaveBalance,
  /** Own requests, newest first. */
  requests: z.array(ZLeaveRequest),
  /** The types a worker can ask for (not archived). */
  types: z.array(ZLeaveType),
  unread: z.number().int(),
});
export type TWorkerLeave = z.infer<typeof ZWorkerLeave>;
export const ZWorkerLeaveResponse = resultEnvelope(ZWorkerLeave);

const ZLeaveDays = z
  .number({ error: messages.leaveDaysInvalid })
  .min(0, { error: messages.leaveDaysInvalid })
  .max(LEAVE_MAX_RANGE_DAYS, { error: messages.leaveDaysInvalid })
  .refine((days) => Number.isInteger(days * 2), { error: messages.leaveDaysInvalid });

/** Body of PUT /krye/leave/allowances/{employee_id}. */
export const ZLeaveAllowanceRequest = z.strictObject({
  year: z
    .number({ error: messages.yearInvalid })
    .int({ error: messages.yearInvalid })
    .min(YEAR_RANGE.min, { error: messages.yearInvalid })
    .max(YEAR_RANGE.max, { error: messages.yearInvalid }),
  entitled_days: ZLeaveDays.nullable(),
  carried_over_days: ZLeaveDays,
});
export type TLeaveAllowanceRequest = z.infer<typeof ZLeaveAllowanceRequest>;

export const ZEmployeeIdParams = z.object({ employee_id: idField(messages.workerIdInvalid) });

/** GET/PUT /krye/leave/settings. */
export const ZLeaveSettings = z.object({
  /** The employer's annual leave days for everyone, or null: the legal minimum (4 weeks of working days). */
  annual_leave_days: z.number().int().nullable(),
  jurisdiction: ZJurisdiction,
  /** The law's minimum in weeks, and the employer-paid sick days a year. */
  minimum_weeks: z.number().int(),
  paid_sick_days: z.number().int(),
});
export type TLeaveSettings = z.infer<typeof ZLeaveSettings>;
export const ZLeaveSettingsResponse = resultEnvelope(ZLeaveSettings);

export const ZLeaveSettingsRequest = z.strictObject({
  annual_leave_days: z
    .number({ error: messages.annualLeaveDaysInvalid })
    .int({ error: messages.annualLeaveDaysInvalid })
    .min(0, { error: messages.annualLeaveDaysInvalid })
    .max(LEAVE_MAX_RANGE_DAYS, { error: messages.annualLeaveDaysInvalid })
    .nullable(),
});
export type TLeaveSettingsRequest = z.infer<typeof ZLeaveSettingsRequest>;
