import { zodResolver } from '@hookform/resolvers/zod';
import { ZDeviceGroupRequest } from '@puna/domain';
import { Check, Cpu } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useTranslation } from '../../../lib/i18n';
import type { GroupDevice } from '../api/get-device-groups';
import { isSelected, toggleDevice } from './device-selection';

const ZGroupName = ZDeviceGroupRequest.pick({ name: true });
type TGroupName = { name: string };

export type GroupFormValues = { name: string; devices: GroupDevice[] };

type GroupFormProps = {
  /** The employer's devices to choose from. */
  devices: readonly GroupDevice[];
  defaults?: GroupFormValues;
  /** 'cards' (Create New Group: clickable cards marked Active) or 'checkboxes' (Edit Group). */
  picker: 'cards' | 'checkboxes';
  submitLabel: string;
  cancelLabel: string;
  submitting: boolean;
  onSubmit: (values: GroupFormValues) => void;
  onCancel: () => void;
};

/** Group Name (required) and the devices in the group, as the create and edit modals share them. */
export function GroupForm({
  devices,
  defaults,
  picker,
  submitLabel,
  cancelLabel,
  submitting,
  onSubmit,
  onCancel,
}: GroupFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm<TGroupName>({
    resolver: zodResolver(ZGroupName),
    defaultValues: { name: defaults?.name ?? '' },
  });
  const [selected, setSelected] = useState<GroupDevice[]>(defaults?.devices ?? []);
  // A device of the group that is gone from the employer's list is still shown, so it can be taken out.
  const choices = [...devices, ...selected.filter((chosen) => !devices.some((d) => d.device_id === chosen.device_id))];

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => onSubmit({ name: values.name, devices: selected }))}
    >
      <TextField
        label={t('deviceGroups.name')}
        placeholder={t('deviceGroups.namePlaceholder')}
        autoComplete="off"
        required
        error={formState.errors.name?.message}
        {...register('name')}
      />
      <fieldset>
        <legend className="field-label">{t('deviceGroups.selectDevices')}</legend>
        {choices.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-700">
            {t('deviceGroups.noDevices')}{' '}
            <Link to="/kryepuntor/devices" className="link">
              {t('deviceGroups.devicesLink')}
            </Link>
          </p>
        ) : picker === 'cards' ? (
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {choices.map((device) => {
              const on = isSelected(selected, device.device_id);
              return (
                <button
                  key={device.device_id}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setSelected((current) => toggleDevice(current, device))}
                  className={`card flex items-center gap-3 p-3 text-left transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none ${
                    on ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600' : 'hover:bg-slate-50'
                  }`}
                >
                  <span
                    className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${
                      on ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600'
                    }`}
                  >
                    {on ? (
                      <Check className="size-5" aria-hidden="true" />
                    ) : (
                      <Cpu className="size-5" aria-hidden="true" />
                    )}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-slate-900" title={device.name}>
                      {device.name}
                    </span>
                    <span className="block truncate font-mono text-xs text-slate-600">{device.device_id}</span>
                  </span>
                  {on ? (
                    <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                      {t('deviceGroups.active')}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {choices.map((device) => (
              <li key={device.device_id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4 rounded accent-brand-700"
                    checked={isSelected(selected, device.device_id)}
                    onChange={() => setSelected((current) => toggleDevice(current, device))}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900" title={device.name}>
                      {device.name}
                    </span>
                    <span className="block truncate font-mono text-xs text-slate-600">{device.device_id}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="dialog-actions flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? <Spinner className="size-4" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
