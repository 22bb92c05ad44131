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

/**
 * The SSID column: the network the device last reported and, while a Wi-Fi change sent from Puna
 * waits for the reader's next heartbeat, the new one marked as pending.
 */
export function DeviceSsid({ device }: { device: TDevice }) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <span className="break-words">{device.ssid ?? t('devices.noSsid')}</span>
      {device.pending_ssid ? (
        <span
          className="inline-flex max-w-full items-center gap-1 self-start rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950"
          title={t('devices.pendingSsidHint')}
          data-testid="pending-ssid"
        >
          <span className="truncate">{t('devices.pendingSsid', { ssid: device.pending_ssid })}</span>
        </span>
      ) : null}
    </span>
  );
}
