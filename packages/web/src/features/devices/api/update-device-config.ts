import type { TDeviceConfigRequest } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { devicesKey } from '../../../lib/queries/get-devices';

/** `PUT /api/controllers/{id}/config`: `{ name }` or `{ ssid, password }`, delivered with the next heartbeat. */
export function updateDeviceConfig({ deviceId, config }: { deviceId: string; config: TDeviceConfigRequest }) {
  return api.put<unknown>(`/api/controllers/${encodeURIComponent(deviceId)}/config`, config);
}

export function useUpdateDeviceConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceConfig,
    // docs/product.md#devices: the list refreshes after a successful update.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
