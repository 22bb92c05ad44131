import { ZWorkerIdResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const workerKey = ['worker'] as const;

/** `GET /krye/get_worker_id`: the logged-in worker's employee id. */
export async function getWorkerId(signal?: AbortSignal): Promise<number> {
  return ZWorkerIdResponse.parse(await api.get<unknown>('/krye/get_worker_id', signal)).workerId;
}

export function workerIdQueryOptions() {
  return queryOptions({ queryKey: [...workerKey, 'id'] as const, queryFn: ({ signal }) => getWorkerId(signal) });
}

export function useWorkerId() {
  return useQuery(workerIdQueryOptions());
}
