import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { rfidKey } from '../../../lib/queries/query-keys';
import { phoneClockKey } from './locations';
import { result, type TPunch, ZPunch } from './schemas';

const punchesKey = [...phoneClockKey, 'punches'] as const;

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

export function useAcceptPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<unknown>(`/krye/punches/${id}/accept`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: punchesKey }),
        queryClient.invalidateQueries({ queryKey: rfidKey }),
      ]),
  });
}

export function useRemovePunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/krye/punches/${id}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: punchesKey }),
        queryClient.invalidateQueries({ queryKey: rfidKey }),
      ]),
  });
}
