import { type TEditEmployeeRequest, type TEmployee, ZEmployeeResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeesKey } from '../../../lib/queries/get-employees';

/**
 * `PUT /krye/edit_employee/{id}`; the schedule travels as JSON text (docs/product.md#employer-calls).
 * The body is the domain's edit request: `rfid` null takes the card away, left out leaves it; a
 * `password` signs the worker's login out everywhere.
 */
export async function updateEmployee({ id, ...changes }: TEditEmployeeRequest & { id: number }): Promise<TEmployee> {
  const body = { ...changes, schedule: JSON.stringify(changes.schedule) };
  return ZEmployeeResponse.parse(await api.put<unknown>(`/krye/edit_employee/${id}`, body)).Result;
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKey }),
  });
}
