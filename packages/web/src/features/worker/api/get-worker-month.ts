import { type TWorkerMonth, ZWorkerMonthResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { workerKey } from './get-worker-id';

/** `GET /krye/worker/me?month=`: the worker's own month, weeks with the Sunday rules, hours and pay. */
export async function getWorkerMonth(month: string, signal?: AbortSignal): Promise<TWorkerMonth> {
  const path = `/krye/worker/me?month=${encodeURIComponent(month)}`;
  return ZWorkerMonthResponse.parse(await api.get<unknown>(path, signal)).Result;
}

export function workerMonthQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...workerKey, 'month', month] as const,
    queryFn: ({ signal }) => getWorkerMonth(month, signal),
    staleTime: 0,
  });
}

export function useWorkerMonth(month: string, enabled = true) {
  return useQuery({ ...workerMonthQueryOptions(month), enabled: enabled && month !== '' });
}
