import { type TTodayBoard, ZTodayBoardResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rfidKey } from '../../../lib/queries/query-keys';

/** `GET /krye/today`: every worker now against its schedule (docs/product.md#attendance). */
export async function getTodayBoard(signal?: AbortSignal): Promise<TTodayBoard> {
  return ZTodayBoardResponse.parse(await api.get<unknown>('/krye/today', signal)).Result;
}

export function todayBoardQueryOptions() {
  return queryOptions({
    // Under the RFID key: a scan (`rfid_update`) or an employee change refreshes it at once.
    queryKey: [...rfidKey, 'today'] as const,
    queryFn: ({ signal }) => getTodayBoard(signal),
    // Time passes too: someone expected at 08:00 is absent at 08:10 without any scan.
    refetchInterval: 60_000,
  });
}

export function useTodayBoard() {
  return useQuery(todayBoardQueryOptions());
}
