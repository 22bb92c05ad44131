import { Modal } from '../../../components/modal';
import { useTranslation } from '../../../lib/i18n';

type NoRolesDialogProps = { open: boolean; onClose: () => void; onManageRoles: () => void };

/** Shown instead of the add form when the employer has no role to give (docs/product.md#employees). */
export function NoRolesDialog({ open, onClose, onManageRoles }: NoRolesDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('employees.noRoles.title')}
      description={t('employees.noRoles.text')}
      size="sm"
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('employees.noRoles.close')}
        </button>
        <button type="button" className="btn-primary" onClick={onManageRoles}>
          {t('employees.noRoles.manage')}
        </button>
      </div>
    </Modal>
  );
}
