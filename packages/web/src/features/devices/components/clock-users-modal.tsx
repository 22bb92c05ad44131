import type { TDevice } from '@puna/domain';
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useClockUsers } from '../api/get-clock-users';

type Employee = { id: number; name: string };

/**
 * "Import users from this clock": the users the clock reported, by PIN. A user no employee holds
 * can be linked to one (the PIN becomes the employee's, and the punches kept under it count for
 * them); add the employee first on the employees page when it does not exist yet.
 */
export function ClockUsersModal({
  device,
  employees,
  onLink,
  onCreate,
  linking,
  onClose,
}: {
  device: TDevice | null;
  employees: Employee[];
  onLink: (pin: string, employeeId: number) => Promise<unknown>;
  /** Adds the clock user as a new employee (the add form, then the PIN is linked). */
  onCreate: (pin: string, name: string) => void;
  linking: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const users = useClockUsers(device?.device_id ?? null);
  let body: React.ReactNode;
  if (users.isPending) {
    body = (
      <div className="flex justify-center py-8 text-brand-700" role="status" aria-label={t('common.loading')}>
        <Spinner className="size-6" />
      </div>
    );
  } else if (users.isError) {
    body = <Alert tone="error">{translateError(users.error, t('devices.clockUsers.loadFailed'))}</Alert>;
  } else if (users.data.length === 0) {
    body = <p className="py-4 text-sm text-slate-700">{t('devices.clockUsers.none')}</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {users.data.map((user) => (
          <li key={user.pin} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-semibold wrap-anywhere text-slate-900">
                {user.name || t('devices.clockUsers.noName')}{' '}
                <span className="font-mono text-xs font-normal text-slate-700">PIN {user.pin}</span>
              </p>
              {user.card ? <p className="font-mono text-xs text-slate-600">{user.card}</p> : null}
            </div>
            {user.employee ? (
              <span className="text-slate-700">{t('devices.clockUsers.linkedTo', { name: user.employee.name })}</span>
            ) : (
              <LinkUser
                pin={user.pin}
                clockName={user.name}
                employees={employees}
                busy={linking}
                onLink={async (employeeId) => {
                  await onLink(user.pin, employeeId);
                  await users.refetch();
                }}
                onCreate={() => onCreate(user.pin, user.name)}
              />
            )}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Modal
      open={device !== null}
      onClose={onClose}
      size="lg"
      title={t('devices.clockUsers.title', { name: device?.name ?? '' })}
      description={t('devices.clockUsers.description')}
    >
      {body}
    </Modal>
  );
}

function LinkUser({
  pin,
  clockName,
  employees,
  busy,
  onLink,
  onCreate,
}: {
  pin: string;
  clockName: string;
  employees: Employee[];
  busy: boolean;
  onLink: (employeeId: number) => Promise<void>;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  return (
    <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
      <label htmlFor={selectId} className="sr-only">
        {t('devices.clockUsers.employeeFor', { name: clockName || pin })}
      </label>
      <select
        id={selectId}
        className="field-input w-full py-1.5 sm:w-48"
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
      >
        <option value="">{t('devices.clockUsers.choose')}</option>
        {employees.map((employee) => (
          <option key={employee.id} value={employee.id}>
            {employee.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        disabled={busy || chosen === ''}
        onClick={() => void onLink(Number(chosen)).catch(() => undefined)}
        aria-label={`${t('devices.clockUsers.link')} PIN ${pin}`}
      >
        {t('devices.clockUsers.link')}
      </button>
      <button
        type="button"
        className="btn-ghost px-2 py-1.5 whitespace-nowrap"
        disabled={busy}
        onClick={onCreate}
        aria-label={`${t('devices.clockUsers.create')} PIN ${pin}`}
      >
        {t('devices.clockUsers.create')}
      </button>
    </div>
  );
}
