import { Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { TPendingDelete } from './use-undoable-delete';

/**
 * The held delete's notice, bottom centre like a toast: how many entries went, the seconds left
 * and 'Zhbëj'. It is a status region, so a screen reader hears it once.
 */
export function UndoDeleteBar({ pending, onUndo }: { pending: TPendingDelete | null; onUndo: () => void }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!pending) return;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(tick);
  }, [pending]);
  if (!pending) return null;
  const seconds = Math.max(0, Math.ceil((pending.until - now) / 1000));
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-[55] flex justify-center px-3 lg:bottom-6">
      <div
        role="status"
        data-testid="undo-delete"
        className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
      >
        <p className="min-w-0 flex-1">
          {t('hours.list.deleted', { count: pending.ids.length })}{' '}
          <span className="text-slate-300 tabular-nums">{t('hours.list.undoIn', { seconds })}</span>
        </p>
        <button
          type="button"
          onClick={onUndo}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-white/10 px-3 py-1.5 font-semibold text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Undo2 className="size-4" aria-hidden="true" />
          {t('hours.list.undo')}
        </button>
      </div>
    </div>
  );
}
