import type { TEditRfidRequest } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { rfidKey } from '../../../lib/queries/query-keys';

/** `PUT /krye/edit_rfid`: a worker's first and last scan of a day, kept as a correction. */
export function editRfid(input: TEditRfidRequest): Promise<unknown> {
  return api.put<unknown>('/krye/edit_rfid', input);
}

/** `DELETE /krye/delete_rfid`: takes a worker's day off the list and pay (the raw scans stay). */
export function deleteRfid(input: { id: number; date: string }): Promise<unknown> {
  return api.delete<unknown>('/krye/delete_rfid', input);
}

export function useEditRfid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editRfid, onSuccess: () => queryClient.invalidateQueries({ queryKey: rfidKey }) });
}

export function useDeleteRfid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRfid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rfidKey }),
  });
}
