import { type TPayrollStatement, ZPayrollResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { payrollKey } from '../../../lib/queries/query-keys';

/** `GET /krye/payroll?month=YYYY-MM`: the month's statement under the labour-law rules (or its closed snapshot). */
export async function getPayroll(month: string, signal?: AbortSignal): Promise<TPayrollStatement> {
  return ZPayrollResponse.parse(await api.get<unknown>(`/krye/payroll?month=${encodeURIComponent(month)}`, signal))
    .Result;
}

export function payrollQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...payrollKey, month] as const,
    queryFn: ({ signal }) => getPayroll(month, signal),
    // Derived from hours, scans and employees, which change on other screens.
    staleTime: 0,
    // 409 (rules off) and 422 (no rule set) are answers, not hiccups: asking again changes nothing.
    retry: false,
  });
}

export function usePayroll(month: string, enabled: boolean) {
  return useQuery({ ...payrollQueryOptions(month), enabled: enabled && month !== '' });
}
