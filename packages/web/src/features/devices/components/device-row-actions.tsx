import type { TDevice } from '@puna/domain';
import { CircleAlert, type LucideIcon, Pencil, RefreshCw, Trash2, UserPlus, Wifi } from 'lucide-react';
import { type TranslationKey, useTranslation } from '../../../lib/i18n';

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

type Action = {
  labelKey: TranslationKey;
  icon: LucideIcon;
  run: (device: TDevice) => void;
  /** Waits while the device's own update is on its way. */
  waits?: boolean;
  danger?: boolean;
};

/**
 * Rename, Update WiFi, Upload again, Problems, Clock users and Remove for one device. Wi-Fi is
 * offered to Puna readers only: a ZKTeco clock takes no configuration from Puna and a browser kiosk
 * has no Wi-Fi of its own. Only a ZKTeco clock uploads a log, reports refused lines and holds users
 * of its own; its users are offered once it is confirmed.
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
  const isClock = device.protocol === 'zkteco';
  const actions: Action[] = [
    { labelKey: 'devices.rename', icon: Pencil, run: onRename, waits: true },
    ...(device.protocol === 'puna'
      ? [{ labelKey: 'devices.updateWifi', icon: Wifi, run: onUpdateWifi, waits: true } satisfies Action]
      : []),
    ...(isClock
      ? [{ labelKey: 'devices.reupload', icon: RefreshCw, run: onReupload, waits: true } satisfies Action]
      : []),
    ...(isClock
      ? [{ labelKey: 'devices.problems.open', icon: CircleAlert, run: onShowProblems } satisfies Action]
      : []),
    ...(isClock && device.confirmed
      ? [{ labelKey: 'devices.clockUsers.open', icon: UserPlus, run: onShowUsers } satisfies Action]
      : []),
    { labelKey: 'devices.remove', icon: Trash2, run: onRemove, waits: true, danger: true },
  ];
  return (
    <>
      {actions.map(({ labelKey, icon: Icon, run, waits, danger }) => (
        <button
          key={labelKey}
          type="button"
          className={`btn-ghost ${size}${danger ? ' text-red-700 hover:bg-red-50' : ''}`}
          disabled={waits ? busy : false}
          onClick={() => run(device)}
          aria-label={`${t(labelKey)} ${device.name}`}
        >
          <Icon className="size-4" aria-hidden="true" />
          {t(labelKey)}
        </button>
      ))}
    </>
  );
}
