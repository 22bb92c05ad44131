import { zodResolver } from '@hookform/resolvers/zod';
import { HOLIDAY_NAME_MAX, type TCompanyHolidayRequest, ZCompanyHolidayRequest } from '@puna/domain';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useAddCompanyHoliday } from '../api/add-company-holiday';

/** Adds a company day off: a date and a name, checked by the same schema as the server's. */
export function CompanyDayForm({ year }: { year: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddCompanyHoliday();
  const { register, handleSubmit, setError, reset, formState } = useForm<TCompanyHolidayRequest>({
    resolver: zodResolver(ZCompanyHolidayRequest),
    reValidateMode: 'onSubmit',
    defaultValues: { date: '', name: '' },
  });

  function submit(body: TCompanyHolidayRequest) {
    add.mutate(body, {
      onSuccess: () => {
        toast.success(t('holidays.added'));
        reset();
      },
      onError: (error) => setError('date', { message: translateError(error, t('holidays.addFailed')) }),
    });
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <h4 className="text-sm font-semibold text-slate-900">{t('holidays.addTitle')}</h4>
      <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
        <TextField
          type="date"
          label={t('holidays.date')}
          min={`${year}-01-01`}
          max={`${year}-12-31`}
          required
          error={formState.errors.date?.message}
          {...register('date')}
        />
        <TextField
          label={t('holidays.name')}
          placeholder={t('holidays.namePlaceholder')}
          maxLength={HOLIDAY_NAME_MAX}
          autoComplete="off"
          required
          error={formState.errors.name?.message}
          {...register('name')}
        />
      </div>
      <div className="flex justify-end">
        <SubmitButton
          className="btn-secondary"
          pending={add.isPending}
          icon={<Plus className="size-4" aria-hidden="true" />}
        >
          {t('holidays.add')}
        </SubmitButton>
      </div>
    </form>
  );
}
