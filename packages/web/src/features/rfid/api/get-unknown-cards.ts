import { ZUnknownCardListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { rfidKey } from '../../../lib/queries/query-keys';

export type TUnknownCard = z.infer<typeof ZUnknownCardListResponse>['Result'][number];

/** `GET /krye/rfid/unknown`: cards scanned that no employee holds, most recent first. */
export async function getUnknownCards(signal?: AbortSignal): Promise<TUnknownCard[]> {
  return ZUnknownCardListResponse.parse(await api.get<unknown>('/krye/rfid/unknown', signal)).Result;
}

export function unknownCardsQueryOptions() {
  return queryOptions({ queryKey: [...rfidKey, 'unknown'] as const, queryFn: ({ signal }) => getUnknownCards(signal) });
}

export function useUnknownCards() {
  return useQuery(unknownCardsQueryOptions());
}
