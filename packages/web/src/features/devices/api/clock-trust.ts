import { type TClockTrust, ZClockTrustResponse, ZImportHeldResponse } from '@puna/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { devicesKey } from '../../../lib/queries/get-devices';

/** `GET /api/controllers/{id}/trust`: failed confirmation tries and the punches held from before the confirmation. */
export async function getClockTrust(deviceId: string, signal?: AbortSignal): Promise<TClockTrust> {
  const path = `/api/controllers/${encodeURIComponent(deviceId)}/trust`;
  return ZClockTrustResponse.parse(await api.get<unknown>(path, signal)).Result;
}

export function useClockTrust(deviceId: string | null) {
  return useQuery({
    queryKey: [...devicesKey, 'trust', deviceId],
    queryFn: ({ signal }) => getClockTrust(deviceId ?? '', signal),
    enabled: deviceId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** `POST /api/controllers/{id}/import-held`: the held punches become attendance. */
export async function importHeldPunches(deviceId: string): Promise<number> {
  const path = `/api/controllers/${encodeURIComponent(deviceId)}/import-held`;
  return ZImportHeldResponse.parse(await api.post<unknown>(path, {})).Result.imported;
}

export function useImportHeldPunches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importHeldPunches,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
