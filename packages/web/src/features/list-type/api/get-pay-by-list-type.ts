import { type TListTypePayPreview, ZListTypePayPreviewResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const payByListTypeKey = ['pay', 'by-list-type'] as const;

/** `GET /krye/pay/by-list-type`: this month's pay total from entered hours and from scans. */
export async function getPayByListType(signal?: AbortSignal): Promise<TListTypePayPreview> {
  return ZListTypePayPreviewResponse.parse(await api.get<unknown>('/krye/pay/by-list-type', signal)).Result;
}

export function payByListTypeQueryOptions() {
  return queryOptions({
    queryKey: payByListTypeKey,
    queryFn: ({ signal }) => getPayByListType(signal),
    // Derived from hours and scans, which change on other screens.
    staleTime: 0,
  });
}

export function usePayByListType() {
  return useQuery(payByListTypeQueryOptions());
}
