import type { TDevice } from '@puna/domain';
import { useTranslation } from '../../../lib/i18n';
import { ClockTrustNotice, needsTrustNotice } from './clock-trust-notice';
import { type DeviceActions, DeviceRowActions } from './device-row-actions';
import { DeviceSsid, DeviceStatus, useLastSeen } from './device-status';

/** Phones (768 px or less): one card per device with the same fields and actions as the table. */
export function DeviceCards({ devices, ...actions }: { devices: TDevice[] } & DeviceActions) {
  const { onApproveMove, ...rowActions } = actions;
  const { t } = useTranslation();
  const lastSeen = useLastSeen();
  return (
    <ul className="space-y-3">
      {devices.map((device) => (
        <li key={device.device_id} className="card p-4" aria-label={device.name}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="truncate font-semibold text-slate-900" title={device.name}>
                {device.name}
              </h2>
              <p className="text-xs text-slate-600">{t(`devices.protocols.${device.protocol}`)}</p>
            </div>
            <DeviceStatus connected={device.connected} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="col-span-2">
              <dt className="text-xs font-medium text-slate-600">{t('devices.columns.id')}</dt>
              <dd className="font-mono text-xs break-all text-slate-800">{device.device_id}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-600">{t('devices.columns.ssid')}</dt>
              <dd className="text-slate-800">
                <DeviceSsid device={device} />
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-600">{t('devices.columns.lastSeen')}</dt>
              <dd className="text-slate-800 tabular-nums">{lastSeen(device)}</dd>
            </div>
          </dl>
          {needsTrustNotice(device) ? (
            <div className="mt-3">
              <ClockTrustNotice
                device={device}
                onApproveMove={onApproveMove}
                busy={actions.busyId === device.device_id}
              />
            </div>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-1 border-t border-slate-100 pt-2">
            <DeviceRowActions device={device} stretch {...rowActions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
