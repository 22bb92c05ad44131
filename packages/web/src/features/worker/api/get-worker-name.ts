import { ZWorkerNameResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { workerKey } from './get-worker-id';

/** `GET /auth/password/{id}`: the worker's id and name for the password screen (never a password). */
export async function getWorkerName(id: number, signal?: AbortSignal): Promise<{ id: number; name: string }> {
  return ZWorkerNameResponse.parse(await api.get<unknown>(`/auth/password/${id}`, signal)).Result;
}

export function workerNameQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...workerKey, 'name', id] as const,
    queryFn: ({ signal }) => getWorkerName(id, signal),
  });
}

export function useWorkerName(id: number) {
  return useQuery({ ...workerNameQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
