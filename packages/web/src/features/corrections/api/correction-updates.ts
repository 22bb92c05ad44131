import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSocketEvent } from '../../../lib/socket';
import { correctionsKey } from './corrections';

/**
 * `correction_update` on the employer-data socket: a worker asked to correct a missed scan, or a
 * request was answered. The lists and the navigation's dot are refetched.
 */
export function useCorrectionUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: correctionsKey });
  }, [queryClient]);
  useSocketEvent('correction_update', refresh, refresh);
}
