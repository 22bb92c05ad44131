import { useTranslation } from '../../lib/i18n';

/** The red dot beside Chat / Chats when messages are unread. */
export function UnreadDot({ show, className = '' }: { show: boolean; className?: string }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <span className={`inline-block size-2.5 rounded-full bg-red-600 ring-2 ring-white ${className}`}>
      <span className="sr-only">{t('shell.unread')}</span>
    </span>
  );
}
