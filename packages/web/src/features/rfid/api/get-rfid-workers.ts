import { ZRfidWorkerListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { rfidKey } from '../../../lib/queries/query-keys';

export type TRfidWorker = z.infer<typeof ZRfidWorkerListResponse>['Result'][number];

/** `GET /krye/listarfid`: every employee with its card UID (or null), by name. */
export async function getRfidWorkers(signal?: AbortSignal): Promise<TRfidWorker[]> {
  return ZRfidWorkerListResponse.parse(await api.get<unknown>('/krye/listarfid', signal)).Result;
}

export function rfidWorkersQueryOptions() {
  return queryOptions({ queryKey: [...rfidKey, 'workers'] as const, queryFn: ({ signal }) => getRfidWorkers(signal) });
}

export function useRfidWorkers() {
  return useQuery(rfidWorkersQueryOptions());
}
