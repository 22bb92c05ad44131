import type { TEmployee } from '@puna/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, UserPlus } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { hasPremiumAccess, useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { translateError, translateMessage } from '../../../lib/i18n-errors';
import { employeesKey, useEmployees } from '../../../lib/queries/get-employees';
import { rolesQueryOptions, useRoles } from '../../../lib/queries/get-roles';
import { useDeleteEmployee } from '../api/delete-employee';
import { AddEmployeeModal } from '../components/add-employee-modal';
import { EditEmployeeModal } from '../components/edit-employee-modal';
import { EmployeeCards } from '../components/employee-cards';
import { EmployeesTable } from '../components/employees-table';
import { NoRolesDialog } from '../components/no-roles-dialog';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; id: number }
  | { kind: 'delete'; employee: TEmployee }
  | { kind: 'noRoles' }
  | { kind: 'roles' }
  | null;

/** The roles feature's manager, given by the route (features do not import one another). */
export type TRolesManagerModal = ComponentType<{ open: boolean; onClose: () => void; onRenamed?: () => void }>;

/** 'Lista Puntorëve': the employees with add, edit, delete, their hours, and the roles manager. */
/** Other features' sections of the employee's edit dialog (e.g. the phone clock's rules), given by the route. */
export type TEmployeeSections = ComponentType<{ employeeId: number }>;

export function EmployeesPage({
  RolesManagerModal,
  EmployeeSections,
}: {
  RolesManagerModal: TRolesManagerModal;
  EmployeeSections?: TEmployeeSections;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const employees = useEmployees();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [checkingRoles, setCheckingRoles] = useState(false);
  const roles = useRoles(dialog?.kind === 'add' || dialog?.kind === 'edit');
  const deleteEmployee = useDeleteEmployee();
  // Cards come with Premium (devices and the RFID list); only then does the edit form offer one.
  const user = useSession().data?.user;
  const hasCards = user ? hasPremiumAccess(user) : false;
  // `?add=1` (the dashboard's first-steps card) opens the add form at once, as the button would.
  const [searchParams, setSearchParams] = useSearchParams();
  const addRequested = searchParams.get('add') === '1';

  async function openAdd() {
    setCheckingRoles(true);
    try {
      const list = await queryClient.fetchQuery(rolesQueryOptions());
      setDialog(list.length === 0 ? { kind: 'noRoles' } : { kind: 'add' });
    } catch {
      // Logged by the query cache.
      toast.error(t('employees.rolesFailed'));
    } finally {
      setCheckingRoles(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per request in the address
  useEffect(() => {
    if (!addRequested) return;
    setSearchParams({}, { replace: true });
    void openAdd();
  }, [addRequested]);

  function confirmDelete() {
    if (dialog?.kind !== 'delete') return;
    deleteEmployee.mutate(dialog.employee.id, {
      onSuccess: (answer) => {
        // Archived instead of deleted (pay in a closed month): the server's sentence says so.
        toast.success(
          answer.archived ? (translateMessage(answer.message) ?? t('employees.archived')) : t('employees.deleted'),
        );
        setDialog(null);
      },
      onError: (error) => {
        toast.error(translateError(error, t('employees.deleteFailed')));
        setDialog(null);
      },
    });
  }

  const list = employees.data ?? [];
  const loading = employees.isPending;
  const actions = {
    onEdit: (employee: TEmployee) => setDialog({ kind: 'edit', id: employee.id }),
    onDelete: (employee: TEmployee) => setDialog({ kind: 'delete', employee }),
  };

  return (
    <>
      <PageHeader
        title={t('employer.screens.employees')}
        description={t('employees.description')}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={() => setDialog({ kind: 'roles' })}>
              <ShieldCheck className="size-4" aria-hidden="true" />
              {t('employees.manageRoles')}
            </button>
            <button type="button" className="btn-primary" onClick={openAdd} disabled={checkingRoles}>
              {checkingRoles ? <Spinner className="size-4" /> : <UserPlus className="size-4" aria-hidden="true" />}
              {t('employees.add')}
            </button>
          </>
        }
      />

      {employees.isError ? (
        <Alert tone="error" className="mb-4">
          {translateError(employees.error, t('employees.loadFailed'))}
        </Alert>
      ) : null}

      {!loading && !employees.isError && list.length === 0 ? (
        <p className="card px-6 py-10 text-center text-slate-600">{t('employees.empty')}</p>
      ) : null}

      {loading || list.length > 0 ? (
        <div aria-busy={loading}>
          <div className="hidden md:block">
            <EmployeesTable employees={list} loading={loading} {...actions} />
          </div>
          <div className="md:hidden">
            <EmployeeCards employees={list} loading={loading} {...actions} />
          </div>
        </div>
      ) : null}

      <AddEmployeeModal open={dialog?.kind === 'add'} onClose={() => setDialog(null)} roles={roles.data ?? []} />
      <EditEmployeeModal
        employeeId={dialog?.kind === 'edit' ? dialog.id : null}
        onClose={() => setDialog(null)}
        roles={roles.data ?? []}
        card={hasCards && dialog?.kind === 'edit' ? (list.find((e) => e.id === dialog.id)?.rfid ?? null) : undefined}
        loginEmail={dialog?.kind === 'edit' ? (list.find((e) => e.id === dialog.id)?.email ?? null) : null}
        personalId={dialog?.kind === 'edit' ? (list.find((e) => e.id === dialog.id)?.personal_id ?? null) : null}
        Sections={EmployeeSections}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('employees.deleteConfirm')}
        description={dialog?.kind === 'delete' ? dialog.employee.name : undefined}
        confirmLabel={t('employees.deleteConfirmButton')}
        cancelLabel={t('employees.cancel')}
        busy={deleteEmployee.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDialog(null)}
      />
      <NoRolesDialog
        open={dialog?.kind === 'noRoles'}
        onClose={() => setDialog(null)}
        onManageRoles={() => setDialog({ kind: 'roles' })}
      />
      <RolesManagerModal
        open={dialog?.kind === 'roles'}
        onClose={() => setDialog(null)}
        onRenamed={() => queryClient.invalidateQueries({ queryKey: employeesKey })}
      />
    </>
  );
}
