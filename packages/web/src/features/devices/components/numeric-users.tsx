import type { TDevice } from '@puna/domain';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useUpdateDeviceConfig } from '../api/update-device-config';

/**
 * A clock behind a LAN bridge (pyzk-based agents) takes numeric PINs and decimal card numbers
 * only: turned on, its users are sent that way, and those who cannot be are listed as problems.
 */
export function NumericUsers({ device }: { device: TDevice }) {
  const { t } = useTranslation();
  const hintId = useId();
  const [checked, setChecked] = useState(device.numeric_users ?? false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const update = useUpdateDeviceConfig();

  function toggle(next: boolean) {
    setChecked(next);
    update.mutate(
      { deviceId: device.device_id, config: { numeric_users: next } },
      {
        onSuccess: () => setMessage({ tone: 'ok', text: t('devices.numericUsers.saved') }),
        onError: (error) => {
          setChecked(!next);
          setMessage({ tone: 'error', text: translateError(error, t('devices.updateFailed')) });
        },
      },
    );
  }

  return (
    <div className="border-t border-slate-200 pt-4">
      <label className="flex items-center gap-2 font-medium text-slate-900">
        <input
          type="checkbox"
          className="size-4"
          checked={checked}
          disabled={update.isPending}
          aria-describedby={hintId}
          onChange={(event) => toggle(event.target.checked)}
        />
        {t('devices.numericUsers.label')}
      </label>
      <p id={hintId} className="mt-1 text-sm text-slate-700">
        {t('devices.numericUsers.hint')}
      </p>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mt-2 text-sm ${message.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
