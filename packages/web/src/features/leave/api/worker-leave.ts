import {
  type TLeaveAskRequest,
  type TLeaveRequest,
  type TWorkerLeave,
  ZLeaveRequestResponse,
  ZLeaveUnreadResponse,
  ZWorkerLeaveResponse,
} from '@puna/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The worker's own leave (docs/product.md#leave). */
export const workerLeaveKey = ['worker', 'leave'] as const;

/** How often the nav's dot asks again for unseen decisions. */
export const LEAVE_UNREAD_POLL_MS = 60_000;

/** `GET /krye/worker/me/leave`: own requests newest first, the year's balance and the types to ask for. */
export async function getWorkerLeave(signal?: AbortSignal): Promise<TWorkerLeave> {
  return ZWorkerLeaveResponse.parse(await api.get<unknown>('/krye/worker/me/leave', signal)).Result;
}

export function useWorkerLeave() {
  return useQuery(
    queryOptions({
      queryKey: workerLeaveKey,
      queryFn: ({ signal }) => getWorkerLeave(signal),
      staleTime: 0,
    }),
  );
}

/** `GET /krye/worker/me/leave/unread`: decisions not yet seen (the nav's dot). */
export function useWorkerLeaveUnread(): number {
  const query = useQuery({
    queryKey: [...workerLeaveKey, 'unread'] as const,
    queryFn: async ({ signal }) =>
      ZLeaveUnreadResponse.parse(await api.get<unknown>('/krye/worker/me/leave/unread', signal)).Result.unread,
    refetchInterval: LEAVE_UNREAD_POLL_MS,
    staleTime: 0,
  });
  return query.data ?? 0;
}

/** `POST /krye/worker/me/leave`. */
export async function askForLeave(body: TLeaveAskRequest): Promise<TLeaveRequest> {
  return ZLeaveRequestResponse.parse(await api.post<unknown>('/krye/worker/me/leave', body)).Result;
}

/** `DELETE /krye/worker/me/leave/{id}`: withdraws a pending request. */
export async function cancelLeave(id: number): Promise<TLeaveRequest> {
  return ZLeaveRequestResponse.parse(await api.delete<unknown>(`/krye/worker/me/leave/${id}`)).Result;
}

export function useAskForLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askForLeave,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: workerLeaveKey }),
  });
}

export function useCancelLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelLeave,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: workerLeaveKey }),
  });
}
