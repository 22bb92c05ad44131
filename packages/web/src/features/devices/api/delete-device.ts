import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { devicesKey } from '../../../lib/queries/get-devices';

/** `DELETE /api/controllers/{id}`: the device can no longer connect; its scans stay. */
export function deleteDevice(deviceId: string): Promise<unknown> {
  return api.delete<unknown>(`/api/controllers/${encodeURIComponent(deviceId)}`);
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
