import { type THoursOnLeave, type TRfidDay, ZRfidDayListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rfidKey } from '../../../lib/queries/query-keys';

export type RfidDay = { days: TRfidDay[]; onLeave: THoursOnLeave[] };

/**
 * `GET /krye/rfid_day?date=`: who scanned that day, first and last scan, corrections applied; and
 * the workers on approved leave that day.
 */
export async function getRfidDay(date: string, signal?: AbortSignal): Promise<RfidDay> {
  const body = ZRfidDayListResponse.parse(
    await api.get<unknown>(`/krye/rfid_day?date=${encodeURIComponent(date)}`, signal),
  );
  return { days: body.Result, onLeave: body.on_leave };
}

export function rfidDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...rfidKey, 'day', date] as const,
    queryFn: ({ signal }) => getRfidDay(date, signal),
  });
}

export function useRfidDay(date: string) {
  return useQuery({ ...rfidDayQueryOptions(date), enabled: date !== '' });
}
