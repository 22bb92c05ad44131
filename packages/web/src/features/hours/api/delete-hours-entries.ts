import { ZDeletedResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { hoursKey } from '../../../lib/queries/query-keys';

/**
 * `DELETE /krye/delete_workers`: the listed entries, all or nothing. Answers how many went.
 * `keepalive` sends it even while the page closes (a delete still waiting for its undo time).
 */
export async function deleteHoursEntries(
  idsToDelete: number[],
  options: { keepalive?: boolean } = {},
): Promise<number> {
  const answer = await apiRequest<unknown>('/krye/delete_workers', {
    method: 'DELETE',
    body: { idsToDelete },
    keepalive: options.keepalive,
  });
  return ZDeletedResponse.parse(answer).Result.deleted;
}

export function useDeleteHoursEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteHoursEntries(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hoursKey }),
  });
}
