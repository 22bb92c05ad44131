import { type TReopenMonthRequest, ZMonthStateResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { payrollKey } from '../../../lib/queries/query-keys';

/** `POST /krye/months/{YYYY-MM}/reopen { reason }`: unlocks the month (the reason goes to the audit log). */
export async function reopenMonth({ month, reason }: { month: string } & TReopenMonthRequest) {
  return ZMonthStateResponse.parse(
    await api.post<unknown>(`/krye/months/${encodeURIComponent(month)}/reopen`, { reason }),
  ).Result;
}

export function useReopenMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenMonth,
    onSuccess: (_, { month }) => queryClient.invalidateQueries({ queryKey: [...payrollKey, month] }),
  });
}
