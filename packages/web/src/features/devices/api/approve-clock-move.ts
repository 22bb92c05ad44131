import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { devicesKey } from '../../../lib/queries/get-devices';

/** `POST /api/controllers/{id}/approve-move`, from the dashboard's notice of a clock on a new address. */
export function useApproveClockMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) =>
      api.post<unknown>(`/api/controllers/${encodeURIComponent(deviceId)}/approve-move`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
