import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSocketEvent } from '../../../lib/socket';
import { rosterKey } from './roster';

/**
 * `shift_update` on the socket: the employer's plan changed in another tab, a range was published,
 * or a claim or swap was asked, offered or decided. Every roster view — the week, the worker's
 * shifts and open shifts, the requests and their count — refetches (after a reconnect too, when
 * events may have been missed).
 */
export function useShiftUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: rosterKey });
  }, [queryClient]);
  useSocketEvent('shift_update', refresh, refresh);
}
