import type { TLeaveBalance } from '@puna/domain';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useSetAllowance } from '../api/employer-leave';

/** Every worker's year: due, carried over, taken, waiting, left and sick days, each row editable. */
export function BalancesTable({ balances, year }: { balances: TLeaveBalance[]; year: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TLeaveBalance | null>(null);
  if (balances.length === 0)
    return <p className="card px-4 py-6 text-sm text-slate-600">{t('leave.balances.empty')}</p>;
  return (
    <>
      {/* A phone gets one card per worker; a wider screen the table. */}
      <ul className="space-y-3 sm:hidden" data-testid="leave-balance-cards">
        {balances.map((row) => (
          <li key={row.employee_id} className="card p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold wrap-anywhere text-slate-900">{row.name}</p>
                <p className="text-xs text-slate-600">
                  {t('leave.balances.start')} {row.start_date}
                </p>
              </div>
              <button
                type="button"
                className="btn-ghost shrink-0 px-2 py-1.5"
                aria-label={`${t('leave.balances.edit')} ${row.name}`}
                onClick={() => setEditing(row)}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </button>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              {(
                [
                  ['remaining', row.remaining],
                  ['entitled', row.entitled],
                  ['carried', row.carried_over],
                  ['taken', row.taken],
                  ['pending', row.pending],
                  ['sick', `${row.sick.taken} / ${row.sick.paid_days}`],
                ] as const
              ).map(([key, value]) => (
                <div key={key}>
                  <dt className="text-xs text-slate-600">{t(`leave.balances.${key}`)}</dt>
                  <dd
                    className={key === 'remaining' ? 'text-lg font-bold text-slate-900' : 'font-medium text-slate-900'}
                  >
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="card relative hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[640px] text-left text-sm" data-testid="leave-balances">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-700 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                {t('leave.balances.worker')}
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                {t('leave.balances.entitled')}
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                {t('leave.balances.carried')}
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                {t('leave.balances.taken')}
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                {t('leave.balances.pending')}
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                {t('leave.balances.remaining')}
              </th>
              <th scope="col" className="px-3 py-3 text-right">
                {t('leave.balances.sick')}
              </th>
              <th scope="col" className="px-3 py-3">
                <span className="sr-only">{t('leave.balances.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {balances.map((row) => (
              <tr key={row.employee_id}>
                <th scope="row" className="px-4 py-3 font-medium wrap-anywhere text-slate-900">
                  {row.name}
                  <span className="block text-xs font-normal text-slate-600">
                    {t('leave.balances.start')} {row.start_date}
                  </span>
                </th>
                <td className="px-3 py-3 text-right">{row.entitled}</td>
                <td className="px-3 py-3 text-right">{row.carried_over}</td>
                <td className="px-3 py-3 text-right">{row.taken}</td>
                <td className="px-3 py-3 text-right">{row.pending}</td>
                <td className="px-3 py-3 text-right font-semibold text-slate-900">{row.remaining}</td>
                <td className={`px-3 py-3 text-right ${row.sick.over > 0 ? 'font-semibold text-amber-800' : ''}`}>
                  {row.sick.taken} / {row.sick.paid_days}
                </td>
                <td className="px-3 py-2 text-right">
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1.5"
                    aria-label={`${t('leave.balances.edit')} ${row.name}`}
                    onClick={() => setEditing(row)}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? <AllowanceDialog row={editing} year={year} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function AllowanceDialog({ row, year, onClose }: { row: TLeaveBalance; year: number; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetAllowance();
  const [entitled, setEntitled] = useState(row.entitled_override === null ? '' : String(row.entitled_override));
  const [carried, setCarried] = useState(String(row.carried_over));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    save.mutate(
      {
        employeeId: row.employee_id,
        year,
        entitled_days: entitled.trim() === '' ? null : Number(entitled),
        carried_over_days: carried.trim() === '' ? 0 : Number(carried),
      },
      {
        onSuccess: () => {
          toast.success(t('leave.balances.saved'));
          onClose();
        },
        onError: (failure) => setError(translateError(failure, t('leave.balances.saveFailed'))),
      },
    );
  }

  return (
    <Modal open title={t('leave.balances.editTitle', { name: row.name, year })} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3">
        <TextField
          id="allowance-entitled"
          type="number"
          inputMode="decimal"
          min={0}
          max={366}
          step={0.5}
          label={t('leave.balances.entitledOverride')}
          placeholder={String(row.entitled)}
          value={entitled}
          onChange={(event) => setEntitled(event.target.value)}
        />
        <TextField
          id="allowance-carried"
          type="number"
          inputMode="decimal"
          min={0}
          max={366}
          step={0.5}
          label={t('leave.balances.carriedOver')}
          value={carried}
          onChange={(event) => setCarried(event.target.value)}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="dialog-actions flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('leave.balances.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {t('leave.balances.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
