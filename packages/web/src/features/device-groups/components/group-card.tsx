import { LayoutGrid, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import type { DeviceGroup } from '../api/get-device-groups';

type GroupCardProps = {
  group: DeviceGroup;
  onEdit: (group: DeviceGroup) => void;
  onDelete: (group: DeviceGroup) => void;
};

/** A group: its name, how many devices, a badge per device, and edit and delete icon buttons. */
export function GroupCard({ group, onEdit, onDelete }: GroupCardProps) {
  const { t } = useTranslation();
  const titleId = `group-${group.id}`;
  return (
    <article className="card flex min-w-0 flex-col p-5" aria-labelledby={titleId}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <LayoutGrid className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900" title={group.name}>
            {group.name}
          </h2>
          <p className="text-sm text-slate-600">{t('deviceGroups.deviceCount', { count: group.devices.length })}</p>
        </div>
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            className="btn-ghost p-2"
            onClick={() => onEdit(group)}
            aria-label={t('deviceGroups.edit', { name: group.name })}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn-ghost p-2 text-red-700 hover:bg-red-50"
            onClick={() => onDelete(group)}
            aria-label={t('deviceGroups.delete', { name: group.name })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
      {group.devices.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-1.5">
          {group.devices.map((device) => (
            <li
              key={device.device_id}
              className="max-w-full truncate rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800"
              title={`${device.name} (${device.device_id})`}
            >
              {device.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-slate-500">{t('deviceGroups.noGroupDevices')}</p>
      )}
    </article>
  );
}
