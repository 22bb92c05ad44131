import type { TAdminEmployer } from '@puna/domain';
import { LogIn, Pencil } from 'lucide-react';
import { Spinner } from '../../../components/spinner';
import { Table } from '../../../components/table';
import { useTranslation } from '../../../lib/i18n';
import { PlanBadge, VerifiedBadge } from './employer-badges';

export type EmployerActions = {
  onEdit: (employer: TAdminEmployer) => void;
  onAccess: (employer: TAdminEmployer) => void;
  /** The account being opened, if any (its Access button spins; the others wait). */
  accessingId: number | null;
};

type EmployersTableProps = EmployerActions & { employers: TAdminEmployer[] };

const headers = ['id', 'company', 'email', 'status', 'plan', 'workers', 'actions'] as const;

/** Large screens: ID, Company, Email, Status, Plan, Workers, Actions (docs/product.md#admin). */
export function EmployersTable({ employers, onEdit, onAccess, accessingId }: EmployersTableProps) {
  const { t } = useTranslation();
  return (
    <Table
      className="card overflow-x-auto"
      caption={t('admin.employers.tableCaption')}
      columns={headers.map((header) => ({
        key: header,
        header: t(`admin.employers.columns.${header}`),
        headerClassName: header === 'actions' ? 'text-right' : '',
      }))}
    >
      {employers.map((employer) => (
        <tr key={employer.id} className="hover:bg-slate-50/70">
          <td className="px-4 py-3 text-slate-600 tabular-nums">{employer.id}</td>
          <th
            scope="row"
            className="max-w-56 truncate px-4 py-3 font-semibold text-slate-900"
            title={employer.company_name}
          >
            {employer.company_name}
          </th>
          <td className="max-w-64 truncate px-4 py-3 text-slate-700" title={employer.email}>
            {employer.email}
          </td>
          <td className="px-4 py-3">
            <VerifiedBadge verified={employer.is_verified} />
          </td>
          <td className="px-4 py-3">
            <PlanBadge type={employer.type} />
          </td>
          <td className="px-4 py-3 text-slate-800 tabular-nums">
            <span aria-hidden="true">
              {t('admin.employers.workersOfLimit', { count: employer.worker_count, limit: employer.limit_workers })}
            </span>
            <span className="sr-only">
              {t('admin.employers.workersOfLimitLabel', {
                count: employer.worker_count,
                limit: employer.limit_workers,
              })}
            </span>
          </td>
          <td className="px-4 py-3">
            <div className="flex justify-end gap-2">
              <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => onEdit(employer)}>
                <Pencil className="size-4" aria-hidden="true" />
                {t('admin.employers.edit')}
                <span className="sr-only"> {employer.company_name}</span>
              </button>
              <button
                type="button"
                className="btn-primary px-3 py-1.5"
                disabled={accessingId !== null}
                onClick={() => onAccess(employer)}
              >
                {accessingId === employer.id ? (
                  <Spinner className="size-4" />
                ) : (
                  <LogIn className="size-4" aria-hidden="true" />
                )}
                {t('admin.employers.access')}
                <span className="sr-only"> {employer.company_name}</span>
              </button>
            </div>
          </td>
        </tr>
      ))}
    </Table>
  );
}
