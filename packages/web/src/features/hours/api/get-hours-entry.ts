import { type THoursEntry, ZHoursListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { hoursKey } from '../../../lib/queries/query-keys';

/** `GET /krye/klista/{id}`: one entry, answered as a one-item list. */
export async function getHoursEntry(id: number, signal?: AbortSignal): Promise<THoursEntry> {
  const [entry] = ZHoursListResponse.parse(await api.get<unknown>(`/krye/klista/${id}`, signal)).Result;
  if (!entry) throw new ApiError(404, '', null);
  return entry;
}

export function hoursEntryQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...hoursKey, 'entry', id] as const,
    queryFn: ({ signal }) => getHoursEntry(id, signal),
    staleTime: 0,
  });
}

export function useHoursEntry(id: number) {
  return useQuery({ ...hoursEntryQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
