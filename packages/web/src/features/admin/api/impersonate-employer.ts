import { ZRedirectResponse } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { sessionQueryKey, sessionQueryOptions } from '../../../lib/auth';

/**
 * `POST /auth/admin/impersonate/{id}`: the server moves the admin's session aside and sets a short
 * session of that employer marked with the admin. No password is ever fetched or sent.
 */
export async function impersonateEmployer(id: number) {
  return ZRedirectResponse.parse(await api.post<unknown>(`/auth/admin/impersonate/${id}`, {}));
}

/** Access: views the employer's area, then /kryepuntor with history replaced (docs/product.md#admin). */
export function useImpersonateEmployer() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: impersonateEmployer,
    onSuccess: async () => {
      // Nothing cached for the admin may leak into the employer's screens.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
      navigate('/kryepuntor', { replace: true });
    },
  });
}
