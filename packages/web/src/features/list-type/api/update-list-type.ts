import { type TListType, ZSuccessResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { listTypeKey } from '../../../lib/queries/get-list-type';
import { payByListTypeKey } from './get-pay-by-list-type';

/** `PUT /krye/employers/{userId}/updateListaType` (Premium: a basic employer gets 403 premiumRequired). */
export async function updateListType({ employerId, listaType }: { employerId: number; listaType: TListType }) {
  return ZSuccessResponse.parse(await api.put<unknown>(`/krye/employers/${employerId}/updateListaType`, { listaType }));
}

export function useUpdateListType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListType,
    onSuccess: (_, { employerId, listaType }) => {
      queryClient.setQueryData<TListType>([...listTypeKey, employerId], listaType);
      // Pay follows the list type (hours from scans or entered): every pay figure is stale now.
      void queryClient.invalidateQueries({ queryKey: [payByListTypeKey[0]] });
    },
  });
}
