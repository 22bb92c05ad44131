import {
  type TCorrection,
  type TCorrectionDecision,
  type TCorrectionList,
  type TCorrectionRequestInput,
  type TCorrectionStatus,
  type TEmployerCorrectionList,
  ZCorrectionListResponse,
  ZCorrectionResponse,
  ZCorrectionUnreadResponse,
  ZEmployerCorrectionListResponse,
  ZEmployerCorrectionUnreadResponse,
} from '@puna/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rfidKey } from '../../../lib/queries/query-keys';

/** Every corrections query starts with this key, so a request or a decision refreshes them all. */
export const correctionsKey = ['corrections'] as const;

/** `GET /krye/worker/me/corrections`: the worker's own requests, newest first (clears its unread marks). */
export async function getOwnCorrections(signal?: AbortSignal): Promise<TCorrectionList> {
  return ZCorrectionListResponse.parse(await api.get<unknown>('/krye/worker/me/corrections', signal)).Result;
}

export function useOwnCorrections() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...correctionsKey, 'own'] as const,
    queryFn: async ({ signal }) => {
      const list = await getOwnCorrections(signal);
      // Listing cleared the marks: the navigation's dot goes out.
      void queryClient.invalidateQueries({ queryKey: [...correctionsKey, 'unread'] });
      return list;
    },
    staleTime: 0,
  });
}

/** `POST /krye/worker/me/corrections`: "I forgot to scan". */
export function useRequestCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCorrectionRequestInput): Promise<TCorrection> =>
      ZCorrectionResponse.parse(await api.post<unknown>('/krye/worker/me/corrections', body)).Result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionsKey }),
  });
}

/** `GET /krye/corrections?status=`: the employer's requests with the day as it stands (clears unread marks). */
export async function getEmployerCorrections(
  status: TCorrectionStatus | undefined,
  signal?: AbortSignal,
): Promise<TEmployerCorrectionList> {
  const query = status ? `?${new URLSearchParams({ status }).toString()}` : '';
  return ZEmployerCorrectionListResponse.parse(await api.get<unknown>(`/krye/corrections${query}`, signal)).Result;
}

export function employerCorrectionsQueryOptions(status: TCorrectionStatus | undefined) {
  return queryOptions({
    queryKey: [...correctionsKey, 'employer', status ?? 'all'] as const,
    queryFn: ({ signal }) => getEmployerCorrections(status, signal),
    staleTime: 0,
  });
}

export function useEmployerCorrections(status: TCorrectionStatus | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    ...employerCorrectionsQueryOptions(status),
    queryFn: async ({ signal }) => {
      const list = await getEmployerCorrections(status, signal);
      void queryClient.invalidateQueries({ queryKey: [...correctionsKey, 'unread'] });
      return list;
    },
  });
}

/** `PUT /krye/corrections/{id}`: approve or decline; an approval changes the RFID list. */
export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: TCorrectionDecision & { id: number }): Promise<TCorrection> =>
      ZCorrectionResponse.parse(await api.put<unknown>(`/krye/corrections/${id}`, body)).Result,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: correctionsKey }),
        queryClient.invalidateQueries({ queryKey: rfidKey }),
      ]),
  });
}

/** The unread mark of the navigation: the employer's new requests, or the worker's answered ones. */
export function useCorrectionsUnread(side: 'employer' | 'worker', enabled = true) {
  return useQuery({
    queryKey: [...correctionsKey, 'unread', side] as const,
    queryFn: async ({ signal }) =>
      ZCorrectionUnreadResponse.parse(
        await api.get<unknown>(
          side === 'employer' ? '/krye/corrections/unread' : '/krye/worker/me/corrections/unread',
          signal,
        ),
      ).Result.unread,
    enabled,
    refetchInterval: 60_000,
  });
}

/** The employer's requests waiting for an answer (the requests inbox's count), read without clearing the marks. */
export function useCorrectionsPending(enabled = true): number {
  const query = useQuery({
    queryKey: [...correctionsKey, 'pending'] as const,
    queryFn: async ({ signal }) =>
      ZEmployerCorrectionUnreadResponse.parse(await api.get<unknown>('/krye/corrections/unread', signal)).Result
        .pending,
    enabled,
    refetchInterval: 60_000,
  });
  return enabled ? (query.data ?? 0) : 0;
}
