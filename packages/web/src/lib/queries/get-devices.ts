import { type TDevice, ZDeviceListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** Every devices query starts with this key. */
export const devicesKey = ['devices'] as const;

/** The list refreshes this often, so Online/Offline follows the heartbeats (docs/product.md#devices: 30 s). */
export const DEVICE_REFRESH_MS = 30_000;

/** `GET /api/controllers`: the employer's devices by name. */
export async function getDevices(signal?: AbortSignal): Promise<TDevice[]> {
  return ZDeviceListResponse.parse(await api.get<unknown>('/api/controllers', signal)).Result;
}

export function devicesQueryOptions() {
  return queryOptions({ queryKey: devicesKey, queryFn: ({ signal }) => getDevices(signal) });
}

export function useDevices() {
  return useQuery({ ...devicesQueryOptions(), refetchInterval: DEVICE_REFRESH_MS });
}
