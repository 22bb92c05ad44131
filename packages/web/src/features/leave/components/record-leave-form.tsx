import type { TLeaveBalance, TLeaveType } from '@puna/domain';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useRecordLeave } from '../api/employer-leave';
import { LeaveRangeFields, type LeaveRangeValues } from './leave-range-fields';

/** The employer records approved leave for a worker (the workers come from the balances list). */
export function RecordLeaveForm({ workers, types }: { workers: TLeaveBalance[]; types: TLeaveType[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const record = useRecordLeave();
  const first = types.find((type) => !type.archived);
  const empty: LeaveRangeValues = { from: '', to: '', type: first ? String(first.id) : '', note: '' };
  const [worker, setWorker] = useState('');
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    record.mutate(
      {
        employee_id: Number(worker),
        from: values.from,
        to: values.to,
        type: Number(values.type || first?.id),
        note: values.note || null,
      },
      {
        onSuccess: () => {
          toast.success(t('leave.record.done'));
          setValues({ ...empty, type: values.type });
        },
        onError: (failure) => setError(translateError(failure, t('leave.record.failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="card space-y-3 p-4" aria-labelledby="record-leave">
      <div>
        <h2 id="record-leave" className="text-lg font-semibold text-slate-900">
          {t('leave.record.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('leave.record.hint')}</p>
      </div>
      <SelectField
        id="record-worker"
        label={t('leave.record.worker')}
        required
        value={worker}
        onChange={(event) => setWorker(event.target.value)}
      >
        <option value="">{t('leave.record.chooseWorker')}</option>
        {workers.map((row) => (
          <option key={row.employee_id} value={row.employee_id}>
            {row.name}
          </option>
        ))}
      </SelectField>
      <LeaveRangeFields values={values} onChange={setValues} types={types} idPrefix="record" />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <SubmitButton
        className="btn-secondary"
        pending={record.isPending}
        icon={<Plus className="size-4" aria-hidden="true" />}
      >
        {t('leave.record.submit')}
      </SubmitButton>
    </form>
  );
}
