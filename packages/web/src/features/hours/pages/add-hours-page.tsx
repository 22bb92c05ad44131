import { zodResolver } from '@hookform/resolvers/zod';
import { QUICK_HOURS, weekdayName, ZAddHoursRequest, ZNewHoursEntryFields } from '@puna/domain';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { weekdayText } from '../../../lib/date-names';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import { useEmployees } from '../../../lib/queries/get-employees';
import { useWorkerDates } from '../../../lib/queries/get-worker-dates';
import { useAddHours } from '../api/add-hours';
import { EmployeeChecklist } from '../components/employee-checklist';

/**
 * The form's fields: the hours every chosen employee gets, by the new entry's own rule, and the
 * optional times ('' when left empty; the whole list is checked by the request's rule on submit).
 */
const ZAddHoursForm = ZNewHoursEntryFields.pick({ ora: true }).extend({
  from: z.string().optional(),
  to: z.string().optional(),
});

/**
 * /kryepuntor/add_klista: pick the employees who have no entry on the date yet, give them the
 * same hours (quick 8, 9, 0) and add them all at once. The page stays for the next day.
 */
export function AddHoursPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [date, setDate] = usePeriodParam('date');
  const employees = useEmployees();
  const listed = useWorkerDates(date);
  const addHours = useAddHours();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // A message stays until the next submit (it does not follow the typing).
  const { register, handleSubmit, setValue, setError, control, formState } = useForm<
    z.input<typeof ZAddHoursForm>,
    unknown,
    z.output<typeof ZAddHoursForm>
  >({ resolver: zodResolver(ZAddHoursForm), reValidateMode: 'onSubmit', defaultValues: { ora: '', from: '', to: '' } });
  const hours = useWatch({ control, name: 'ora' });
  // The hours field's message (it gets aria-invalid), else the list's or the server's.
  const hoursError = formState.errors.ora?.message;
  const error = hoursError ?? formState.errors.root?.message;
  const ids = { date: useId(), weekday: useId(), hours: useId(), hoursError: useId(), from: useId(), to: useId() };

  const loading = employees.isPending || listed.isPending;
  const loadError = employees.error ?? listed.error;
  const available = (employees.data ?? []).filter((employee) => !listed.data?.has(employee.id));
  const chosen = available.filter((employee) => selected.has(employee.id));

  function submit({ ora, from, to }: z.output<typeof ZAddHoursForm>) {
    const entries = chosen.map((employee) => ({
      worker_id: employee.id,
      name: employee.name,
      data: date,
      // The wire's `dita` is the Albanian weekday in every language (docs/product.md#add-hours).
      dita: weekdayName(date),
      ora,
      // The times only when given (docs/product.md#hours-times).
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    }));
    // The request's own rule for the list (at least one employee, not too many).
    const checked = ZAddHoursRequest.safeParse(entries);
    if (!checked.success) {
      setError('root', { message: checked.error.issues[0]?.message ?? '' });
      return;
    }
    addHours.mutate(entries, {
      onSuccess: (added) => {
        toast.success(t('hours.add.added', { count: added.length }));
        setSelected(new Set());
      },
      onError: (failure) => setError('root', { message: translateError(failure, t('hours.add.failed')) }),
    });
  }

  return (
    <>
      <PageHeader
        title={t('employer.screens.addHours')}
        description={t('hours.add.description')}
        actions={
          <Link to={`/kryepuntor/klista?date=${date}`} className="btn-secondary">
            <X className="size-4" aria-hidden="true" />
            {t('hours.add.close')}
          </Link>
        }
      />
      <form
        onSubmit={handleSubmit(submit)}
        noValidate
        className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <EmployeeChecklist
          employees={available}
          selected={selected}
          onChange={setSelected}
          loading={loading}
          loadError={loadError ? translateError(loadError, t('hours.add.loadFailed')) : null}
        />

        <section className="card h-fit space-y-4 p-4 sm:p-5">
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={ids.date} className="field-label">
                {t('hours.add.date')}
              </label>
              <input
                id={ids.date}
                type="date"
                className="field-input"
                value={date}
                required
                onChange={(event) => {
                  setDate(event.target.value);
                  setSelected(new Set());
                }}
              />
            </div>
            <div>
              <label htmlFor={ids.weekday} className="field-label">
                {t('hours.add.weekday')}
              </label>
              <input
                id={ids.weekday}
                className="field-input bg-slate-50"
                value={weekdayText(date, i18n.language)}
                readOnly
              />
            </div>
          </div>
          <div>
            <label htmlFor={ids.hours} className="field-label">
              {t('hours.add.hours')}
            </label>
            <div className="flex gap-2">
              <input
                id={ids.hours}
                className="field-input min-w-0"
                inputMode="decimal"
                autoComplete="off"
                required
                aria-invalid={hoursError ? true : undefined}
                aria-describedby={hoursError ? ids.hoursError : undefined}
                {...register('ora')}
              />
            </div>
            <fieldset className="mt-2">
              <legend className="sr-only">{t('hours.add.quickLabel')}</legend>
              <div className="grid grid-cols-3 gap-2">
                {QUICK_HOURS.map((quick) => (
                  <button
                    key={quick}
                    type="button"
                    title={t('hours.add.quickTitle', { hours: quick })}
                    aria-pressed={hours === String(quick)}
                    className={`btn border px-3 py-2 ${
                      hours === String(quick)
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                    }`}
                    onClick={() => setValue('ora', String(quick))}
                  >
                    {quick}
                  </button>
                ))}
              </div>
            </fieldset>
          </div>
          <fieldset>
            <legend className="field-label">{t('hours.add.times')}</legend>
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor={ids.from} className="text-xs text-slate-600">
                  {t('hours.add.from')}
                </label>
                <input id={ids.from} type="time" className="field-input" {...register('from')} />
              </div>
              <div>
                <label htmlFor={ids.to} className="text-xs text-slate-600">
                  {t('hours.add.to')}
                </label>
                <input id={ids.to} type="time" className="field-input" {...register('to')} />
              </div>
            </div>
            <p className="mt-1 text-xs text-slate-600">{t('hours.add.timesHint')}</p>
          </fieldset>
          {error ? (
            <Alert tone="error">
              <span id={ids.hoursError}>{translateMessage(error)}</span>
            </Alert>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={addHours.isPending}>
            {addHours.isPending ? <Spinner className="size-4" /> : null}
            {t('hours.add.submit')}
          </button>
        </section>
      </form>
    </>
  );
}
