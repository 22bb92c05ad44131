import { type TDeviceProblems, ZDeviceProblemsResponse } from '@puna/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { devicesKey } from '../../../lib/queries/get-devices';

/** `GET /api/controllers/{id}/problems`: refused upload lines and failed commands of one clock. */
export async function getDeviceProblems(deviceId: string, signal?: AbortSignal): Promise<TDeviceProblems> {
  const path = `/api/controllers/${encodeURIComponent(deviceId)}/problems`;
  return ZDeviceProblemsResponse.parse(await api.get<unknown>(path, signal)).Result;
}

export function useDeviceProblems(deviceId: string | null) {
  return useQuery({
    queryKey: [...devicesKey, 'problems', deviceId],
    queryFn: ({ signal }) => getDeviceProblems(deviceId ?? '', signal),
    enabled: deviceId !== null,
    // Read afresh each time it is opened: the clock may have sent more since.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
