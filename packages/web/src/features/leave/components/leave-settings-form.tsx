import type { TLeaveSettings } from '@puna/domain';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useUpdateLeaveSettings } from '../api/employer-leave';

/** The employer's annual leave days for everyone; empty keeps the legal minimum. */
export function LeaveSettingsForm({ settings }: { settings: TLeaveSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useUpdateLeaveSettings();
  const [days, setDays] = useState(settings.annual_leave_days === null ? '' : String(settings.annual_leave_days));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(
      { annual_leave_days: days.trim() === '' ? null : Number(days) },
      {
        onSuccess: () => toast.success(t('leave.settings.saved')),
        onError: (failure) => setError(translateError(failure, t('leave.settings.failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="card space-y-3 p-4" aria-labelledby="leave-settings">
      <h2 id="leave-settings" className="text-lg font-semibold text-slate-900">
        {t('leave.settings.title')}
      </h2>
      <p className="text-sm text-slate-600">
        {t('leave.settings.hint', { weeks: settings.minimum_weeks, sick: settings.paid_sick_days })}
      </p>
      <TextField
        id="annual-leave-days"
        type="number"
        inputMode="numeric"
        min={0}
        max={366}
        label={t('leave.settings.days')}
        value={days}
        onChange={(event) => setDays(event.target.value)}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <SubmitButton className="btn-secondary" pending={save.isPending}>
        {t('leave.settings.save')}
      </SubmitButton>
    </form>
  );
}
