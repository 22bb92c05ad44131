import { type TDeviceGroup, ZDeviceGroupListResponse } from '@puna/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

/** A device as a group holds it: its id and the name it had when listed. */
export type GroupDevice = { device_id: string; name: string };
export type DeviceGroup = { id: number; name: string; devices: GroupDevice[] };

const ZGroupDevices = z.array(z.object({ device_id: z.string(), name: z.string().optional() }));

/**
 * A group as the server sends it has `devices` as JSON text (docs/product.md#device-groups); read it into a list. Text
 * that is not such a list counts as no devices rather than breaking the page.
 */
export function toDeviceGroup(group: TDeviceGroup): DeviceGroup {
  let devices: GroupDevice[] = [];
  try {
    const parsed = ZGroupDevices.safeParse(JSON.parse(group.devices));
    if (parsed.success) {
      devices = parsed.data.map((device) => ({ device_id: device.device_id, name: device.name ?? device.device_id }));
    }
  } catch {
    devices = [];
  }
  return { id: group.id, name: group.name, devices };
}

export const deviceGroupsKey = ['device-groups'] as const;

/** `GET /api/group-devices`: groups by name, each with its devices (sent as JSON text, read here). */
export async function getDeviceGroups(signal?: AbortSignal): Promise<DeviceGroup[]> {
  return ZDeviceGroupListResponse.parse(await api.get<unknown>('/api/group-devices', signal)).Result.map(toDeviceGroup);
}

export function deviceGroupsQueryOptions() {
  return queryOptions({ queryKey: deviceGroupsKey, queryFn: ({ signal }) => getDeviceGroups(signal) });
}

export function useDeviceGroups() {
  return useQuery(deviceGroupsQueryOptions());
}
