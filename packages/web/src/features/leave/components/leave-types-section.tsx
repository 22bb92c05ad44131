import { LEAVE_TYPE_NAME_MAX, type TLeaveType } from '@puna/domain';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useCreateLeaveType, useUpdateLeaveType } from '../api/employer-leave';
import { useTypeName } from './leave-parts';

/** The leave types: built-ins (only "needs approval" changes), the employer's own (archive, restore), and a form to add one. */
export function LeaveTypesSection({ types }: { types: TLeaveType[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const typeName = useTypeName();
  const update = useUpdateLeaveType();
  const [error, setError] = useState<string | null>(null);

  function change(id: number, body: { needs_approval?: boolean; archived?: boolean }) {
    setError(null);
    update.mutate(
      { id, ...body },
      {
        onSuccess: () => toast.success(t('leave.types.saved')),
        onError: (failure) => setError(translateError(failure, t('leave.types.failed'))),
      },
    );
  }

  return (
    <section aria-labelledby="leave-types" className="card space-y-3 p-4">
      <h2 id="leave-types" className="text-lg font-semibold text-slate-900">
        {t('leave.types.title')}
      </h2>
      <ul className="divide-y divide-slate-100">
        {types.map((type) => (
          <li key={type.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <div className="min-w-0">
              <p
                className={`font-medium wrap-anywhere ${type.archived ? 'text-slate-500 line-through' : 'text-slate-900'}`}
              >
                {typeName(type)}
              </p>
              <p className="text-xs text-slate-600">
                {type.paid ? t('leave.paid') : t('leave.unpaid')}
                {type.kind !== 'custom' ? ` · ${t('leave.types.builtIn')}` : ''}
                {type.archived ? ` · ${t('leave.types.archived')}` : ''}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <label className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={type.needs_approval}
                  disabled={update.isPending}
                  onChange={(event) => change(type.id, { needs_approval: event.target.checked })}
                />
                {t('leave.types.needsApproval')}
              </label>
              {type.kind === 'custom' ? (
                <button
                  type="button"
                  className="btn-ghost px-2 py-1.5"
                  disabled={update.isPending}
                  onClick={() => change(type.id, { archived: !type.archived })}
                >
                  {type.archived ? t('leave.types.restore') : t('leave.types.archive')}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <NewTypeForm />
    </section>
  );
}

function NewTypeForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateLeaveType();
  const [name, setName] = useState('');
  const [paid, setPaid] = useState(true);
  const [needsApproval, setNeedsApproval] = useState(true);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    create.mutate(
      { name, paid, needs_approval: needsApproval },
      {
        onSuccess: () => {
          toast.success(t('leave.types.added'));
          setName('');
        },
        onError: (failure) => setError(translateError(failure, t('leave.types.failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3 border-t border-slate-100 pt-3">
      <TextField
        id="leave-type-name"
        label={t('leave.types.name')}
        maxLength={LEAVE_TYPE_NAME_MAX}
        autoComplete="off"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-wrap gap-4">
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4"
            checked={paid}
            onChange={(event) => setPaid(event.target.checked)}
          />
          {t('leave.types.paidLabel')}
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4"
            checked={needsApproval}
            onChange={(event) => setNeedsApproval(event.target.checked)}
          />
          {t('leave.types.needsApprovalLabel')}
        </label>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <SubmitButton
        className="btn-secondary"
        pending={create.isPending}
        icon={<Plus className="size-4" aria-hidden="true" />}
      >
        {t('leave.types.add')}
      </SubmitButton>
    </form>
  );
}
