import { ZWorkerDateListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { hoursKey } from './query-keys';

/**
 * `GET /krye/workerdate?date=`: ids of the workers who already have an entry on the date. Without
 * a date the server answers for today in the employer's time zone (the dashboard's "today").
 */
export async function getWorkerDates(date: string | undefined, signal?: AbortSignal): Promise<Set<number>> {
  const path = date ? `/krye/workerdate?date=${encodeURIComponent(date)}` : '/krye/workerdate';
  const rows = ZWorkerDateListResponse.parse(await api.get<unknown>(path, signal)).Result;
  return new Set(rows.map((row) => row.worker_id));
}

export function workerDatesQueryOptions(date?: string) {
  return queryOptions({
    queryKey: [...hoursKey, 'workerdate', date ?? 'today'] as const,
    queryFn: ({ signal }) => getWorkerDates(date, signal),
    staleTime: 0,
  });
}

export function useWorkerDates(date?: string) {
  return useQuery({ ...workerDatesQueryOptions(date), enabled: date !== '' });
}
