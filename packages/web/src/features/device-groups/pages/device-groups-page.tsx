import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { useDeviceUpdates } from '../../../lib/queries/device-updates';
import { useDevices } from '../../../lib/queries/get-devices';
import { useDeleteDeviceGroup } from '../api/delete-device-group';
import { type DeviceGroup, deviceGroupsKey, useDeviceGroups } from '../api/get-device-groups';
import { GroupCard } from '../components/group-card';
import { CreateGroupModal, EditGroupModal } from '../components/group-modals';

type Dialog = { kind: 'create' } | { kind: 'edit'; group: DeviceGroup } | { kind: 'delete'; group: DeviceGroup } | null;

/** 'Device Groups': the employer's groups of devices, with create, edit and delete. */
export function DeviceGroupsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const groups = useDeviceGroups();
  const devices = useDevices();
  const remove = useDeleteDeviceGroup();
  const [dialog, setDialog] = useState<Dialog>(null);
  // A renamed or removed device changes the groups' badges.
  useDeviceUpdates(useCallback(() => void queryClient.invalidateQueries({ queryKey: deviceGroupsKey }), [queryClient]));

  useEffect(() => {
    if (groups.isError) toast.error(t('deviceGroups.loadFailed'));
  }, [groups.isError, toast, t]);
  useEffect(() => {
    if (devices.isError) toast.error(t('deviceGroups.devicesFailed'));
  }, [devices.isError, toast, t]);

  const choices = (devices.data ?? []).map((device) => ({ device_id: device.device_id, name: device.name }));
  const list = groups.data ?? [];

  function confirmDelete() {
    if (dialog?.kind !== 'delete') return;
    remove.mutate(dialog.group.id, {
      onSuccess: () => toast.success(t('deviceGroups.deleted')),
      onError: () => toast.error(t('deviceGroups.deleteFailed')),
      onSettled: () => setDialog(null),
    });
  }

  return (
    <>
      <PageHeader
        title={t('employer.screens.deviceGroups')}
        description={t('deviceGroups.description')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setDialog({ kind: 'create' })}>
            <Plus className="size-4" aria-hidden="true" />
            {t('deviceGroups.create')}
          </button>
        }
      />

      {groups.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} className="h-32 w-full rounded-2xl" />
          ))}
        </div>
      ) : groups.isError ? (
        <Alert tone="error">{t('deviceGroups.loadFailed')}</Alert>
      ) : list.length === 0 ? (
        <p className="card px-6 py-10 text-center text-slate-600">{t('deviceGroups.empty')}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              onEdit={(chosen) => setDialog({ kind: 'edit', group: chosen })}
              onDelete={(chosen) => setDialog({ kind: 'delete', group: chosen })}
            />
          ))}
        </div>
      )}

      <CreateGroupModal open={dialog?.kind === 'create'} onClose={() => setDialog(null)} devices={choices} />
      <EditGroupModal
        group={dialog?.kind === 'edit' ? dialog.group : null}
        onClose={() => setDialog(null)}
        devices={choices}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('deviceGroups.deleteConfirm')}
        description={dialog?.kind === 'delete' ? dialog.group.name : undefined}
        confirmLabel={t('deviceGroups.deleteButton')}
        cancelLabel={t('deviceGroups.deleteCancel')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
