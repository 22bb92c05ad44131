import type { TDevice } from '@puna/domain';
import { Fragment } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ClockTrustNotice, needsTrustNotice } from './clock-trust-notice';
import { type DeviceActions, DeviceRowActions } from './device-row-actions';
import { DeviceStatus, useLastSeen } from './device-status';

/** Wider screens: Device Name, Device ID, SSID, Status, Last Seen, Actions. */
export function DevicesTable({ devices, ...actions }: { devices: TDevice[] } & DeviceActions) {
  const { onApproveMove, ...rowActions } = actions;
  const { t } = useTranslation();
  const lastSeen = useLastSeen();
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('devices.tableCaption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t('devices.columns.name')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('devices.columns.id')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('devices.columns.ssid')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('devices.columns.status')}
            </th>
            <th scope="col" className="px-4 py-3">
              {t('devices.columns.lastSeen')}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              {t('devices.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {devices.map((device) => (
            <Fragment key={device.device_id}>
              <tr className="hover:bg-slate-50">
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  {device.name}
                  <span className="block text-xs font-normal text-slate-600">
                    {t(`devices.protocols.${device.protocol}`)}
                  </span>
                </th>
                <td className="px-4 py-3 font-mono text-xs text-slate-700">{device.device_id}</td>
                <td className="px-4 py-3 text-slate-700">{device.ssid ?? t('devices.noSsid')}</td>
                <td className="px-4 py-3">
                  <DeviceStatus connected={device.connected} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">{lastSeen(device)}</td>
                <td className="px-4 py-2">
                  <div className="flex flex-wrap justify-end gap-1">
                    <DeviceRowActions device={device} {...rowActions} />
                  </div>
                </td>
              </tr>
              {needsTrustNotice(device) ? (
                <tr>
                  <td colSpan={6} className="px-4 pb-3">
                    <ClockTrustNotice
                      device={device}
                      onApproveMove={onApproveMove}
                      busy={actions.busyId === device.device_id}
                    />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
