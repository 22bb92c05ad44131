import { ROLE_NAME_MAX } from '@puna/domain';
import { Check, Pencil, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useRoles } from '../../../lib/queries/get-roles';
import { useAddRole } from '../api/add-role';
import { useDeleteRole } from '../api/delete-role';
import { useRenameRole } from '../api/rename-role';

type RolesManagerModalProps = {
  open: boolean;
  onClose: () => void;
  /** A role was renamed: the employees holding it changed too. */
  onRenamed?: () => void;
};

/** The spec's sentence for the failed step, followed by the server's reason when it gave one. */
function failure(error: unknown, fallback: string): string {
  const reason = translateError(error, '');
  return reason ? `${fallback}: ${reason}` : fallback;
}

/**
 * The length limit, told while typing rather than cutting the name silently: the count of
 * characters, red with a sentence once past ROLE_NAME_MAX (and Save / Add are disabled then).
 */
function RoleLength({ id, value }: { id: string; value: string }) {
  const { t } = useTranslation();
  const length = value.trim().length;
  const over = length > ROLE_NAME_MAX;
  return (
    <p id={id} className={`mt-1 text-xs ${over ? 'font-medium text-red-700' : 'text-slate-500'}`} aria-live="polite">
      {over
        ? t('roles.tooLong', { max: ROLE_NAME_MAX, count: length })
        : t('roles.lengthHint', { max: ROLE_NAME_MAX, count: length })}
    </p>
  );
}

const isTooLong = (value: string) => value.trim().length > ROLE_NAME_MAX;

/** 'Menaxho Rolet': list, add, rename in place (Ruaj) and delete the employer's roles. */
export function RolesManagerModal({ open, onClose, onRenamed }: RolesManagerModalProps) {
  const { t } = useTranslation();
  const roles = useRoles(open);
  const addRole = useAddRole();
  const renameRole = useRenameRole();
  const deleteRole = useDeleteRole();
  const [newRole, setNewRole] = useState('');
  const [editing, setEditing] = useState<{ index: number; value: string } | null>(null);
  const [confirmIndex, setConfirmIndex] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const newRoleId = useId();
  const editHintId = useId();

  function close() {
    setEditing(null);
    setError(null);
    setNewRole('');
    onClose();
  }

  function submitNew(event: FormEvent) {
    event.preventDefault();
    const role = newRole.trim();
    // An empty or blank new role is ignored (docs/product.md#roles); a too long one waits for a shorter name.
    if (!role || isTooLong(role)) return;
    setError(null);
    addRole.mutate(role, {
      onSuccess: () => setNewRole(''),
      onError: (cause) => setError(failure(cause, t('roles.addFailed'))),
    });
  }

  function saveEdit(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const role = editing.value.trim();
    if (!role || isTooLong(role)) return;
    setError(null);
    renameRole.mutate(
      { index: editing.index, role },
      {
        onSuccess: () => {
          setEditing(null);
          onRenamed?.();
        },
        onError: (cause) => setError(failure(cause, t('roles.updateFailed'))),
      },
    );
  }

  function confirmDelete() {
    if (confirmIndex === null) return;
    const index = confirmIndex;
    setError(null);
    deleteRole.mutate(index, {
      onSuccess: () => {
        setConfirmIndex(null);
        if (editing?.index === index) setEditing(null);
      },
      onError: (cause) => {
        setConfirmIndex(null);
        setError(failure(cause, t('roles.deleteFailed')));
      },
    });
  }

  const list = roles.data ?? [];
  return (
    <Modal open={open} onClose={close} title={t('roles.title')} description={t('roles.description')}>
      <div className="space-y-4">
        {roles.isError ? <Alert tone="error">{t('roles.loadFailed')}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}

        {roles.isPending ? (
          <div className="space-y-2" aria-hidden="true">
            {['first', 'second', 'third'].map((key) => (
              <Skeleton key={key} className="h-11 w-full" />
            ))}
          </div>
        ) : (
          <ul
            aria-label={t('roles.listLabel')}
            className="divide-y divide-slate-100 rounded-xl border border-slate-200"
          >
            {list.length === 0 && !roles.isError ? (
              <li className="px-4 py-3 text-sm text-slate-600">{t('roles.empty')}</li>
            ) : null}
            {list.map((role, index) =>
              editing?.index === index ? (
                <li key={role} className="px-3 py-2">
                  <form onSubmit={saveEdit} className="flex items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <input
                        className="field-input py-2"
                        aria-label={t('roles.nameLabel')}
                        aria-describedby={editHintId}
                        aria-invalid={isTooLong(editing.value) || undefined}
                        value={editing.value}
                        // biome-ignore lint/a11y/noAutofocus: the field replaces the row the person chose to edit
                        autoFocus
                        onChange={(event) => setEditing({ index, value: event.target.value })}
                      />
                      <RoleLength id={editHintId} value={editing.value} />
                    </div>
                    <button
                      type="submit"
                      className="btn-primary shrink-0 px-3 py-2"
                      disabled={!editing.value.trim() || isTooLong(editing.value) || renameRole.isPending}
                    >
                      {renameRole.isPending ? (
                        <Spinner className="size-4" />
                      ) : (
                        <Check className="size-4" aria-hidden="true" />
                      )}
                      {t('roles.save')}
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2 py-2"
                      aria-label={t('roles.cancel')}
                      onClick={() => setEditing(null)}
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </form>
                </li>
              ) : (
                <li key={role} className="flex items-center gap-2 px-4 py-2">
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{role}</span>
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1.5"
                    aria-label={t('roles.editLabel', { role })}
                    onClick={() => {
                      setError(null);
                      setEditing({ index, value: role });
                    }}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="btn-ghost px-2 py-1.5 text-red-700 hover:bg-red-50"
                    aria-label={t('roles.deleteLabel', { role })}
                    onClick={() => setConfirmIndex(index)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ),
            )}
          </ul>
        )}

        <form onSubmit={submitNew} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={newRoleId} className="field-label">
              {t('roles.newRole')}
            </label>
            <input
              id={newRoleId}
              className="field-input"
              value={newRole}
              aria-describedby={`${newRoleId}-length`}
              aria-invalid={isTooLong(newRole) || undefined}
              autoComplete="off"
              onChange={(event) => setNewRole(event.target.value)}
            />
            <RoleLength id={`${newRoleId}-length`} value={newRole} />
          </div>
          <button type="submit" className="btn-primary mb-5" disabled={addRole.isPending || isTooLong(newRole)}>
            {addRole.isPending ? <Spinner className="size-4" /> : <Plus className="size-4" aria-hidden="true" />}
            {t('roles.add')}
          </button>
        </form>

        <div className="flex justify-end">
          <button type="button" className="btn-secondary" onClick={close}>
            {t('roles.close')}
          </button>
        </div>
      </div>

      <ConfirmDialog
        open={confirmIndex !== null}
        title={t('roles.deleteConfirm')}
        description={confirmIndex !== null ? list[confirmIndex] : undefined}
        confirmLabel={t('roles.delete')}
        cancelLabel={t('roles.cancel')}
        busy={deleteRole.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmIndex(null)}
      />
    </Modal>
  );
}
