import { zodResolver } from '@hookform/resolvers/zod';
import { type TAttendanceSettingsRequest, ZAttendanceSettingsRequest } from '@puna/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import { useAttendanceSettings } from '../api/get-attendance-settings';
import { useUpdateAttendanceSettings } from '../api/update-attendance-settings';

type TFormInput = z.input<typeof ZAttendanceSettingsRequest>;

/** The board's tolerance: how many minutes after the start or before the end count as on time. */
export function ToleranceDialog({ open, minutes, onClose }: { open: boolean; minutes: number; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('today.tolerance.title')}>
      {open ? <SettingsLoader minutes={minutes} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The automatic checkout's switch needs the settings; the tolerance is already on the board. */
function SettingsLoader({ minutes, onClose }: { minutes: number; onClose: () => void }) {
  const settings = useAttendanceSettings();
  if (!settings.data && !settings.isError) {
    return (
      <div className="flex justify-center py-6">
        <Spinner className="size-6" />
      </div>
    );
  }
  return <ToleranceForm minutes={minutes} autoCheckout={settings.data?.auto_checkout ?? false} onClose={onClose} />;
}

function ToleranceForm({
  minutes,
  autoCheckout,
  onClose,
}: {
  minutes: number;
  autoCheckout: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateAttendanceSettings();
  const { register, handleSubmit, formState } = useForm<TFormInput, unknown, TAttendanceSettingsRequest>({
    resolver: zodResolver(ZAttendanceSettingsRequest),
    defaultValues: { tolerance_minutes: minutes, auto_checkout: autoCheckout },
  });
  const error = formState.errors.tolerance_minutes?.message;

  function save(values: TAttendanceSettingsRequest) {
    update.mutate(values, {
      onSuccess: () => {
        toast.success(t('today.tolerance.saved'));
        onClose();
      },
    });
  }

  return (
    <form onSubmit={handleSubmit(save)} noValidate className="space-y-4">
      {update.isError ? <Alert tone="error">{translateError(update.error, t('today.tolerance.failed'))}</Alert> : null}
      <p className="text-sm text-slate-700">{t('today.tolerance.explain')}</p>
      <TextField
        label={t('today.tolerance.label')}
        type="number"
        inputMode="numeric"
        min={0}
        max={120}
        step={1}
        error={error ? translateMessage(error) : undefined}
        {...register('tolerance_minutes', { valueAsNumber: true })}
      />
      <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3">
        <input type="checkbox" className="mt-1 size-4 shrink-0 accent-brand-600" {...register('auto_checkout')} />
        <span>
          <span className="block text-sm font-medium text-slate-900">{t('today.tolerance.autoCheckout')}</span>
          <span className="block text-sm text-slate-600">{t('today.tolerance.autoCheckoutHint')}</span>
        </span>
      </label>
      <div className="flex justify-end gap-2 pt-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('today.tolerance.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? <Spinner className="size-4" /> : null}
          {t('today.tolerance.save')}
        </button>
      </div>
    </form>
  );
}
