import type { TEmployee } from '@puna/domain';
import { Clock3, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

export type EmployeeActions = {
  onEdit: (employee: TEmployee) => void;
  onDelete: (employee: TEmployee) => void;
};

/** Orët, Edit and Delete for one employee: compact in the table, full-width buttons on phone cards. */
export function EmployeeRowActions({
  employee,
  onEdit,
  onDelete,
  compact,
}: { employee: TEmployee; compact: boolean } & EmployeeActions) {
  const { t } = useTranslation();
  const button = compact ? 'btn-ghost px-2.5 py-1.5' : 'btn-secondary px-2 py-2';
  const name = <span className="sr-only"> {employee.name}</span>;
  return (
    <>
      <Link to={`/kryepuntor/oret/${employee.id}`} className={button}>
        <Clock3 className="size-4" aria-hidden="true" />
        {t('employees.hoursLink')}
        {name}
      </Link>
      <button type="button" className={button} onClick={() => onEdit(employee)}>
        <Pencil className="size-4" aria-hidden="true" />
        {t('employees.edit')}
        {name}
      </button>
      <button type="button" className={`${button} text-red-700 hover:bg-red-50`} onClick={() => onDelete(employee)}>
        <Trash2 className="size-4" aria-hidden="true" />
        {t('employees.delete')}
        {name}
      </button>
    </>
  );
}
