import { type TCreateEmployeeRequest, type TEmployee, ZEmployeeResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeesKey } from '../../../lib/queries/get-employees';

/** `POST /krye/add_employee`; the schedule travels as JSON text (docs/product.md#employer-calls). */
export async function createEmployee(employee: TCreateEmployeeRequest): Promise<TEmployee> {
  const body = { ...employee, schedule: JSON.stringify(employee.schedule) };
  return ZEmployeeResponse.parse(await api.post<unknown>('/krye/add_employee', body)).Result;
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKey }),
  });
}
