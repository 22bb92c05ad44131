import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSocketEvent } from '../../../lib/socket';
import { leaveKey } from './employer-leave';
import { workerLeaveKey } from './worker-leave';

/**
 * `leave_update` on the socket: a leave was asked for, decided, recorded or withdrawn. The leave
 * views and the nav's dot refetch (after a reconnect too, when events may have been missed).
 */
export function useLeaveUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: leaveKey });
    void queryClient.invalidateQueries({ queryKey: workerLeaveKey });
  }, [queryClient]);
  useSocketEvent('leave_update', refresh, refresh);
}
