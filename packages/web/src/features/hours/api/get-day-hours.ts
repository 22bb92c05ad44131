import { compareNames, type THoursEntry, type THoursOnLeave, ZHoursPeriodListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { hoursKey } from '../../../lib/queries/query-keys';

export type DayHours = { entries: THoursEntry[]; onLeave: THoursOnLeave[] };

/** `GET /krye/klista?date=`: one day's entries, sorted by name, and the workers on approved leave that day. */
export async function getDayHours(date: string, signal?: AbortSignal): Promise<DayHours> {
  const body = ZHoursPeriodListResponse.parse(
    await api.get<unknown>(`/krye/klista?date=${encodeURIComponent(date)}`, signal),
  );
  return {
    entries: body.Result.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id),
    onLeave: body.on_leave,
  };
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
