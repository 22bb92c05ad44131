import { ZMonthStateResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { payrollKey } from '../../../lib/queries/query-keys';

/**
 * `POST /krye/months/{YYYY-MM}/close`: stores the statement as it stands and locks the month. A
 * month with exceptions closes only when they are acknowledged (else 409 monthHasExceptions).
 */
export async function closeMonth({ month, acknowledgeExceptions }: { month: string; acknowledgeExceptions: boolean }) {
  const url = `/krye/months/${encodeURIComponent(month)}/close`;
  const body = acknowledgeExceptions ? { acknowledge_exceptions: true } : undefined;
  return ZMonthStateResponse.parse(await api.post<unknown>(url, body)).Result;
}

export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeMonth,
    onSuccess: (_, { month }) => queryClient.invalidateQueries({ queryKey: [...payrollKey, month] }),
  });
}
