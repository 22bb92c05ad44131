import { type TListType, ZListTypeResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { useSession } from '../auth';

export const listTypeKey = ['list-type'] as const;

/** `GET /krye/employers/{userId}/listaType`: 'klista' (Lista Normale) or 'rfid' (RFID Lista). */
export async function getListType(employerId: number, signal?: AbortSignal): Promise<TListType> {
  return ZListTypeResponse.parse(await api.get<unknown>(`/krye/employers/${employerId}/listaType`, signal)).listaType;
}

export function listTypeQueryOptions(employerId: number) {
  return queryOptions({
    queryKey: [...listTypeKey, employerId] as const,
    queryFn: ({ signal }) => getListType(employerId, signal),
    staleTime: 5 * 60_000,
  });
}

/** The logged-in employer's list type; `employerId` is null when the session names none. */
export function useListType() {
  const employerId = useSession().data?.user?.employerId ?? null;
  const query = useQuery({ ...listTypeQueryOptions(employerId ?? 0), enabled: employerId !== null });
  return { ...query, employerId };
}
