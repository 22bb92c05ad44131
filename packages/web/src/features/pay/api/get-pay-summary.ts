import { type TPayRow, ZPaySummaryResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const payKey = ['pay'] as const;

/** `GET /krye/pay?month=YYYY-MM`: every employee's month, computed by the domain's pay rule. */
export async function getPaySummary(month: string, signal?: AbortSignal): Promise<TPayRow[]> {
  return ZPaySummaryResponse.parse(await api.get<unknown>(`/krye/pay?month=${encodeURIComponent(month)}`, signal))
    .Result;
}

export function paySummaryQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...payKey, month] as const,
    queryFn: ({ signal }) => getPaySummary(month, signal),
    // Pay is derived from hours and employees, which change on other screens.
    staleTime: 0,
  });
}

export function usePaySummary(month: string) {
  return useQuery({ ...paySummaryQueryOptions(month), enabled: month !== '' });
}
