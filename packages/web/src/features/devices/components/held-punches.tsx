import type { TDevice } from '@puna/domain';
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { formatTimestamp } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useClockTrust, useImportHeldPunches } from '../api/clock-trust';

/**
 * Under a clock's problems: failed confirmation tries (docs/devices.md: the confirmation ID cannot
 * be guessed), and the punches held from before the clock's confirmation, with the explicit choice
 * to count them when the clock really was the employer's before.
 */
export function HeldPunches({ device }: { device: TDevice }) {
  const { t, i18n } = useTranslation();
  const trust = useClockTrust(device.device_id);
  const importHeld = useImportHeldPunches();
  const [imported, setImported] = useState<number | null>(null);
  if (!trust.data) return null;
  const { held, confirm_attempts: attempts, max_confirm_attempts: max } = trust.data;
  const when = (iso: string | null) => (iso ? formatTimestamp(iso, i18n.language) : '');
  return (
    <>
      {attempts > 0 ? (
        <Alert tone={attempts >= max ? 'error' : 'info'}>
          {attempts >= max
            ? t('devices.held.attemptsSpent', { count: attempts })
            : t('devices.held.attempts', { count: attempts, max })}
        </Alert>
      ) : null}
      {held.count > 0 ? (
        <section aria-labelledby="held-punches">
          <h3 id="held-punches" className="font-semibold text-slate-900">
            {t('devices.held.title', { count: held.count })}
          </h3>
          <p className="text-sm text-slate-700">
            {t('devices.held.hint', { oldest: when(held.oldest), newest: when(held.newest) })}
          </p>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {held.shown.map((punch) => (
              <li key={`${punch.pin}-${punch.at}`} className="px-3 py-2 text-sm text-slate-700">
                {t('devices.held.punch', { pin: punch.pin, at: when(punch.at) })}
              </li>
            ))}
          </ul>
          {importHeld.isError ? (
            <Alert tone="error">{translateError(importHeld.error, t('devices.held.importFailed'))}</Alert>
          ) : null}
          <button
            type="button"
            className="btn-secondary mt-2 px-3 py-1.5"
            disabled={importHeld.isPending}
            onClick={() =>
              importHeld.mutate(device.device_id, {
                onSuccess: (count) => setImported(count),
              })
            }
          >
            {t('devices.held.import', { count: held.count })}
          </button>
        </section>
      ) : null}
      {imported !== null ? <Alert tone="success">{t('devices.held.imported', { count: imported })}</Alert> : null}
    </>
  );
}
