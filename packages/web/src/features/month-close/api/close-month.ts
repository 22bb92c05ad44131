import { ZMonthStateResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { payrollKey } from './get-payroll';

/** `POST /krye/months/{YYYY-MM}/close`: stores the statement as it stands and locks the month. */
export async function closeMonth(month: string) {
  return ZMonthStateResponse.parse(await api.post<unknown>(`/krye/months/${encodeURIComponent(month)}/close`)).Result;
}

export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMonth,
    onSuccess: (_, month) => queryClient.invalidateQueries({ queryKey: [...payrollKey, month] }),
  });
}
