import { type TEmployee, ZEmployeeListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Every employees query starts with this key, so one invalidation refreshes them all. */
export const employeesKey = ['employees'] as const;
export const employeesListKey = [...employeesKey, 'list'] as const;

/** `GET /krye/employee`: the employer's employees by name. */
export async function getEmployees(signal?: AbortSignal): Promise<TEmployee[]> {
  return ZEmployeeListResponse.parse(await api.get<unknown>('/krye/employee', signal)).Result;
}

export function employeesQueryOptions() {
  return queryOptions({ queryKey: employeesListKey, queryFn: ({ signal }) => getEmployees(signal) });
}

export function useEmployees() {
  return useQuery(employeesQueryOptions());
}
