import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { hoursKey } from '../../../lib/queries/query-keys';

/** `DELETE /krye/delete_klista/{id}`: one entry. */
export function deleteHoursEntry(id: number): Promise<unknown> {
  return api.delete<unknown>(`/krye/delete_klista/${id}`);
}

export function useDeleteHoursEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHoursEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hoursKey }),
  });
}
