import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/i18n';

type CloseDialogProps = {
  open: boolean;
  /** 'Mars 2025'. */
  label: string;
  /** The month's exceptions: when any, closing needs them acknowledged. */
  exceptions: number;
  busy: boolean;
  onConfirm: (acknowledgeExceptions: boolean) => void;
  onCancel: () => void;
};

/**
 * 'Ta mbyllim muajin …?': with exceptions still standing, the employer ticks that they were
 * reviewed before the close button works; the acknowledgement is kept with the month and audited.
 */
export function CloseDialog({ open, label, exceptions, busy, onConfirm, onCancel }: CloseDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={t('monthClose.close.title', { month: label })}
      description={t('monthClose.close.body')}
      size={exceptions > 0 ? 'md' : 'sm'}
    >
      {/* Remounted on every opening, so the box starts unticked. */}
      {open ? <CloseForm exceptions={exceptions} busy={busy} onConfirm={onConfirm} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function CloseForm({ exceptions, busy, onConfirm, onCancel }: Omit<CloseDialogProps, 'open' | 'label'>) {
  const { t } = useTranslation();
  const [acknowledged, setAcknowledged] = useState(false);
  const needsAcknowledgement = exceptions > 0;
  return (
    <div className="space-y-4">
      {needsAcknowledgement ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>{t('monthClose.close.exceptionsBody', { count: exceptions })}</p>
          <label className="mt-2 flex items-start gap-2 font-medium">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded accent-brand-700"
              checked={acknowledged}
              onChange={(event) => setAcknowledged(event.target.checked)}
            />
            <span>{t('monthClose.close.acknowledge', { count: exceptions })}</span>
          </label>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('monthClose.close.cancel')}
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={() => onConfirm(needsAcknowledgement)}
          disabled={busy || (needsAcknowledgement && !acknowledged)}
        >
          {busy ? <Spinner className="size-4" /> : null}
          {t('monthClose.close.confirm')}
        </button>
      </div>
    </div>
  );
}
