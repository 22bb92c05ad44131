import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { hoursKey, rfidKey } from '../../../lib/queries/query-keys';
import { result, type TPunch, ZPunch } from './schemas';

/**
 * Under the RFID queries' key, so the list's live refresh (a new scan or punch: `rfid_update`) and
 * any change to the days refresh an open day's punches too.
 */
const punchesKey = [...rfidKey, 'punches'] as const;

/** `GET /krye/punches?employee_id=&date=`: one employee's punches of a day, all origins. */
export async function getDayPunches(employeeId: number, date: string, signal?: AbortSignal): Promise<TPunch[]> {
  const body = await api.get<unknown>(
    `/krye/punches?employee_id=${employeeId}&date=${encodeURIComponent(date)}`,
    signal,
  );
  return result(z.object({ punches: z.array(ZPunch) })).parse(body).punches;
}

export function useDayPunches(employeeId: number, date: string, enabled: boolean) {
  return useQuery({
    queryKey: [...punchesKey, employeeId, date] as const,
    queryFn: ({ signal }) => getDayPunches(employeeId, date, signal),
    enabled,
  });
}

/** The punch's photo (`image/jpeg`), same origin, read with the session cookie. */
export const punchPhotoUrl = (id: number) => `/krye/punches/${id}/photo`;

/** An accepted or removed punch changes the day's scans, hours and marks. */
function refreshDays(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rfidKey }),
    queryClient.invalidateQueries({ queryKey: hoursKey }),
  ]);
}

export function useAcceptPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<unknown>(`/krye/punches/${id}/accept`),
    onSuccess: () => refreshDays(queryClient),
  });
}

export function useRemovePunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/krye/punches/${id}`),
    onSuccess: () => refreshDays(queryClient),
  });
}
