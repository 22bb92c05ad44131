import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /api/controllers/{id}/approve-move`: the ZKTeco clock is taken from the network it was last refused from. */
export function approveMove(deviceId: string): Promise<unknown> {
  return api.post<unknown>(`/api/controllers/${encodeURIComponent(deviceId)}/approve-move`);
}

export function useApproveMove() {
  return useMutation({ mutationFn: approveMove });
}
