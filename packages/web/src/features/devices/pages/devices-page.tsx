import type { TDevice, TDeviceConfigRequest, TEmployee } from '@puna/domain';
import { Plus } from 'lucide-react';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { MOBILE_QUERY, useMediaQuery } from '../../../hooks/use-media-query';
import { ApiError } from '../../../lib/api';
import { type TranslationKey, useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useAssignCard } from '../../../lib/queries/assign-card';
import { useDeviceUpdates } from '../../../lib/queries/device-updates';
import { useDevices } from '../../../lib/queries/get-devices';
import { useEmployees } from '../../../lib/queries/get-employees';
import { useRoles } from '../../../lib/queries/get-roles';
import { useApproveMove } from '../api/approve-move';
import { useDeleteDevice } from '../api/delete-device';
import { useRequestReupload } from '../api/request-reupload';
import { useUpdateDeviceConfig } from '../api/update-device-config';
import { AddDeviceModal } from '../components/add-device-modal';
import { ClockUsersModal } from '../components/clock-users-modal';
import { DeviceCards } from '../components/device-cards';
import { DeviceProblemsModal } from '../components/device-problems-modal';
import { askNewName, askWifi } from '../components/device-prompts';
import { DevicesTable } from '../components/devices-table';

/** docs/product.md#devices: the server's text, else 'Failed to fetch devices' (a refusal) or 'Error loading devices'. */
function loadErrorKey(error: unknown): TranslationKey | null {
  if (error instanceof ApiError) return error.serverMessage ? null : 'devices.loadFailed';
  return 'devices.loadError';
}

/** The employees feature's add form, given by the route (features do not import one another). */
export type TAddEmployeeModal = ComponentType<{
  open: boolean;
  onClose: () => void;
  roles: readonly string[];
  initialName?: string;
  onAdded?: (employee: TEmployee) => void;
}>;

/**
 * 'Connected Devices': the employer's readers and clocks, live, with rename, Wi-Fi, add and remove.
 * A clock's unknown user is added as a new employee with `AddEmployeeModal`.
 */
export function DevicesPage({ AddEmployeeModal }: { AddEmployeeModal: TAddEmployeeModal }) {
  const { t } = useTranslation();
  const toast = useToast();
  const isPhone = useMediaQuery(MOBILE_QUERY);
  const devices = useDevices();
  useDeviceUpdates();
  const update = useUpdateDeviceConfig();
  const remove = useDeleteDevice();
  const reupload = useRequestReupload();
  const approve = useApproveMove();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TDevice | null>(null);
  // A question in the app's own dialog, so its answers are in the question's language (the browser's
  // confirm() answers in the browser's language).
  const [confirming, setConfirming] = useState<{ kind: 'reupload' | 'approve'; device: TDevice } | null>(null);
  const [inspecting, setInspecting] = useState<TDevice | null>(null);
  const [importing, setImporting] = useState<TDevice | null>(null);
  const team = useEmployees();
  const assign = useAssignCard();
  // A clock user added as a new employee: the add form, then its PIN is linked to them.
  const [creating, setCreating] = useState<{ pin: string; name: string } | null>(null);
  const roles = useRoles(creating !== null);
  const linkPin = (pin: string, employeeId: number) =>
    assign.mutateAsync(
      { uid: `PIN:${pin}`, employeeId },
      {
        onSuccess: () => toast.success(t('devices.clockUsers.linked')),
        onError: (error) => toast.error(translateError(error, t('devices.updateFailed'))),
      },
    );

  const loadError = devices.isError
    ? (() => {
        const key = loadErrorKey(devices.error);
        return key ? t(key) : translateError(devices.error, '');
      })()
    : null;

  // Every failed load (the first or a 30-second refresh) is also told in a toast (docs/product.md#devices).
  const { errorUpdatedAt } = devices;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new failure toasts; its text follows it
  useEffect(() => {
    if (errorUpdatedAt > 0 && loadError) toast.error(loadError);
  }, [errorUpdatedAt]);

  function send(device: TDevice, config: TDeviceConfigRequest | null) {
    if (!config) return;
    update.mutate(
      { deviceId: device.device_id, config },
      {
        onSuccess: () => toast.success(t('devices.updated')),
        onError: (error) => toast.error(translateError(error, t('devices.updateFailed'))),
      },
    );
  }

  function confirmAsked() {
    if (!confirming) return;
    const { kind, device } = confirming;
    setConfirming(null);
    const done = kind === 'approve' ? t('devices.trust.approved') : t('devices.reuploadAsked');
    (kind === 'approve' ? approve : reupload).mutate(device.device_id, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(translateError(error, t('devices.updateFailed'))),
    });
  }

  const ask = (message: string, defaultValue?: string) => window.prompt(message, defaultValue);
  const actions = {
    onRename: (device: TDevice) => send(device, askNewName(ask, t('devices.renamePrompt'), device.name)),
    onUpdateWifi: (device: TDevice) =>
      send(device, askWifi(ask, { ssid: t('devices.ssidPrompt'), password: t('devices.passwordPrompt') }, device.ssid)),
    onRemove: setRemoving,
    onReupload: (device: TDevice) => setConfirming({ kind: 'reupload', device }),
    onShowProblems: setInspecting,
    onShowUsers: setImporting,
    onApproveMove: (device: TDevice) => setConfirming({ kind: 'approve', device }),
    busyId: update.isPending
      ? (update.variables?.deviceId ?? null)
      : reupload.isPending
        ? (reupload.variables ?? null)
        : approve.isPending
          ? (approve.variables ?? null)
          : null,
  };

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.device_id, {
      onSuccess: () => {
        toast.success(t('devices.removed'));
        setRemoving(null);
      },
      onError: (error) => {
        toast.error(translateError(error, t('devices.removeFailed')));
        setRemoving(null);
      },
    });
  }

  const list = devices.data ?? [];
  let body: ReactNode;
  if (devices.isPending) {
    body = (
      <div
        className="card flex justify-center px-6 py-12 text-brand-700"
        role="status"
        aria-label={t('common.loading')}
      >
        <Spinner className="size-8" />
      </div>
    );
  } else if (devices.isError && !devices.data) {
    body = <Alert tone="error">{loadError}</Alert>;
  } else if (list.length === 0) {
    body = <p className="card px-6 py-10 text-center text-slate-600">{t('devices.empty')}</p>;
  } else if (isPhone) {
    body = <DeviceCards devices={list} {...actions} />;
  } else {
    body = <DevicesTable devices={list} {...actions} />;
  }

  return (
    <>
      <PageHeader
        title={t('employer.screens.devices')}
        description={t('devices.description')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            {t('devices.add')}
          </button>
        }
      />
      {body}
      <AddDeviceModal open={adding} onClose={() => setAdding(false)} />
      <DeviceProblemsModal device={inspecting} onClose={() => setInspecting(null)} />
      <ClockUsersModal
        device={importing}
        employees={team.data ?? []}
        linking={assign.isPending}
        onLink={linkPin}
        onCreate={(pin, name) => {
          setImporting(null);
          setCreating({ pin, name });
        }}
        onClose={() => setImporting(null)}
      />
      <AddEmployeeModal
        open={creating !== null}
        roles={roles.data ?? []}
        {...(creating?.name ? { initialName: creating.name } : {})}
        onAdded={(employee) => {
          if (creating) void linkPin(creating.pin, employee.id).catch(() => undefined);
        }}
        onClose={() => setCreating(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.kind === 'approve'
            ? t('devices.trust.approveConfirm', {
                name: confirming.device.name,
                network: confirming.device.moved_network ?? '',
              })
            : t('devices.reuploadConfirm', { name: confirming?.device.name ?? '' })
        }
        confirmLabel={confirming?.kind === 'approve' ? t('devices.trust.approve') : t('devices.reupload')}
        cancelLabel={t('devices.cancel')}
        tone="primary"
        onConfirm={confirmAsked}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('devices.removeConfirm', { name: removing?.name ?? '' })}
        description={t('devices.removeHint')}
        confirmLabel={t('devices.removeButton')}
        cancelLabel={t('devices.cancel')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
