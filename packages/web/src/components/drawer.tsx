import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../hooks/use-dialog';
import { useTranslation } from '../lib/i18n';
import { Backdrop } from './backdrop';
import { IconButton } from './icon-button';

type DrawerProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  id?: string;
};

/** Menu sliding in from the right, 75% of the screen wide (docs/product.md#employer-shell, small screens). */
export function Drawer({ open, onClose, title, children, id }: DrawerProps) {
  const { t } = useTranslation();
  const { panelRef, titleId } = useDialog(open, onClose);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 lg:hidden">
      <Backdrop onClose={onClose} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="absolute inset-y-0 right-0 flex w-3/4 animate-slide-in-right flex-col bg-white shadow-2xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <IconButton label={t('common.closeMenu')} icon={X} onClick={onClose} />
        </div>
        <div className="flex-1 overflow-y-auto px-2 py-3">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
