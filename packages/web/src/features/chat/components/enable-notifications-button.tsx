import { BellRing } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { useNotificationPermission } from '../push';

/** A small, optional offer to turn on chat notifications; the browser is never asked unprompted. */
export function EnableNotificationsButton() {
  const { t } = useTranslation();
  const { canAsk, isWorking, enable } = useNotificationPermission();
  if (!canAsk) return null;
  return (
    <button
      type="button"
      onClick={() => void enable()}
      disabled={isWorking}
      className="mx-3 mt-2 inline-flex items-center gap-1.5 self-start rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800 hover:bg-brand-100 disabled:opacity-60"
    >
      <BellRing className="size-3.5" aria-hidden="true" />
      {t('chat.enableNotifications')}
    </button>
  );
}
