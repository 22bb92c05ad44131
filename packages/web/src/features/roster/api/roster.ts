import {
  type TShift,
  type TShiftInput,
  type TShiftRequest,
  ZColleagueListResponse,
  ZLabourSettingsResponse,
  ZShiftCopyResponse,
  ZShiftFromSchedulesResponse,
  ZShiftListResponse,
  ZShiftPublishResponse,
  ZShiftRequestListResponse,
  ZShiftRequestResponse,
  ZShiftResponse,
  ZWorkerShiftListResponse,
} from '@puna/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every roster query starts with this key, so a change, a copy or a publish refreshes them all. */
export const rosterKey = ['roster'] as const;

/** `GET /krye/shifts?from&to`: the employer's shifts, planned hours and cost, and unpublished changes. */
export async function getRoster(from: string, to: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ from, to }).toString();
  return ZShiftListResponse.parse(await api.get<unknown>(`/krye/shifts?${query}`, signal)).Result;
}

export function rosterQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: [...rosterKey, 'employer', from, to] as const,
    queryFn: ({ signal }) => getRoster(from, to, signal),
    staleTime: 0,
  });
}

export function useRoster(from: string, to: string) {
  return useQuery(rosterQueryOptions(from, to));
}

/** `POST /krye/shifts` (no id) or `PUT /krye/shifts/{id}`. */
export function useSaveShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: TShiftInput }): Promise<TShift> =>
      ZShiftResponse.parse(
        id === null
          ? await api.post<unknown>('/krye/shifts', body)
          : await api.put<unknown>(`/krye/shifts/${id}`, body),
      ).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/** `DELETE /krye/shifts/{id}`. */
export function useDeleteShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<void> => {
      await api.delete<unknown>(`/krye/shifts/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/** `POST /krye/shifts/copy {from_week, to_week}`: one week's shifts onto an empty week, unpublished. */
export function useCopyWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { from_week: string; to_week: string }) =>
      ZShiftCopyResponse.parse(await api.post<unknown>('/krye/shifts/copy', body)).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/** `POST /krye/shifts/from-schedules {week}`: the week filled from the weekly schedules, unpublished. */
export function useFillFromSchedules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { week: string }) =>
      ZShiftFromSchedulesResponse.parse(await api.post<unknown>('/krye/shifts/from-schedules', body)).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/** `POST /krye/shifts/publish {from, to}`: the workers see the range's shifts as they are now. */
export function usePublishShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { from: string; to: string }) =>
      ZShiftPublishResponse.parse(await api.post<unknown>('/krye/shifts/publish', body)).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/** `GET /krye/worker/me/shifts?from&to`: the worker's published shifts and the open ones it may take. */
export function useWorkerShifts(from: string, to: string) {
  return useQuery({
    queryKey: [...rosterKey, 'worker', from, to] as const,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ from, to }).toString();
      return ZWorkerShiftListResponse.parse(await api.get<unknown>(`/krye/worker/me/shifts?${query}`, signal)).Result;
    },
    staleTime: 0,
  });
}

/** `POST /krye/worker/me/shifts/{id}/claim`: asks for an open shift; the employer decides. */
export function useClaimShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      ZShiftRequestResponse.parse(await api.post<unknown>(`/krye/worker/me/shifts/${id}/claim`, {})).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/** Every claim and swap query starts with this key (the employer's inbox, the worker's lists). */
export const shiftRequestsKey = [...rosterKey, 'requests'] as const;

/** `GET /krye/worker/me/colleagues`: whom the worker may offer a shift to. */
export function useColleagues(enabled = true) {
  return useQuery({
    queryKey: [...rosterKey, 'colleagues'] as const,
    queryFn: async ({ signal }) =>
      ZColleagueListResponse.parse(await api.get<unknown>('/krye/worker/me/colleagues', signal)).Result,
    enabled,
  });
}

/** `GET /krye/worker/me/shift-requests`: the worker's claims and swaps, and the swaps offered to it. */
export function useOwnShiftRequests() {
  return useQuery({
    queryKey: [...shiftRequestsKey, 'worker'] as const,
    queryFn: async ({ signal }) =>
      ZShiftRequestListResponse.parse(await api.get<unknown>('/krye/worker/me/shift-requests', signal)).Result,
    staleTime: 0,
  });
}

/** `POST /krye/worker/me/shifts/{id}/swap {employee_id}`: offers the worker's shift to a colleague. */
export function useOfferSwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ shiftId, employeeId }: { shiftId: number; employeeId: number }): Promise<TShiftRequest> =>
      ZShiftRequestResponse.parse(
        await api.post<unknown>(`/krye/worker/me/shifts/${shiftId}/swap`, { employee_id: employeeId }),
      ).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/** `POST /krye/worker/me/shift-requests/{id}/accept`: the colleague takes an offered shift; the employer decides. */
export function useAcceptSwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number): Promise<TShiftRequest> =>
      ZShiftRequestResponse.parse(await api.post<unknown>(`/krye/worker/me/shift-requests/${id}/accept`, {})).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/** `GET /krye/shift-requests`: every claim and swap of the employer, newest first. */
export function useEmployerShiftRequests(enabled = true) {
  return useQuery({
    queryKey: [...shiftRequestsKey, 'employer'] as const,
    queryFn: async ({ signal }) =>
      ZShiftRequestListResponse.parse(await api.get<unknown>('/krye/shift-requests', signal)).Result,
    staleTime: 0,
    enabled,
  });
}

/**
 * How many claims and swaps wait for the employer (`pending`; an `offered` swap waits for the
 * colleague), for the requests' count beside 'Kërkesat'; looked at again every minute.
 */
export function useShiftRequestsPending(): number {
  const query = useQuery({
    queryKey: [...shiftRequestsKey, 'employer', 'pending'] as const,
    queryFn: async ({ signal }) =>
      ZShiftRequestListResponse.parse(await api.get<unknown>('/krye/shift-requests?status=pending', signal)).Result,
    refetchInterval: 60_000,
  });
  return query.data?.length ?? 0;
}

/** `PUT /krye/shift-requests/{id} {status}`: approves (the shift changes hands, published) or declines. */
export function useDecideShiftRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: 'approved' | 'declined' }): Promise<TShiftRequest> =>
      ZShiftRequestResponse.parse(await api.put<unknown>(`/krye/shift-requests/${id}`, { status })).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey }),
  });
}

/**
 * The currency planned cost is in: the employer's jurisdiction's (`GET /krye/labour-settings`,
 * Kosovo EUR, Albania ALL), read under the labour settings' own key so both screens share it.
 */
export function useRosterCurrency(): 'EUR' | 'ALL' {
  const settings = useQuery({
    queryKey: ['labour-settings'] as const,
    queryFn: async ({ signal }) =>
      ZLabourSettingsResponse.parse(await api.get<unknown>('/krye/labour-settings', signal)).Result,
  });
  return settings.data?.currency ?? 'EUR';
}
