import { X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../hooks/use-dialog';
import { focusableIn } from '../hooks/use-focus-trap';
import { useTranslation } from '../lib/i18n';
import { Backdrop } from './backdrop';
import { IconButton } from './icon-button';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' } as const;

/** Accessible dialog: focus stays inside, Escape and the backdrop close it, the page behind does not scroll. */
export function Modal({ open, onClose, title, description, children, size = 'md' }: ModalProps) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  // Focus starts on the field marked `data-autofocus`, else the content's first field; never on
  // the close button.
  const { panelRef, titleId } = useDialog(open, onClose, () => {
    const content = contentRef.current;
    if (!content) return null;
    return content.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(content)[0];
  });

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <Backdrop onClose={onClose} blur />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative flex w-full ${widths[size]} max-h-[92dvh] animate-pop-in flex-col overflow-hidden rounded-t-2xl bg-white shadow-2xl sm:rounded-2xl`}
      >
        {/* The title stays; the content below it scrolls (a form's `dialog-actions` stay at its foot). */}
        <div className="flex shrink-0 items-start justify-between gap-4 px-5 pt-5 pb-3 sm:px-6 sm:pt-6">
          {/* min-w-0 and wrap-anywhere: a long unbroken name in the title wraps instead of widening the dialog. */}
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold wrap-anywhere text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm wrap-anywhere text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <IconButton
            label={t('common.close')}
            icon={X}
            onClick={onClose}
            className="-m-2.5 rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          />
        </div>
        <div ref={contentRef} className="min-h-0 min-w-0 overflow-y-auto px-5 pt-1 pb-5 sm:px-6 sm:pb-6">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
