import type { TDevice } from '@puna/domain';
import { CircleAlert, Pencil, RefreshCw, Trash2, UserPlus, Wifi } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';

export type DeviceActions = {
  onRename: (device: TDevice) => void;
  onUpdateWifi: (device: TDevice) => void;
  onRemove: (device: TDevice) => void;
  /** A ZKTeco clock: ask it to upload its whole log again. */
  onReupload: (device: TDevice) => void;
  /** A ZKTeco clock: what it sent that was not taken, and commands it refused. */
  onShowProblems: (device: TDevice) => void;
  /** A ZKTeco clock: its users, to link those no employee holds. */
  onShowUsers: (device: TDevice) => void;
  /** A ZKTeco clock refused from a new network: take it from there. */
  onApproveMove: (device: TDevice) => void;
  /** The device whose update is on its way (its buttons wait). */
  busyId: string | null;
};

/**
 * Rename, Update WiFi, Upload again and Remove for one device. Wi-Fi is offered to Puna readers only:
 * a ZKTeco clock takes no configuration from Puna and a browser kiosk has no Wi-Fi of its own. Only a
 * ZKTeco clock uploads a log, so only it is offered to upload everything again.
 */
export function DeviceRowActions({
  device,
  onRename,
  onUpdateWifi,
  onRemove,
  onReupload,
  onShowProblems,
  onShowUsers,
  busyId,
  stretch = false,
}: { device: TDevice; stretch?: boolean } & Omit<DeviceActions, 'onApproveMove'>) {
  const { t } = useTranslation();
  const busy = busyId === device.device_id;
  const size = stretch ? 'flex-1 px-1.5 py-2 whitespace-nowrap' : 'px-2 py-1.5 whitespace-nowrap';
  return (
    <>
      <button
        type="button"
        className={`btn-ghost ${size}`}
        disabled={busy}
        onClick={() => onRename(device)}
        aria-label={`${t('devices.rename')} ${device.name}`}
      >
        <Pencil className="size-4" aria-hidden="true" />
        {t('devices.rename')}
      </button>
      {device.protocol === 'puna' ? (
        <button
          type="button"
          className={`btn-ghost ${size}`}
          disabled={busy}
          onClick={() => onUpdateWifi(device)}
          aria-label={`${t('devices.updateWifi')} ${device.name}`}
        >
          <Wifi className="size-4" aria-hidden="true" />
          {t('devices.updateWifi')}
        </button>
      ) : null}
      {device.protocol === 'zkteco' ? (
        <button
          type="button"
          className={`btn-ghost ${size}`}
          disabled={busy}
          onClick={() => onReupload(device)}
          aria-label={`${t('devices.reupload')} ${device.name}`}
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('devices.reupload')}
        </button>
      ) : null}
      {device.protocol === 'zkteco' ? (
        <button
          type="button"
          className={`btn-ghost ${size}`}
          onClick={() => onShowProblems(device)}
          aria-label={`${t('devices.problems.open')} ${device.name}`}
        >
          <CircleAlert className="size-4" aria-hidden="true" />
          {t('devices.problems.open')}
        </button>
      ) : null}
      {device.protocol === 'zkteco' && device.confirmed ? (
        <button
          type="button"
          className={`btn-ghost ${size}`}
          onClick={() => onShowUsers(device)}
          aria-label={`${t('devices.clockUsers.open')} ${device.name}`}
        >
          <UserPlus className="size-4" aria-hidden="true" />
          {t('devices.clockUsers.open')}
        </button>
      ) : null}
      <button
        type="button"
        className={`btn-ghost ${size} text-red-700 hover:bg-red-50`}
        disabled={busy}
        onClick={() => onRemove(device)}
        aria-label={`${t('devices.remove')} ${device.name}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {t('devices.remove')}
      </button>
    </>
  );
}
