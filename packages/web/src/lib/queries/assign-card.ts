import { ZAssignCardResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { rfidKey } from './query-keys';

/**
 * `POST /krye/rfid/assign`: gives a card (or a clock's `PIN:<pin>`) to an employee; the card's
 * earlier unattributed scans become that employee's.
 */
export async function assignCard(input: { uid: string; employeeId: number }): Promise<number> {
  return ZAssignCardResponse.parse(await api.post<unknown>('/krye/rfid/assign', input)).Result.attributedScans;
}

export function useAssignCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rfidKey }),
  });
}
