import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /api/controllers/{id}/reupload`: the ZKTeco clock sends its whole log at its next handshake. */
export function requestReupload(deviceId: string): Promise<unknown> {
  return api.post<unknown>(`/api/controllers/${encodeURIComponent(deviceId)}/reupload`);
}

export function useRequestReupload() {
  return useMutation({ mutationFn: requestReupload });
}
