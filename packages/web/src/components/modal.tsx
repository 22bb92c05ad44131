import { X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../hooks/use-dialog';
import { focusableIn } from '../hooks/use-focus-trap';
import { useTranslation } from '../lib/i18n';
import { Backdrop } from './backdrop';

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
  // Focus starts on the first field of the content, not on the close button.
  const { panelRef, titleId } = useDialog(open, onClose, () =>
    contentRef.current ? focusableIn(contentRef.current)[0] : null,
  );

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
        className={`relative w-full ${widths[size]} max-h-[92dvh] animate-pop-in overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl sm:rounded-2xl sm:p-6`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          {/* min-w-0 and wrap-anywhere: a long unbroken name in the title wraps instead of widening the dialog. */}
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold wrap-anywhere text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            className="-m-1 shrink-0 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            aria-label={t('common.close')}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div ref={contentRef} className="min-w-0">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
