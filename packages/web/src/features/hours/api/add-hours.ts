import { type THoursEntry, type TNewHoursEntryInput, ZHoursListResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { hoursKey } from '../../../lib/queries/query-keys';

/** `POST /krye/addworkerklista`: the selected workers' entries, all or nothing. */
export async function addHours(entries: TNewHoursEntryInput[]): Promise<THoursEntry[]> {
  return ZHoursListResponse.parse(await api.post<unknown>('/krye/addworkerklista', entries)).Result;
}

export function useAddHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHours,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hoursKey }),
  });
}
