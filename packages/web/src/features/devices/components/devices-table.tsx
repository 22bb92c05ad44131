import type { TDevice } from '@puna/domain';
import { Fragment } from 'react';
import { Table } from '../../../components/table';
import { useTranslation } from '../../../lib/i18n';
import { ClockTrustNotice, needsTrustNotice } from './clock-trust-notice';
import { type DeviceActions, DeviceRowActions } from './device-row-actions';
import { DeviceSsid, DeviceStatus, useLastSeen } from './device-status';

/** Wider screens: Device Name, Device ID, SSID, Status, Last Seen, Actions. */
export function DevicesTable({ devices, ...actions }: { devices: TDevice[] } & DeviceActions) {
  const { onApproveMove, ...rowActions } = actions;
  const { t } = useTranslation();
  const lastSeen = useLastSeen();
  return (
    <Table
      className="card overflow-x-auto"
      caption={t('devices.tableCaption')}
      columns={[
        { key: 'name', header: t('devices.columns.name') },
        { key: 'id', header: t('devices.columns.id') },
        { key: 'ssid', header: t('devices.columns.ssid') },
        { key: 'status', header: t('devices.columns.status') },
        { key: 'lastSeen', header: t('devices.columns.lastSeen') },
        { key: 'actions', header: t('devices.columns.actions'), headerClassName: 'text-right' },
      ]}
    >
      {devices.map((device) => (
        <Fragment key={device.device_id}>
          <tr className="hover:bg-slate-50">
            <th scope="row" className="px-4 py-3 font-semibold wrap-anywhere text-slate-900">
              {device.name}
              <span className="block text-xs font-normal text-slate-600">
                {t(`devices.protocols.${device.protocol}`)}
              </span>
            </th>
            <td className="px-4 py-3 font-mono text-xs text-slate-700">{device.device_id}</td>
            <td className="px-4 py-3 text-slate-700">
              <DeviceSsid device={device} />
            </td>
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
    </Table>
  );
}
