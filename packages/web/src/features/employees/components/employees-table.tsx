import type { TEmployee } from '@puna/domain';
import { Table } from '../../../components/table';
import { useTranslation } from '../../../lib/i18n';
import { rateText } from './employee-pay';
import { type EmployeeActions, EmployeeRowActions } from './employee-row-actions';

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
  const columns = [
    { key: 'index', header: t('employees.columns.index'), headerClassName: 'w-12', skeleton: 'h-4 w-6' },
    { key: 'name', header: t('employees.columns.name') },
    { key: 'net', header: t('employees.columns.net') },
    { key: 'gross', header: t('employees.columns.gross') },
    { key: 'role', header: t('employees.columns.role') },
    { key: 'actions', header: t('employees.columns.actions'), headerClassName: 'text-right' },
  ];
  return (
    <Table columns={columns} loading={loading} skeletonRows={EMPLOYEE_SKELETON_ROWS}>
      {employees.map((employee, index) => (
        <tr key={employee.id} className="hover:bg-slate-50">
          <td className="px-4 py-3 text-slate-500 tabular-nums">{index + 1}</td>
          <th scope="row" className="px-4 py-3 font-semibold wrap-anywhere text-slate-900">
            {employee.name}
          </th>
          <td className="px-4 py-3 whitespace-nowrap text-slate-800 tabular-nums">
            {rateText(employee, 'net', t, i18n.language)}
          </td>
          <td className="px-4 py-3 whitespace-nowrap text-slate-800 tabular-nums">
            {rateText(employee, 'gross', t, i18n.language)}
          </td>
          <td className="px-4 py-3">
            <span
              className="inline-block max-w-48 truncate rounded-full bg-brand-50 px-2.5 py-0.5 align-middle text-xs font-semibold text-brand-800"
              title={employee.role}
            >
              {employee.role}
            </span>
          </td>
          <td className="px-4 py-2">
            <div className="flex justify-end gap-1.5 whitespace-nowrap">
              <EmployeeRowActions employee={employee} onEdit={onEdit} onDelete={onDelete} compact />
            </div>
          </td>
        </tr>
      ))}
    </Table>
  );
}
