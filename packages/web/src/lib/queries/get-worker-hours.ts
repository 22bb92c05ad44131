import { type THoursEntry, ZHoursListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { hoursKey } from './query-keys';

/** `GET /krye/oret/{workerId}?month=YYYY-MM`: one worker's entries of a month, by date. */
export async function getWorkerHours(workerId: number, month: string, signal?: AbortSignal): Promise<THoursEntry[]> {
  const path = `/krye/oret/${workerId}?month=${encodeURIComponent(month)}`;
  return ZHoursListResponse.parse(await api.get<unknown>(path, signal)).Result;
}

export function workerHoursQueryOptions(workerId: number, month: string) {
  return queryOptions({
    queryKey: [...hoursKey, 'worker', workerId, month] as const,
    queryFn: ({ signal }) => getWorkerHours(workerId, month, signal),
  });
}

export function useWorkerHours(workerId: number, month: string, enabled = true) {
  return useQuery({
    ...workerHoursQueryOptions(workerId, month),
    enabled: enabled && Number.isInteger(workerId) && workerId > 0 && month !== '',
  });
}
