import type { TEmployee } from '@puna/domain';
import { useId } from 'react';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';

type EmployeeChecklistProps = {
  /** The employees who have no entry on the date yet. */
  employees: TEmployee[];
  selected: ReadonlySet<number>;
  onChange: (selected: ReadonlySet<number>) => void;
  loading: boolean;
  /** The load failure's sentence, if the list could not be read. */
  loadError: string | null;
};

/** Add hours: the employees to give the same hours, each a checkbox, with Select all / Deselect all. */
export function EmployeeChecklist({ employees, selected, onChange, loading, loadError }: EmployeeChecklistProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const allChosen = employees.length > 0 && employees.every((employee) => selected.has(employee.id));

  function toggle(id: number) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  }

  return (
    <section className="card p-4 sm:p-5" aria-labelledby={headingId}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('hours.add.employees')}
        </h2>
        <button
          type="button"
          className="btn-secondary shrink-0 px-3 py-2"
          disabled={employees.length === 0}
          onClick={() => onChange(allChosen ? new Set() : new Set(employees.map((employee) => employee.id)))}
        >
          {allChosen ? t('hours.add.deselectAll') : t('hours.add.selectAll')}
        </button>
      </div>
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {loading ? (
        <ul className="space-y-2" aria-hidden="true">
          {['a', 'b', 'c', 'd', 'e'].map((key) => (
            <li key={key}>
              <Skeleton className="h-11 w-full" />
            </li>
          ))}
        </ul>
      ) : !loadError && employees.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-slate-600">{t('hours.add.empty')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {employees.map((employee) => (
            <li key={employee.id}>
              <label
                className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm font-medium ${
                  selected.has(employee.id)
                    ? 'border-brand-600 bg-brand-50 text-brand-900'
                    : 'border-slate-200 text-slate-800 hover:bg-slate-50'
                }`}
              >
                <input
                  type="checkbox"
                  className="size-4 rounded accent-brand-700"
                  checked={selected.has(employee.id)}
                  onChange={() => toggle(employee.id)}
                />
                <span className="min-w-0 flex-1 truncate" title={employee.name}>
                  {employee.name}
                </span>
                <span className="max-w-[40%] truncate text-xs text-slate-500" title={employee.role}>
                  {employee.role}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
