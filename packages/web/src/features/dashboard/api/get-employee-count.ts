import { ZWorkerCountResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeesKey } from '../../../lib/queries/get-employees';

/**
 * The dashboard's three counts. They are three endpoints of one shape, so one file serves them:
 * `/krye/ujipuntoret_count` (all), `/krye/ujipuntor_count` ('Punëtor'), `/krye/ujimjeshter_count`
 * ('Mjeshtër').
 */
const countPaths = {
  total: '/krye/ujipuntoret_count',
  workers: '/krye/ujipuntor_count',
  masters: '/krye/ujimjeshter_count',
} as const;

export type TEmployeeCountKind = keyof typeof countPaths;

export async function getEmployeeCount(kind: TEmployeeCountKind, signal?: AbortSignal): Promise<number> {
  return ZWorkerCountResponse.parse(await api.get<unknown>(countPaths[kind], signal)).Result.worker_count;
}

export function employeeCountQueryOptions(kind: TEmployeeCountKind) {
  return queryOptions({
    queryKey: [...employeesKey, 'count', kind] as const,
    queryFn: ({ signal }) => getEmployeeCount(kind, signal),
  });
}

export function useEmployeeCount(kind: TEmployeeCountKind) {
  return useQuery(employeeCountQueryOptions(kind));
}
