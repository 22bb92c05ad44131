import type { TEmployee } from '@puna/domain';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';
import { rateText } from './employee-pay';
import type { EmployeeActions } from './employee-row-actions';
import { EmployeeRowActions } from './employee-row-actions';
import { EMPLOYEE_SKELETON_ROWS } from './employees-table';

/** Small screens: one expandable card per employee; the details and actions open on tap. */
export function EmployeeCards({
  employees,
  loading,
  onEdit,
  onDelete,
}: { employees: TEmployee[]; loading: boolean } & EmployeeActions) {
  if (loading) {
    return (
      <ul className="space-y-2" aria-hidden="true">
        {Array.from({ length: EMPLOYEE_SKELETON_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={index} className="card flex items-center justify-between px-4 py-4">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-16" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="space-y-2">
      {employees.map((employee, index) => (
        <EmployeeCard key={employee.id} employee={employee} index={index} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function EmployeeCard({ employee, index, onEdit, onDelete }: { employee: TEmployee; index: number } & EmployeeActions) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="card overflow-hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="flex w-full items-center gap-3 px-4 py-3.5 text-left"
      >
        <span className="w-6 shrink-0 text-sm text-slate-500 tabular-nums">{index + 1}</span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-slate-900" title={employee.name}>
            {employee.name}
          </span>
          <span className="block text-sm text-slate-600">{rateText(employee, 'net', t, i18n.language)}</span>
        </span>
        <span
          className="max-w-[40%] truncate rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800"
          title={employee.role}
        >
          {employee.role}
        </span>
        <ChevronDown
          className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {open ? (
        <div id={panelId} className="border-t border-slate-100 bg-slate-50/60 px-4 py-3">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs font-medium text-slate-600">{t('employees.columns.net')}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">
                {rateText(employee, 'net', t, i18n.language)}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-600">{t('employees.columns.gross')}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">
                {rateText(employee, 'gross', t, i18n.language)}
              </dd>
            </div>
            {employee.personal_id ? (
              <div className="col-span-2">
                <dt className="text-xs font-medium text-slate-600">{t('employees.personalId')}</dt>
                <dd className="font-semibold break-all text-slate-900 tabular-nums">{employee.personal_id}</dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-3 grid grid-cols-3 gap-2">
            <EmployeeRowActions employee={employee} onEdit={onEdit} onDelete={onDelete} compact={false} />
          </div>
        </div>
      ) : null}
    </li>
  );
}
