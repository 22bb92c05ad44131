import { type TDeviceGroupRequest, ZDeviceGroupResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type DeviceGroup, deviceGroupsKey, toDeviceGroup } from './get-device-groups';

/** `POST /api/group-devices`: a new group with its devices. */
export async function createDeviceGroup(input: TDeviceGroupRequest): Promise<DeviceGroup> {
  return toDeviceGroup(ZDeviceGroupResponse.parse(await api.post<unknown>('/api/group-devices', input)).Result);
}

/** `PUT /api/group-devices/{id}`: renames the group and replaces its devices. */
export async function updateDeviceGroup({ id, ...input }: TDeviceGroupRequest & { id: number }): Promise<DeviceGroup> {
  return toDeviceGroup(ZDeviceGroupResponse.parse(await api.put<unknown>(`/api/group-devices/${id}`, input)).Result);
}

export function useCreateDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceGroupsKey }),
  });
}

export function useUpdateDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceGroupsKey }),
  });
}
