import type { TDevice } from '@puna/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useUpdateDeviceConfig } from '../api/update-device-config';

/**
 * How many queued commands one poll of the clock carries: 1 (the default) for bridges that read one
 * command per poll; a clock that takes several learns the team faster with more.
 */
export function CommandsPerPoll({ device }: { device: TDevice }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(String(device.commands_per_poll ?? 1));
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const update = useUpdateDeviceConfig();

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { deviceId: device.device_id, config: { commands_per_poll: Number(value) } },
      {
        onSuccess: () => setMessage({ tone: 'ok', text: t('devices.commandsPerPoll.saved') }),
        onError: (error) => setMessage({ tone: 'error', text: translateError(error, t('devices.updateFailed')) }),
      },
    );
  }

  return (
    <form onSubmit={save} className="border-t border-slate-200 pt-4">
      <label htmlFor={inputId} className="field-label">
        {t('devices.commandsPerPoll.label')}
      </label>
      <p id={hintId} className="text-sm text-slate-700">
        {t('devices.commandsPerPoll.hint')}
      </p>
      <div className="mt-2 flex items-center gap-2">
        <input
          id={inputId}
          type="number"
          min={1}
          max={50}
          step={1}
          inputMode="numeric"
          className="field-input w-24"
          aria-describedby={hintId}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="btn-secondary px-3 py-2" disabled={update.isPending}>
          {t('devices.commandsPerPoll.save')}
        </button>
      </div>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mt-2 text-sm ${message.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
