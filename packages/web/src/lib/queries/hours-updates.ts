import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSocketEvent } from '../socket';
import { hoursKey } from './query-keys';

/**
 * `hours_update` on the socket: hours entries were added, changed or deleted, in another tab or by
 * another login. Every hours query is refetched; `onChange` lets the area refresh what it derives
 * from hours (the employer's pay, the worker's month).
 */
export function useHoursUpdates(onChange?: () => void): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: hoursKey });
    onChange?.();
  }, [queryClient, onChange]);
  useSocketEvent('hours_update', refresh, refresh);
}
