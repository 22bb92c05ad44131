import { type TClockUser, ZClockUsersResponse } from '@puna/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { devicesKey } from '../../../lib/queries/get-devices';

/** `GET /api/controllers/{id}/users`: the users a ZKTeco clock reported, with the employee of each PIN. */
export async function getClockUsers(deviceId: string, signal?: AbortSignal): Promise<TClockUser[]> {
  const path = `/api/controllers/${encodeURIComponent(deviceId)}/users`;
  return ZClockUsersResponse.parse(await api.get<unknown>(path, signal)).Result;
}

export function clockUsersKey(deviceId: string | null) {
  return [...devicesKey, 'users', deviceId] as const;
}

export function useClockUsers(deviceId: string | null) {
  return useQuery({
    queryKey: clockUsersKey(deviceId),
    queryFn: ({ signal }) => getClockUsers(deviceId ?? '', signal),
    enabled: deviceId !== null,
    // Read afresh each time it is opened: the clock may have sent more since.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
