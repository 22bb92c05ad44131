import { type TRegisterDeviceRequest, ZRegisteredDeviceResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { devicesKey } from '../../../lib/queries/get-devices';

export type TRegisteredDevice = z.infer<typeof ZRegisteredDeviceResponse>['Result'];

/** `POST /api/controllers`: the answer carries the device's secret, shown this once. */
export async function registerDevice(input: TRegisterDeviceRequest): Promise<TRegisteredDevice> {
  return ZRegisteredDeviceResponse.parse(await api.post<unknown>('/api/controllers', input)).Result;
}

export function useRegisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
