import type { TEmployee } from '@puna/domain';
import { Skeleton } from '../../../components/skeleton';
import { useTranslation } from '../../../lib/i18n';
import { rateText } from './employee-pay';
import { EmployeeRowActions } from './employee-row-actions';

export type EmployeeActions = {
  onEdit: (employee: TEmployee) => void;
  onDelete: (employee: TEmployee) => void;
};

/** Skeleton rows while the list loads (docs/product.md#employees: 8). */
export const EMPLOYEE_SKELETON_ROWS = 8;

/** The desktop table: index, name, net and gross with pay type, role, Orët / Edit / Delete. */
export function EmployeesTable({
  employees,
  loading,
  onEdit,
  onDelete,
}: { employees: TEmployee[]; loading: boolean } & EmployeeActions) {
  const { t, i18n } = useTranslation();
  return (
    <div className="card overflow-hidden">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="w-12 px-4 py-3">
              {t('employees.columns.index')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('employees.columns.name')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('employees.columns.net')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('employees.columns.gross')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('employees.columns.role')}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              {t('employees.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loading
            ? Array.from({ length: EMPLOYEE_SKELETON_ROWS }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <tr key={row}>
                  {['index', 'name', 'net', 'gross', 'role', 'actions'].map((cell) => (
                    <td key={cell} className="px-4 py-3.5">
                      <Skeleton className={cell === 'index' ? 'h-4 w-6' : 'h-4 w-full max-w-40'} />
                    </td>
                  ))}
                </tr>
              ))
            : employees.map((employee, index) => (
                <tr key={employee.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3 text-slate-500 tabular-nums">{index + 1}</td>
                  <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                    {employee.name}
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-800 tabular-nums">
                    {rateText(employee, 'net', t, i18n.language)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-800 tabular-nums">
                    {rateText(employee, 'gross', t, i18n.language)}
                  </td>
                  <td className="px-4 py-3">
                    <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                      {employee.role}
                    </span>
                  </td>
                  <td className="px-4 py-2">
                    <div className="flex justify-end gap-1.5">
                      <EmployeeRowActions employee={employee} onEdit={onEdit} onDelete={onDelete} compact />
                    </div>
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
