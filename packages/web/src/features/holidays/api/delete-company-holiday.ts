import { ZOkResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { holidaysKey, payrollKey } from '../../../lib/queries/query-keys';

/** `DELETE /krye/holidays/{id}`: removes a company day off. */
export async function deleteCompanyHoliday(id: number) {
  return ZOkResponse.parse(await api.delete<unknown>(`/krye/holidays/${id}`));
}

export function useDeleteCompanyHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyHoliday,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: holidaysKey });
      void queryClient.invalidateQueries({ queryKey: payrollKey });
    },
  });
}
