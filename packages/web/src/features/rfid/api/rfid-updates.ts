import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { rfidKey } from '../../../lib/queries/query-keys';
import { useSocketEvent } from '../../../lib/socket';

/**
 * `rfid_update` on the employer-data socket: scans were stored (or a day corrected, or a card
 * assigned). The day lists, unknown cards and cards are refetched: a day's first/last scan and
 * hours depend on corrections only the server applies. `onChange` lets the area refresh what is
 * derived from scans elsewhere (pay, the dashboard's list status).
 */
export function useRfidUpdates(onChange?: () => void): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: rfidKey });
    onChange?.();
  }, [queryClient, onChange]);
  useSocketEvent('rfid_update', refresh, refresh);
}
