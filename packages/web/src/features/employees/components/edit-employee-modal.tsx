import { emptySchedule, ROLE_MASTER } from '@puna/domain';
import type { ComponentType, ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useEmployee } from '../../../lib/queries/get-employee';
import { useUpdateEmployee } from '../api/update-employee';
import { EmployeeForm, type TEmployeeFormOutput } from './employee-form';
import { EmployeeKioskBadge } from './employee-kiosk-badge';

type EditEmployeeModalProps = {
  /** The employee being edited; null when the modal is closed. */
  employeeId: number | null;
  onClose: () => void;
  roles: readonly string[];
  /** The employee's card UID (null: none) when the card can be edited here; undefined hides the field. */
  card?: string | null;
  /** The e-mail of the employee's worker login, or null without one (then no password can be set). */
  loginEmail?: string | null;
  /** The employee's personal ID number as the list has it (null: none). */
  personalId?: string | null;
  /** Other features' sections under the form, each with its own save (given by the route). */
  Sections?: ComponentType<{ employeeId: number }>;
};

/** 'Ndrysho Puntorinë': the employee's current data, fetched fresh, saved with 'Ruaj Ndryshimet'. */
export function EditEmployeeModal({
  employeeId,
  onClose,
  roles,
  card,
  loginEmail = null,
  personalId = null,
  Sections,
}: EditEmployeeModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const open = employeeId !== null;
  const employee = useEmployee(employeeId ?? 0, open);
  const update = useUpdateEmployee();
  // The kiosk is a device, part of Puna Premium like its PINs and badges.
  const premium = useSession().data?.user?.type === 'premium';

  function close() {
    update.reset();
    onClose();
  }

  function submit(values: TEmployeeFormOutput) {
    if (employeeId === null) return;
    update.mutate(
      {
        id: employeeId,
        name: values.name,
        salary: values.salary,
        wages: values.wages,
        role: values.role,
        schedule: values.schedule ?? emptySchedule(),
        // An emptied field clears the number.
        personal_id: values.personal_id ?? null,
        // An emptied date clears it.
        start_date: values.start_date ?? null,
        end_date: values.end_date ?? null,
        ...(card === undefined ? {} : { rfid: values.rfid ?? null }),
        ...(loginEmail && values.password ? { password: values.password } : {}),
      },
      {
        onSuccess: () => {
          toast.success(values.password && loginEmail ? t('employees.form.passwordSet') : t('employees.form.saved'));
          close();
        },
      },
    );
  }

  let body: ReactNode;
  if (employee.isPending) {
    body = (
      <div className="space-y-4" aria-busy="true">
        {['name', 'salary', 'wages'].map((key) => (
          <Skeleton key={key} className="h-11 w-full" />
        ))}
      </div>
    );
  } else if (employee.isError) {
    body = <Alert tone="error">{translateError(employee.error, t('employees.form.loadFailed'))}</Alert>;
  } else {
    const detail = employee.data;
    body = (
      <EmployeeForm
        // A new form per employee, so its defaults are that employee's.
        key={detail.id}
        mode="edit"
        roles={roles}
        defaults={{
          name: detail.name,
          salary: String(detail.salary),
          wages: detail.wages,
          role: detail.role || ROLE_MASTER,
          schedule: detail.schedule,
          personal_id: personalId,
          start_date: detail.start_date,
          end_date: detail.end_date,
          ...(card === undefined ? {} : { rfid: card }),
        }}
        loginEmail={loginEmail}
        serverError={update.isError ? translateError(update.error, t('employees.form.addFailed')) : null}
        submitting={update.isPending}
        onSubmit={submit}
        onCancel={close}
      />
    );
  }

  return (
    <Modal open={open} onClose={close} title={t('employees.form.editTitle')} size="lg">
      {body}
      {premium && employeeId !== null && employee.isSuccess ? <EmployeeKioskBadge employeeId={employeeId} /> : null}
      {Sections && employeeId !== null && employee.isSuccess ? <Sections employeeId={employeeId} /> : null}
    </Modal>
  );
}
