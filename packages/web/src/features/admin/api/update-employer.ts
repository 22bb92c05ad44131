import { resultEnvelope, type TAdminEmployer, type TUpdateEmployerRequest, ZAdminEmployer } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { employersKey } from './get-employers';

const ZUpdateEmployerResponse = resultEnvelope(ZAdminEmployer);

/**
 * `PUT /auth/updateEmployer/{id}`: only type, transaction_id, transaction_date and limit_workers
 * are sent (the server ignores anything else); answers the whole updated account.
 */
export async function updateEmployer({ id, body }: { id: number; body: TUpdateEmployerRequest }) {
  return ZUpdateEmployerResponse.parse(await api.put<unknown>(`/auth/updateEmployer/${id}`, body)).Result;
}

export function useUpdateEmployer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployer,
    // docs/product.md#admin: the row is merged with the changed fields.
    onSuccess: (updated) =>
      queryClient.setQueryData<TAdminEmployer[]>(employersKey, (list) =>
        list?.map((employer) => (employer.id === updated.id ? { ...employer, ...updated } : employer)),
      ),
  });
}
