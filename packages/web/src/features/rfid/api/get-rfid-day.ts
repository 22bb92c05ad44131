import { type TRfidDay, ZRfidDayListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rfidKey } from '../../../lib/queries/query-keys';

/** `GET /krye/rfid_day?date=`: who scanned that day, first and last scan, corrections applied. */
export async function getRfidDay(date: string, signal?: AbortSignal): Promise<TRfidDay[]> {
  return ZRfidDayListResponse.parse(await api.get<unknown>(`/krye/rfid_day?date=${encodeURIComponent(date)}`, signal))
    .Result;
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
