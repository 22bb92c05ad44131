import { emptySchedule } from '@puna/domain';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { errorText } from '../../../lib/api';
import { translateMessage, useTranslation } from '../../../lib/i18n';
import { useCreateEmployee } from '../api/create-employee';
import { EmployeeForm, type TEmployeeFormOutput } from './employee-form';

type AddEmployeeModalProps = { open: boolean; onClose: () => void; roles: readonly string[] };

/** 'Shto Puntorë': a new employee, optionally with a worker login. Closes after a successful add. */
export function AddEmployeeModal({ open, onClose, roles }: AddEmployeeModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateEmployee();

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
      },
      {
        onSuccess: () => {
          toast.success(t('employees.form.added'));
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
        serverError={
          create.isError ? (translateMessage(errorText(create.error, t('employees.form.addFailed'))) ?? null) : null
        }
        submitting={create.isPending}
        onSubmit={submit}
        onCancel={close}
      />
    </Modal>
  );
}
