import { ZDeletedResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { hoursKey } from '../../../lib/queries/query-keys';

/** `DELETE /krye/delete_workers`: the listed entries, all or nothing. Answers how many went. */
export async function deleteHoursEntries(idsToDelete: number[]): Promise<number> {
  return ZDeletedResponse.parse(await api.delete<unknown>('/krye/delete_workers', { idsToDelete })).Result.deleted;
}

export function useDeleteHoursEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHoursEntries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hoursKey }),
  });
}
