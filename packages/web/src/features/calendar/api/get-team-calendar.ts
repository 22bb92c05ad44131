import { type TTeamCalendar, ZTeamCalendarResponse } from '@puna/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /krye/calendar?month=`: every worker's day of the month (docs/product.md#team-calendar). */
export async function getTeamCalendar(month: string, signal?: AbortSignal): Promise<TTeamCalendar> {
  return ZTeamCalendarResponse.parse(
    await api.get<unknown>(`/krye/calendar?month=${encodeURIComponent(month)}`, signal),
  ).Result;
}

export function teamCalendarQueryOptions(month: string) {
  return queryOptions({
    queryKey: ['calendar', month] as const,
    queryFn: ({ signal }) => getTeamCalendar(month, signal),
  });
}

export function useTeamCalendar(month: string) {
  // The month shown stays on screen while the next one loads.
  return useQuery({ ...teamCalendarQueryOptions(month), placeholderData: keepPreviousData });
}
