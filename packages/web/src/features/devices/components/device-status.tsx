import type { TDevice } from '@puna/domain';
import { formatTimestamp } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Online (a heartbeat within 90 s, decided by the server) or Offline, as a coloured badge. */
export function DeviceStatus({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        connected ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'
      }`}
    >
      <span className={`size-2 rounded-full ${connected ? 'bg-emerald-500' : 'bg-slate-400'}`} aria-hidden="true" />
      {connected ? t('devices.status.online') : t('devices.status.offline')}
    </span>
  );
}

/** Last Seen in the reader's local date and time, or "never" for a device that never connected. */
export function useLastSeen(): (device: TDevice) => string {
  const { t, i18n } = useTranslation();
  return (device) => (device.last_seen ? formatTimestamp(device.last_seen, i18n.language) : t('devices.never'));
}
