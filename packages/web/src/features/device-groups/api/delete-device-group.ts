import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deviceGroupsKey } from './get-device-groups';

/** `DELETE /api/group-devices/{id}`: the group goes; its devices stay. */
export function deleteDeviceGroup(id: number): Promise<unknown> {
  return api.delete<unknown>(`/api/group-devices/${id}`);
}

export function useDeleteDeviceGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeviceGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceGroupsKey }),
  });
}
