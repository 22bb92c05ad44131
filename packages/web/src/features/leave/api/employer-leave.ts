import {
  type TLeaveAllowanceRequest,
  type TLeaveDecisionRequest,
  type TLeaveRecordRequest,
  type TLeaveSettingsRequest,
  type TLeaveStatus,
  type TLeaveTypeCreateRequest,
  type TLeaveTypeUpdateRequest,
  ZEmployerLeaveUnreadResponse,
  ZLeaveBalanceResponse,
  ZLeaveBalancesResponse,
  ZLeaveListResponse,
  ZLeaveRequestResponse,
  ZLeaveSettingsResponse,
  ZLeaveTypeResponse,
  ZLeaveTypesResponse,
} from '@puna/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { LEAVE_UNREAD_POLL_MS } from './worker-leave';

/**
 * The employer's side of leave (docs/product.md#leave): requests, decisions, balances, types and
 * the annual-days setting. One key prefix, so a decision refreshes every view that shows it.
 */
export const leaveKey = ['leave'] as const;
const requestsKey = [...leaveKey, 'requests'] as const;
const unreadKey = [...leaveKey, 'unread'] as const;
const balancesKey = [...leaveKey, 'balances'] as const;
const typesKey = [...leaveKey, 'types'] as const;
const settingsKey = [...leaveKey, 'settings'] as const;

/** `GET /krye/leave?status=`: newest first; listing clears the unread marks. */
export function useLeaveRequests(status?: TLeaveStatus) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...requestsKey, status ?? 'all'] as const,
    queryFn: async ({ signal }) => {
      const query = status ? `?${new URLSearchParams({ status }).toString()}` : '';
      const result = ZLeaveListResponse.parse(await api.get<unknown>(`/krye/leave${query}`, signal)).Result;
      if (result.unread > 0) void queryClient.invalidateQueries({ queryKey: unreadKey });
      return result;
    },
    staleTime: 0,
  });
}

/** `GET /krye/leave/unread`, read without clearing: the unseen requests and the pending ones. */
function useLeaveMarks() {
  return useQuery({
    queryKey: unreadKey,
    queryFn: async ({ signal }) =>
      ZEmployerLeaveUnreadResponse.parse(await api.get<unknown>('/krye/leave/unread', signal)).Result,
    refetchInterval: LEAVE_UNREAD_POLL_MS,
    staleTime: 0,
  });
}

/** Requests the employer has not seen (the nav's dot). */
export function useLeaveUnread(): number {
  return useLeaveMarks().data?.unread ?? 0;
}

/** Requests waiting for a decision (the requests inbox's count). */
export function useLeavePending(): number {
  return useLeaveMarks().data?.pending ?? 0;
}

/** `GET /krye/leave/balances?year=`. */
export function useLeaveBalances(year: number) {
  return useQuery({
    queryKey: [...balancesKey, year] as const,
    queryFn: async ({ signal }) =>
      ZLeaveBalancesResponse.parse(await api.get<unknown>(`/krye/leave/balances?year=${year}`, signal)).Result,
    staleTime: 0,
  });
}

/** `GET /krye/leave-types`. */
export function useLeaveTypes() {
  return useQuery({
    queryKey: typesKey,
    queryFn: async ({ signal }) =>
      ZLeaveTypesResponse.parse(await api.get<unknown>('/krye/leave-types', signal)).Result,
  });
}

/** `GET /krye/leave/settings`. */
export function useLeaveSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) =>
      ZLeaveSettingsResponse.parse(await api.get<unknown>('/krye/leave/settings', signal)).Result,
  });
}

/** A mutation that refreshes every leave view once it succeeds. */
function useLeaveMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leaveKey }),
  });
}

/** `PUT /krye/leave/{id}`: approve or decline. */
export function useDecideLeave() {
  return useLeaveMutation(
    async ({ id, ...body }: TLeaveDecisionRequest & { id: number }) =>
      ZLeaveRequestResponse.parse(await api.put<unknown>(`/krye/leave/${id}`, body)).Result,
  );
}

/** `POST /krye/leave`: approved leave recorded for a worker. */
export function useRecordLeave() {
  return useLeaveMutation(
    async (body: TLeaveRecordRequest) =>
      ZLeaveRequestResponse.parse(await api.post<unknown>('/krye/leave', body)).Result,
  );
}

/** `PUT /krye/leave/allowances/{employee_id}`. */
export function useSetAllowance() {
  return useLeaveMutation(
    async ({ employeeId, ...body }: TLeaveAllowanceRequest & { employeeId: number }) =>
      ZLeaveBalanceResponse.parse(await api.put<unknown>(`/krye/leave/allowances/${employeeId}`, body)).Result,
  );
}

/** `POST /krye/leave-types`. */
export function useCreateLeaveType() {
  return useLeaveMutation(
    async (body: TLeaveTypeCreateRequest) =>
      ZLeaveTypeResponse.parse(await api.post<unknown>('/krye/leave-types', body)).Result,
  );
}

/** `PUT /krye/leave-types/{id}`. */
export function useUpdateLeaveType() {
  return useLeaveMutation(
    async ({ id, ...body }: TLeaveTypeUpdateRequest & { id: number }) =>
      ZLeaveTypeResponse.parse(await api.put<unknown>(`/krye/leave-types/${id}`, body)).Result,
  );
}

/** `PUT /krye/leave/settings`. */
export function useUpdateLeaveSettings() {
  return useLeaveMutation(
    async (body: TLeaveSettingsRequest) =>
      ZLeaveSettingsResponse.parse(await api.put<unknown>('/krye/leave/settings', body)).Result,
  );
}
