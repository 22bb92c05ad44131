import { zodResolver } from '@hookform/resolvers/zod';
import { ZEditHoursFields } from '@puna/domain';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/alert';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { weekdayText } from '../../../lib/date-names';
import { formatIsoDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useHoursEntry } from '../api/get-hours-entry';
import { useUpdateHoursEntry } from '../api/update-hours-entry';

/** /kryepuntor/edit_klista/{id}: name, date and weekday shown; only the hours change. */
export function EditHoursPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const entry = useHoursEntry(id);

  let body: ReactNode;
  if (!Number.isInteger(id) || id <= 0 || (entry.error instanceof ApiError && entry.error.status === 404)) {
    body = <Alert tone="error">{t('hours.edit.notFound')}</Alert>;
  } else if (entry.isError) {
    body = <Alert tone="error">{translateError(entry.error, t('hours.list.loadFailed'))}</Alert>;
  } else if (entry.isPending) {
    body = (
      <div className="card max-w-xl space-y-4 p-5" aria-hidden="true">
        {['name', 'date', 'weekday', 'hours'].map((key) => (
          <Skeleton key={key} className="h-11 w-full" />
        ))}
      </div>
    );
  } else {
    body = <EditHoursForm key={entry.data.id} entry={entry.data} />;
  }

  return (
    <>
      <PageHeader
        title={t('employer.screens.editHours')}
        description={t('hours.edit.description')}
        actions={
          <Link
            to={entry.data ? `/kryepuntor/klista?date=${entry.data.data}` : '/kryepuntor/klista'}
            className="btn-secondary"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('hours.edit.back')}
          </Link>
        }
      />
      {body}
    </>
  );
}

type Entry = NonNullable<ReturnType<typeof useHoursEntry>['data']>;

/** The hours, by the edit request's own rule, and the optional times ('' when empty; the server checks them together). */
const ZHoursForm = ZEditHoursFields.pick({ ora: true }).extend({ from: z.string(), to: z.string() });

function EditHoursForm({ entry }: { entry: Entry }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const update = useUpdateHoursEntry();
  // A message stays until the next save (it does not follow the typing).
  const { register, handleSubmit, setError, formState } = useForm<
    z.input<typeof ZHoursForm>,
    unknown,
    z.output<typeof ZHoursForm>
  >({
    resolver: zodResolver(ZHoursForm),
    reValidateMode: 'onSubmit',
    defaultValues: { ora: String(entry.ora), from: entry.from ?? '', to: entry.to ?? '' },
  });

  function submit({ ora, from, to }: z.output<typeof ZHoursForm>) {
    update.mutate(
      { ...entry, ora, from: from || null, to: to || null },
      {
        onSuccess: () => {
          toast.success(t('hours.edit.saved'));
          navigate(`/kryepuntor/klista?date=${entry.data}`);
        },
        onError: (failure) => setError('ora', { message: translateError(failure, t('hours.edit.failed')) }),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="card max-w-xl space-y-4 p-5">
      <TextField label={t('hours.edit.name')} value={entry.name} readOnly className="[&_input]:bg-slate-50" />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('hours.edit.date')}
          value={formatIsoDate(entry.data)}
          readOnly
          className="[&_input]:bg-slate-50"
        />
        <TextField
          label={t('hours.edit.weekday')}
          value={weekdayText(entry.data, i18n.language)}
          readOnly
          className="[&_input]:bg-slate-50"
        />
      </div>
      <TextField
        label={t('hours.edit.hours')}
        inputMode="decimal"
        autoComplete="off"
        required
        error={formState.errors.ora?.message}
        {...register('ora')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('hours.edit.from')} type="time" {...register('from')} />
        <TextField label={t('hours.edit.to')} type="time" {...register('to')} />
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? <Spinner className="size-4" /> : null}
          {t('hours.edit.save')}
        </button>
      </div>
    </form>
  );
}
