import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSocketEvent } from '../socket';
import { devicesKey } from './get-devices';

/**
 * `device_update` on the employer-data socket: a device was registered, renamed, removed or came
 * online. The list is refetched rather than patched, so its order and Online/Offline stay the server's.
 * `onChange` lets a screen refresh what it derives from devices (e.g. group badges carry names).
 */
export function useDeviceUpdates(onChange?: () => void): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: devicesKey });
    onChange?.();
  }, [queryClient, onChange]);
  useSocketEvent('device_update', refresh, refresh);
}
