import { compareNames, type THoursEntry, ZHoursListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { hoursKey } from '../../../lib/queries/query-keys';

/** `GET /krye/klista?date=`: one day's entries, sorted by name. */
export async function getDayHours(date: string, signal?: AbortSignal): Promise<THoursEntry[]> {
  const entries = ZHoursListResponse.parse(
    await api.get<unknown>(`/krye/klista?date=${encodeURIComponent(date)}`, signal),
  ).Result;
  return entries.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

export function dayHoursQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...hoursKey, 'day', date] as const,
    queryFn: ({ signal }) => getDayHours(date, signal),
  });
}

export function useDayHours(date: string) {
  return useQuery({ ...dayHoursQueryOptions(date), enabled: date !== '' });
}
