import type { TDevice } from '@puna/domain';
import { ShieldAlert, ShieldQuestion } from 'lucide-react';
import { formatTimestamp } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** Whether a device needs its employer's attention: a clock waiting for its confirmation punch, or one that moved. */
export function needsTrustNotice(device: TDevice): boolean {
  return device.protocol === 'zkteco' && (!device.confirmed || device.moved_network !== null);
}

/**
 * What a ZKTeco clock needs before Puna trusts it: the confirmation punch (the PIN to add and punch
 * with at the clock), or the employer's approval of a new network it was refused from.
 */
export function ClockTrustNotice({
  device,
  onApproveMove,
  busy,
}: {
  device: TDevice;
  onApproveMove: (device: TDevice) => void;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (!device.confirmed && device.confirm_pin) {
    return (
      <div className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" role="status">
        <ShieldQuestion className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 break-words">
          <span className="font-semibold">{t('devices.trust.waiting')}</span>{' '}
          {t('devices.trust.waitingHow', { pin: device.confirm_pin })}
        </p>
      </div>
    );
  }
  if (!device.moved_network) return null;
  return (
    <div
      className="flex flex-col gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-950 sm:flex-row sm:items-start"
      role="alert"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2 break-words">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0">
          {t('devices.trust.moved', {
            network: device.moved_network,
            when: device.moved_seen ? formatTimestamp(device.moved_seen, i18n.language) : '',
          })}
        </span>
      </p>
      {device.confirm_pin ? (
        <p className="min-w-0 flex-1 font-semibold break-words">
          {t('devices.trust.moveHow', { pin: device.confirm_pin })}
        </p>
      ) : (
        <button
          type="button"
          className="btn-secondary self-start px-3 py-1.5"
          disabled={busy}
          onClick={() => onApproveMove(device)}
          aria-label={`${t('devices.trust.approve')} ${device.name}`}
        >
          {t('devices.trust.approve')}
        </button>
      )}
    </div>
  );
}
