import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employeesKey } from '../../../lib/queries/get-employees';

/** `DELETE /krye/delete_employee/{id}`: the employee goes with its hours, scans and login. */
export function deleteEmployee(id: number): Promise<unknown> {
  return api.delete<unknown>(`/krye/delete_employee/${id}`);
}

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesKey }),
  });
}
