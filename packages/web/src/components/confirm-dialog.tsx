import type { ReactNode } from 'react';
import { Modal } from './modal';
import { Spinner } from './spinner';

type ConfirmDialogProps = {
  open: boolean;
  /** The question, shown as the dialog's title. */
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red confirm button for destructive answers. */
  tone?: 'danger' | 'primary';
  busy?: boolean;
};

/** An in-app yes/no question, replacing the browser's confirm() with an accessible dialog. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'danger',
  busy = false,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title} description={description} size="sm">
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'btn-danger' : 'btn-primary'}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? <Spinner className="size-4" /> : null}
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
