import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useDevices } from '../../../lib/queries/get-devices';
import { useApproveClockMove } from '../api/approve-clock-move';

/**
 * A clock refused from a new address (a residential line's new lease, a moved office) is told on
 * the dashboard at once, with the one-tap approval; after it, the ID to punch with at the clock.
 * The Devices page says the same (docs/devices.md, "Trusting a clock").
 */
export function MovedClocksCard() {
  const { t } = useTranslation();
  const devices = useDevices();
  const approve = useApproveClockMove();
  const moved = (devices.data ?? []).filter((device) => device.protocol === 'zkteco' && device.moved_network);
  if (moved.length === 0) return null;
  return (
    <section
      className="card space-y-3 border-red-200 bg-red-50 p-4 text-red-950"
      aria-labelledby="moved-clocks"
      role="alert"
    >
      <h2 id="moved-clocks" className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
        {t('devices.movedClocks.title', { count: moved.length })}
      </h2>
      <ul className="space-y-2">
        {moved.map((device) => (
          <li key={device.device_id} className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center">
            <span className="min-w-0 flex-1 break-words">
              {t('devices.movedClocks.clock', { name: device.name, network: device.moved_network ?? '' })}
            </span>
            {device.confirm_pin ? (
              <span className="font-semibold">{t('devices.movedClocks.punch', { pin: device.confirm_pin })}</span>
            ) : (
              <button
                type="button"
                className="btn-secondary self-start px-3 py-1.5"
                disabled={approve.isPending}
                onClick={() => approve.mutate(device.device_id)}
                aria-label={`${t('devices.movedClocks.approve')} ${device.name}`}
              >
                {t('devices.movedClocks.approve')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {approve.isError ? <p>{translateError(approve.error, t('devices.movedClocks.failed'))}</p> : null}
      <Link to="/kryepuntor/devices" className="text-sm font-medium underline">
        {t('devices.movedClocks.devices')}
      </Link>
    </section>
  );
}
