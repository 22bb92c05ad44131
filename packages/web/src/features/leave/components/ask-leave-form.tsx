import type { TLeaveType } from '@puna/domain';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useAskForLeave } from '../api/worker-leave';
import { LeaveRangeFields, type LeaveRangeValues } from './leave-range-fields';

/** The worker's request: dates, type and note; the server's sentence shows when it refuses. */
export function AskLeaveForm({ types }: { types: TLeaveType[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const ask = useAskForLeave();
  const first = types.find((type) => !type.archived);
  const empty: LeaveRangeValues = { from: '', to: '', type: first ? String(first.id) : '', note: '' };
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    ask.mutate(
      { from: values.from, to: values.to, type: Number(values.type), note: values.note || null },
      {
        onSuccess: (request) => {
          toast.success(request.status === 'approved' ? t('leave.ask.recorded') : t('leave.ask.sent'));
          setValues({ ...empty, type: values.type });
        },
        onError: (failure) => setError(translateError(failure, t('leave.ask.failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="card space-y-3 p-4" aria-labelledby="ask-leave">
      <h2 id="ask-leave" className="text-lg font-semibold text-slate-900">
        {t('leave.ask.title')}
      </h2>
      <LeaveRangeFields values={values} onChange={setValues} types={types} idPrefix="ask" />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <SubmitButton
        className="btn-primary w-full sm:w-auto"
        pending={ask.isPending}
        icon={<Send className="size-4" aria-hidden="true" />}
      >
        {t('leave.ask.submit')}
      </SubmitButton>
    </form>
  );
}
