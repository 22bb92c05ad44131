import { zodResolver } from '@hookform/resolvers/zod';
import { REOPEN_REASON_MAX, type TReopenMonthRequest, ZReopenMonthRequest } from '@puna/domain';
import { useForm } from 'react-hook-form';
import { Field } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useReopenMonth } from '../api/reopen-month';
import { monthText } from './period-text';

type ReopenDialogProps = { month: string; open: boolean; onClose: () => void };

/** 'Rihap muajin': the reason is required (the same rule as the server's) and goes to the audit log. */
export function ReopenDialog({ month, open, onClose }: ReopenDialogProps) {
  const { t, i18n } = useTranslation();
  const label = monthText(month, i18n.language);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('monthClose.reopen.title', { month: label })}
      description={t('monthClose.reopen.body')}
    >
      <ReopenForm month={month} label={label} onClose={onClose} />
    </Modal>
  );
}

function ReopenForm({ month, label, onClose }: { month: string; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const reopen = useReopenMonth();
  const { register, handleSubmit, setError, formState } = useForm<TReopenMonthRequest>({
    resolver: zodResolver(ZReopenMonthRequest),
    defaultValues: { reason: '' },
  });

  function submit({ reason }: TReopenMonthRequest) {
    reopen.mutate(
      { month, reason },
      {
        onSuccess: () => {
          toast.success(t('monthClose.reopen.done', { month: label }));
          onClose();
        },
        onError: (error) => setError('reason', { message: translateError(error, t('monthClose.reopen.failed')) }),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4">
      <Field label={t('monthClose.reopen.reason')} error={formState.errors.reason?.message}>
        {(control) => (
          <textarea
            rows={3}
            maxLength={REOPEN_REASON_MAX}
            required
            data-autofocus
            className="field-input resize-y"
            {...control}
            {...register('reason')}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('monthClose.reopen.cancel')}
        </button>
        <SubmitButton className="btn-primary" pending={reopen.isPending}>
          {t('monthClose.reopen.confirm')}
        </SubmitButton>
      </div>
    </form>
  );
}
