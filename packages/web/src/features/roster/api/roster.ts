import {
  type TShift,
  type TShiftInput,
  ZShiftCopyResponse,
  ZShiftListResponse,
  ZShiftPublishResponse,
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
