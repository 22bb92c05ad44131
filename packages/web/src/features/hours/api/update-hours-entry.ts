import { type THoursEntry, ZHoursEntryResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { hoursKey } from '../../../lib/queries/query-keys';

/**
 * `PUT /krye/edit_klista/{id}`: `ora` and the times change (null clears them: docs/product.md#hours-times);
 * the rest is sent as the spec's body has it.
 */
export async function updateHoursEntry(
  entry: Pick<THoursEntry, 'id' | 'name' | 'data' | 'dita' | 'ora'> & { from: string | null; to: string | null },
): Promise<THoursEntry> {
  const body = {
    id: entry.id,
    name: entry.name,
    ora: entry.ora,
    data: entry.data,
    dita: entry.dita,
    from: entry.from,
    to: entry.to,
  };
  return ZHoursEntryResponse.parse(await api.put<unknown>(`/krye/edit_klista/${entry.id}`, body)).Result;
}

export function useUpdateHoursEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHoursEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hoursKey }),
  });
}
