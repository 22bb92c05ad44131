import { ZAssignCardResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api';
import { rfidKey } from './query-keys';

export type TAssignCardResult = z.infer<typeof ZAssignCardResponse>['Result'];

/**
 * `POST /krye/rfid/assign`: gives a card (or a clock's `PIN:<pin>`) to an employee; the card's
 * earlier unattributed scans in open months become that employee's, those in closed months stay
 * (`keptInClosedMonths`, `closedMonths`).
 */
export async function assignCard(input: { uid: string; employeeId: number }): Promise<TAssignCardResult> {
  return ZAssignCardResponse.parse(await api.post<unknown>('/krye/rfid/assign', input)).Result;
}

export function useAssignCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rfidKey }),
  });
}
