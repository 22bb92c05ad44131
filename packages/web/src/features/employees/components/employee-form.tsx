import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMPLOYEE_REQUIRED_MESSAGE,
  emptySchedule,
  isNightShift,
  PERSONAL_ID_MAX,
  SCHEDULE_DAYS,
  type TCreateEmployeeRequest,
  type TSchedule,
  type TScheduleDayKey,
  WAGE_BASES,
  ZCreateEmployeeRequest,
  ZEditEmployeeRequest,
} from '@puna/domain';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useTranslation } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/i18n-errors';
import { ScheduleEditor, unconfirmedNightShifts } from './schedule-editor';

/** The card (`rfid`) is given only when the form shows it (Premium: cards come with devices). */
type TFormInput = z.input<typeof ZCreateEmployeeRequest> & { rfid?: string | null };
export type TEmployeeFormOutput = z.output<typeof ZCreateEmployeeRequest> & { rfid?: string | null };

/** Where the form starts: the request's fields, with the salary as the text typed. */
export type TEmployeeFormDefaults = Pick<TCreateEmployeeRequest, 'name' | 'wages' | 'role'> & {
  salary: string;
  schedule: TSchedule | null;
  /** The employee's card UID; given (even null) only when the form should offer the card field. */
  rfid?: string | null;
  /** The personal ID number for the payroll declaration (null: none). */
  personal_id?: string | null;
  /** The first and last day of employment, `YYYY-MM-DD` (null: none). */
  start_date?: string | null;
  end_date?: string | null;
};

type EmployeeFormProps = {
  mode: 'add' | 'edit';
  roles: readonly string[];
  defaults?: TEmployeeFormDefaults;
  /** The server's sentence after a refused save. */
  serverError: string | null;
  submitting: boolean;
  onSubmit: (values: TEmployeeFormOutput) => void;
  onCancel: () => void;
  /** Edit only: the worker login's e-mail, so its password can be set here; null without a login. */
  loginEmail?: string | null;
};

const REQUIRED_FIELDS = ['name', 'salary', 'wages', 'role'] as const;

/**
 * The add and edit form: name, salary (free text), wages, role, the optional personal ID number,
 * the optional start and end dates of employment, optional worker login (add only) and the weekly schedule. It validates with the same domain schema the server uses.
 */
export function EmployeeForm({
  mode,
  roles,
  defaults,
  serverError,
  submitting,
  onSubmit,
  onCancel,
  loginEmail = null,
}: EmployeeFormProps) {
  const { t } = useTranslation();
  // The add and the edit form alike (issue 34): a new employee can come with its card.
  const hasCardField = defaults?.rfid !== undefined;
  // The edit schema has the create schema's fields minus the login, so its output fits this form.
  const resolver = (
    mode === 'add' ? zodResolver(ZCreateEmployeeRequest) : zodResolver(ZEditEmployeeRequest)
  ) as Resolver<TFormInput, unknown, TEmployeeFormOutput>;
  const { register, handleSubmit, control, formState } = useForm<TFormInput, unknown, TEmployeeFormOutput>({
    resolver,
    defaultValues: {
      name: defaults?.name ?? '',
      salary: defaults?.salary ?? '',
      wages: defaults?.wages ?? 'Orë',
      role: defaults?.role ?? '',
      // The edit body is strict: it has no e-mail (a login's address is not edited here).
      ...(mode === 'add' ? { email: '' } : {}),
      password: '',
      schedule: defaults?.schedule ?? emptySchedule(),
      personal_id: defaults?.personal_id ?? '',
      start_date: defaults?.start_date ?? '',
      end_date: defaults?.end_date ?? '',
      ...(hasCardField ? { rfid: defaults?.rfid ?? '' } : {}),
    },
  });
  const { errors } = formState;
  // A stored schedule's end-before-start days are night shifts already; new ones are confirmed per row.
  const [nightShifts, setNightShifts] = useState<ReadonlySet<TScheduleDayKey>>(
    () => new Set(SCHEDULE_DAYS.filter((day) => defaults?.schedule && isNightShift(defaults.schedule[day]))),
  );
  const [scheduleRefused, setScheduleRefused] = useState(false);

  // An end before the start is saved only as a confirmed night shift; otherwise the rows say why.
  const submit = handleSubmit((values) => {
    if (values.schedule && unconfirmedNightShifts(values.schedule, nightShifts).length > 0) {
      setScheduleRefused(true);
      return;
    }
    setScheduleRefused(false);
    onSubmit(values);
  });
  // The spec's one sentence for a missing field is said once, not under every field.
  const missingRequired = REQUIRED_FIELDS.some((field) => errors[field]?.message === EMPLOYEE_REQUIRED_MESSAGE);
  const fieldError = (field: (typeof REQUIRED_FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message === EMPLOYEE_REQUIRED_MESSAGE ? undefined : message;
  };
  const invalid = (field: (typeof REQUIRED_FIELDS)[number]) => (errors[field] ? true : undefined);
  const roleChoices = defaults?.role && !roles.includes(defaults.role) ? [...roles, defaults.role] : roles;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {missingRequired ? <Alert tone="error">{translateMessage(EMPLOYEE_REQUIRED_MESSAGE)}</Alert> : null}
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}

      <TextField
        label={t('employees.form.name')}
        autoComplete="off"
        error={fieldError('name')}
        aria-invalid={invalid('name')}
        {...register('name')}
      />
      <TextField
        label={t('employees.form.salary')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('employees.form.salaryHint')}
        error={fieldError('salary')}
        aria-invalid={invalid('salary')}
        {...register('salary')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label={t('employees.form.wages')}
          error={fieldError('wages')}
          aria-invalid={invalid('wages')}
          {...register('wages')}
        >
          {WAGE_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {t(`employees.wages.${basis}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('employees.form.role')}
          error={fieldError('role')}
          aria-invalid={invalid('role')}
          {...register('role')}
        >
          <option value="" disabled>
            {t('employees.form.rolePlaceholder')}
          </option>
          {roleChoices.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
      </div>

      <TextField
        label={t('employees.form.personalId')}
        autoComplete="off"
        spellCheck={false}
        maxLength={PERSONAL_ID_MAX + 10}
        placeholder={t('employees.form.personalIdPlaceholder')}
        error={errors.personal_id?.message}
        {...register('personal_id')}
      />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('employees.form.startDate')}
          type="date"
          error={errors.start_date?.message}
          {...register('start_date')}
        />
        <TextField
          label={t('employees.form.endDate')}
          type="date"
          error={errors.end_date?.message}
          {...register('end_date')}
        />
        <p className="text-xs text-slate-600 sm:col-span-2">{t('employees.form.datesHint')}</p>
      </div>

      {mode === 'add' ? (
        <fieldset className="space-y-3 rounded-xl border border-slate-200 px-4 pt-2 pb-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('employees.form.login')}</legend>
          <p className="text-xs text-slate-600">{t('employees.form.loginHint')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField
              label={t('employees.form.email')}
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              label={t('employees.form.password')}
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
          </div>
        </fieldset>
      ) : null}

      {mode === 'edit' && loginEmail ? (
        <fieldset className="space-y-2 rounded-xl border border-slate-200 px-4 pt-2 pb-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('employees.form.loginPassword')}</legend>
          <p className="text-xs break-all text-slate-600">{t('employees.form.loginOf', { email: loginEmail })}</p>
          <TextField
            label={t('employees.form.newPassword')}
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <p className="text-xs text-slate-600">{t('employees.form.newPasswordHint')}</p>
        </fieldset>
      ) : null}

      {hasCardField ? (
        <TextField
          label={t('employees.form.card')}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('employees.form.cardPlaceholder')}
          error={errors.rfid?.message}
          {...register('rfid')}
        />
      ) : null}

      <Controller
        control={control}
        name="schedule"
        render={({ field, fieldState }) => (
          <ScheduleEditor
            value={(field.value as TSchedule | null | undefined) ?? emptySchedule()}
            onChange={field.onChange}
            rememberSameAsMonday={mode === 'add'}
            error={
              fieldState.error?.message ??
              (scheduleRefused &&
              unconfirmedNightShifts((field.value as TSchedule | null | undefined) ?? emptySchedule(), nightShifts)
                .length > 0
                ? t('employees.schedule.invalid')
                : undefined)
            }
            nightShifts={nightShifts}
            onNightShiftsChange={setNightShifts}
            showProblems={scheduleRefused}
            defaultOpen={mode === 'edit' && SCHEDULE_DAYS.some((day) => defaults?.schedule?.[day].selected)}
          />
        )}
      />

      <div className="dialog-actions flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('employees.form.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? <Spinner className="size-4" /> : null}
          {mode === 'add' ? t('employees.form.add') : t('employees.form.save')}
        </button>
      </div>
    </form>
  );
}
