import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import type { DeviceGroup, GroupDevice } from '../api/get-device-groups';
import { useCreateDeviceGroup, useUpdateDeviceGroup } from '../api/save-device-group';
import { GroupForm, type GroupFormValues } from './group-form';

/** The group body as the server takes it: the name and `[{ device_id, name }]`. */
const toRequest = (values: GroupFormValues) => ({
  name: values.name,
  devices: values.devices.map((device) => ({ device_id: device.device_id, name: device.name })),
});

type CreateGroupModalProps = { open: boolean; onClose: () => void; devices: readonly GroupDevice[] };

/** 'Create New Group': a name and clickable device cards; Cancel / Create Group. */
export function CreateGroupModal({ open, onClose, devices }: CreateGroupModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateDeviceGroup();
  return (
    <Modal open={open} onClose={onClose} title={t('deviceGroups.createTitle')} size="lg">
      <GroupForm
        devices={devices}
        picker="cards"
        submitLabel={t('deviceGroups.createButton')}
        cancelLabel={t('deviceGroups.cancel')}
        submitting={create.isPending}
        onCancel={onClose}
        onSubmit={(values) =>
          create.mutate(toRequest(values), {
            onSuccess: () => {
              toast.success(t('deviceGroups.created'));
              onClose();
            },
            onError: () => toast.error(t('deviceGroups.createFailed')),
          })
        }
      />
    </Modal>
  );
}

type EditGroupModalProps = { group: DeviceGroup | null; onClose: () => void; devices: readonly GroupDevice[] };

/** 'Edit Group': the name and a checkbox per device; Close / Save Changes. */
export function EditGroupModal({ group, onClose, devices }: EditGroupModalProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateDeviceGroup();
  return (
    <Modal open={group !== null} onClose={onClose} title={t('deviceGroups.editTitle')} size="lg">
      {group ? (
        <GroupForm
          // A fresh form per group, so its defaults are that group's.
          key={group.id}
          devices={devices}
          defaults={{ name: group.name, devices: group.devices }}
          picker="checkboxes"
          submitLabel={t('deviceGroups.save')}
          cancelLabel={t('deviceGroups.close')}
          submitting={update.isPending}
          onCancel={onClose}
          onSubmit={(values) =>
            update.mutate(
              { id: group.id, ...toRequest(values) },
              {
                onSuccess: () => {
                  toast.success(t('deviceGroups.updated'));
                  onClose();
                },
                onError: () => toast.error(t('deviceGroups.updateFailed')),
              },
            )
          }
        />
      ) : null}
    </Modal>
  );
}
