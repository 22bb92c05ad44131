import { emptySchedule, type TEmployee } from '@puna/domain';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { hasPremiumAccess, useSession } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useCreateEmployee } from '../api/create-employee';
import { EmployeeForm, type TEmployeeFormDefaults, type TEmployeeFormOutput } from './employee-form';

/** The add form's own starting values, for a start from a name only. */
const NEW_EMPLOYEE: TEmployeeFormDefaults = { name: '', salary: '', wages: 'Orë', role: '', schedule: emptySchedule() };

type AddEmployeeModalProps = {
  open: boolean;
  onClose: () => void;
  roles: readonly string[];
  /** A name to start from (a time clock's user being imported). */
  initialName?: string;
  /** Called with the employee just added, before the modal closes. */
  onAdded?: (employee: TEmployee) => void;
};

/** 'Shto Puntorë': a new employee, optionally with a worker login and (Premium) a card. Closes after a successful add. */
export function AddEmployeeModal({ open, onClose, roles, initialName, onAdded }: AddEmployeeModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateEmployee();
  // Cards come with Premium (devices and the RFID list), as on the edit form.
  const user = useSession().data?.user;
  const hasCards = user ? hasPremiumAccess(user) : false;

  function close() {
    create.reset();
    onClose();
  }

  function submit(values: TEmployeeFormOutput) {
    create.mutate(
      {
        name: values.name,
        salary: values.salary,
        wages: values.wages,
        role: values.role,
        email: values.email,
        password: values.password,
        schedule: values.schedule ?? emptySchedule(),
        ...(values.personal_id ? { personal_id: values.personal_id } : {}),
        ...(values.start_date ? { start_date: values.start_date } : {}),
        ...(values.end_date ? { end_date: values.end_date } : {}),
        ...(hasCards && values.rfid ? { rfid: values.rfid } : {}),
      },
      {
        onSuccess: (employee) => {
          toast.success(t('employees.form.added'));
          onAdded?.(employee);
          close();
        },
      },
    );
  }

  return (
    <Modal open={open} onClose={close} title={t('employees.form.addTitle')} size="lg">
      <EmployeeForm
        mode="add"
        roles={roles}
        defaults={{
          ...NEW_EMPLOYEE,
          ...(initialName ? { name: initialName } : {}),
          // Given (null: none yet) only when the card field is offered.
          ...(hasCards ? { rfid: null } : {}),
        }}
        serverError={create.isError ? translateError(create.error, t('employees.form.addFailed')) : null}
        submitting={create.isPending}
        onSubmit={submit}
        onCancel={close}
      />
    </Modal>
  );
}
