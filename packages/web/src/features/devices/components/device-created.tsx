import type { TDeviceProtocol } from '@puna/domain';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { useTranslation } from '../../../lib/i18n';
import type { TRegisteredDevice } from '../api/register-device';
import { serverAddress } from './server-address';

type DeviceCreatedProps = { device: TRegisteredDevice; protocol: TDeviceProtocol; onDone: () => void };

/** The one moment the secret is visible, and how to connect this kind of device to this server. */
export function DeviceCreated({ device, protocol, onDone }: DeviceCreatedProps) {
  const { t } = useTranslation();
  const server = serverAddress(window.location);
  return (
    <div className="space-y-4">
      <CopyField label={t('devices.columns.id')} value={device.device_id} />
      {device.secret ? (
        <>
          <CopyField label={t('devices.created.secret')} value={device.secret} />
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('devices.created.secretOnce')}
          </p>
        </>
      ) : (
        <Alert tone="info">{t('devices.created.zktecoNoSecret')}</Alert>
      )}
      {device.confirm_pin ? (
        <div className="space-y-1">
          <CopyField label={t('devices.trust.pinTitle')} value={device.confirm_pin} />
          <p className="text-sm text-slate-700">{t('devices.trust.pinHow')}</p>
        </div>
      ) : null}

      <section aria-labelledby="connect-title" className="rounded-xl border border-slate-200 p-4">
        <h3 id="connect-title" className="font-semibold text-slate-900">
          {t('devices.created.connect')}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{t(`devices.created.${protocol}`)}</p>
        <div className="mt-3 space-y-3">
          {protocol === 'zkteco' ? (
            <div className="grid gap-3 sm:grid-cols-[3fr_2fr]">
              <CopyField label={t('devices.created.serverHost')} value={server.host} />
              <CopyField label={t('devices.created.serverPort')} value={server.port} />
            </div>
          ) : protocol === 'kiosk' ? (
            <p className="text-sm">
              {t('devices.created.kioskLink')}:{' '}
              <a href="/kiosk" target="_blank" rel="noreferrer" className="link break-all">
                {server.origin}/kiosk
              </a>
            </p>
          ) : (
            <CopyField label={t('devices.created.serverUrl')} value={server.origin} />
          )}
        </div>
      </section>

      <div className="flex justify-end pt-1">
        <button type="button" className="btn-primary" onClick={onDone}>
          {t('devices.created.done')}
        </button>
      </div>
    </div>
  );
}

/** A read-only value with a copy button; the text stays selectable where the clipboard is refused. */
function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          className="field-input font-mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="btn-secondary shrink-0 px-3"
          onClick={copy}
          aria-label={`${t('devices.created.copy')} ${label}`}
        >
          {state === 'copied' ? (
            <Check className="size-4 text-emerald-600" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          <span className="hidden sm:inline">
            {state === 'copied' ? t('devices.created.copied') : t('devices.created.copy')}
          </span>
        </button>
      </div>
      {state === 'failed' ? (
        <p role="status" className="mt-1 text-xs text-amber-900">
          {t('devices.created.copyFailed')}
        </p>
      ) : null}
    </div>
  );
}
