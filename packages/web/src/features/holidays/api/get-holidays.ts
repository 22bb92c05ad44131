import { type THolidaysResponse, ZHolidaysResponse } from '@puna/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { holidaysKey } from '../../../lib/queries/query-keys';

/** `GET /krye/holidays?year=YYYY`: the jurisdiction's official holidays and the company's own days off. */
export async function getHolidays(year: number, signal?: AbortSignal): Promise<THolidaysResponse> {
  return ZHolidaysResponse.parse(await api.get<unknown>(`/krye/holidays?year=${year}`, signal));
}

export function holidaysQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...holidaysKey, year] as const,
    queryFn: ({ signal }) => getHolidays(year, signal),
  });
}

export function useHolidays(year: number) {
  // The previous year stays on screen while the next one loads (no flash of skeletons on each step).
  return useQuery({ ...holidaysQueryOptions(year), placeholderData: keepPreviousData });
}
