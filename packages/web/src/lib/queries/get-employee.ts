import { type TEmployeeDetail, ZEmployeeDetailResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { employeesKey } from './get-employees';

/** `GET /krye/data/employee/{id}`: one employee, fresh for the edit form. */
export async function getEmployee(id: number, signal?: AbortSignal): Promise<TEmployeeDetail> {
  return ZEmployeeDetailResponse.parse(await api.get<unknown>(`/krye/data/employee/${id}`, signal)).Result;
}

export function employeeQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...employeesKey, 'detail', id] as const,
    queryFn: ({ signal }) => getEmployee(id, signal),
    staleTime: 0,
  });
}

export function useEmployee(id: number, enabled = true) {
  return useQuery({ ...employeeQueryOptions(id), enabled: enabled && Number.isInteger(id) && id > 0 });
}
