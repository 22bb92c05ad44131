import { zodResolver } from '@hookform/resolvers/zod';
import { type TAdminEmployer, ZUpdateEmployerRequest } from '@puna/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { ApiError } from '../../../lib/api';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useUpdateEmployer } from '../api/update-employer';

type EditEmployerModalProps = {
  /** The account being edited; null keeps the dialog closed. */
  employer: TAdminEmployer | null;
  onClose: () => void;
};

/** 'Edit Employer Details': only type, transaction_id, transaction_date and limit_workers (docs/product.md#admin). */
export function EditEmployerModal({ employer, onClose }: EditEmployerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={employer !== null}
      onClose={onClose}
      title={t('admin.edit.title')}
      description={
        employer ? t('admin.edit.description', { company: employer.company_name, email: employer.email }) : undefined
      }
    >
      {/* Keyed, so each account opens with its own values. */}
      {employer ? <EditEmployerForm key={employer.id} employer={employer} onClose={onClose} /> : null}
    </Modal>
  );
}

/** docs/product.md#admin: a refused update shows the server's Error (else 'Error updating employer'); no answer at all, the general text. */
function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return translateError(error, t('admin.edit.reportedFailure'));
  return t('admin.edit.failed');
}

/** The field's hint, and its error first when there is one (TextField names the error `${id}-error`). */
function describedBy(fieldId: string, hasError: boolean): string {
  return hasError ? `${fieldId}-error ${fieldId}-hint` : `${fieldId}-hint`;
}

function EditEmployerForm({ employer, onClose }: { employer: TAdminEmployer; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateEmployer();
  const dateNullId = useId();
  const dateId = useId();
  const limitId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  // docs/product.md#admin: the box is ticked when the account has no transaction date.
  const [dateIsNull, setDateIsNull] = useState(employer.transaction_date === null);
  const { register, handleSubmit, formState, setValue, setError, clearErrors } = useForm({
    // The server's own schema: empty or non-numeric limits become 10, blank texts null.
    resolver: zodResolver(ZUpdateEmployerRequest),
    defaultValues: {
      type: employer.type,
      transaction_id: employer.transaction_id ?? '',
      transaction_date: employer.transaction_date ?? '',
      limit_workers: String(employer.limit_workers),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    if (!dateIsNull && !values.transaction_date) {
      setError('transaction_date', { message: t('admin.edit.dateRequired') });
      return;
    }
    try {
      await update.mutateAsync({
        id: employer.id,
        body: { ...values, transaction_date: dateIsNull ? null : values.transaction_date },
      });
      toast.success(t('admin.edit.saved'));
      onClose();
    } catch (error) {
      console.error('Employer update failed', error);
      setFailure(failureText(error, t));
    }
  });

  const submitting = formState.isSubmitting || update.isPending;
  const dateError = formState.errors.transaction_date?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {failure ? <Alert tone="error">{failure}</Alert> : null}

      <SelectField label={t('admin.edit.type')} error={formState.errors.type?.message} {...register('type')}>
        <option value="premium">{t('admin.employers.plans.premium')}</option>
        <option value="basic">{t('admin.employers.plans.basic')}</option>
      </SelectField>

      <TextField
        label={t('admin.edit.transactionId')}
        autoComplete="off"
        error={formState.errors.transaction_id?.message}
        {...register('transaction_id')}
      />

      <fieldset className="space-y-2">
        <legend className="field-label">{t('admin.edit.transactionDate')}</legend>
        <label htmlFor={dateNullId} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            id={dateNullId}
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={dateIsNull}
            onChange={(event) => {
              setDateIsNull(event.target.checked);
              clearErrors('transaction_date');
              if (event.target.checked) setValue('transaction_date', '');
            }}
          />
          {t('admin.edit.dateNull')}
        </label>
        <TextField
          label={<span className="sr-only">{t('admin.edit.transactionDate')}</span>}
          type="date"
          placeholder={t('admin.edit.datePlaceholder')}
          id={dateId}
          disabled={dateIsNull}
          aria-describedby={describedBy(dateId, Boolean(dateError))}
          error={dateError}
          {...register('transaction_date')}
        />
        <p id={`${dateId}-hint`} className="text-xs text-slate-600">
          {t('admin.edit.dateHint')}
        </p>
      </fieldset>

      <TextField
        label={t('admin.edit.limitWorkers')}
        id={limitId}
        aria-describedby={describedBy(limitId, Boolean(formState.errors.limit_workers))}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={formState.errors.limit_workers?.message}
        {...register('limit_workers')}
      />
      <p id={`${limitId}-hint`} className="-mt-2 text-xs text-slate-600">
        {t('admin.edit.limitHint')}
      </p>

      <div className="dialog-actions flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('admin.edit.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? <Spinner className="size-4" /> : null}
          {t('admin.edit.save')}
        </button>
      </div>
    </form>
  );
}
