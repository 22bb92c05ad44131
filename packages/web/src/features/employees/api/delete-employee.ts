import { type TDeleteEmployeeResponse, ZDeleteEmployeeResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeesKey } from '../../../lib/queries/get-employees';

/**
 * `DELETE /krye/delete_employee/{id}`: the employee goes with its hours, scans and login; one with
 * pay in a closed month is archived instead (`archived: true` and the server's sentence).
 */
export async function deleteEmployee(id: number): Promise<TDeleteEmployeeResponse> {
  return ZDeleteEmployeeResponse.parse(await api.delete<unknown>(`/krye/delete_employee/${id}`));
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKey }),
  });
}
