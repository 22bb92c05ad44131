import { homePathFor, type TVerifyRequest } from '@puna/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionQueryOptions } from '../../../lib/auth';

/** `POST /auth/verify` with the e-mailed code; the server signs the new employer in (session cookie). */
export function verifyEmail(body: TVerifyRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/auth/verify', body);
}

/**
 * Verifies, then reads the new session before anyone navigates (as a login does), so the route guard
 * lets the owner into its area at once. `home` is that area (null if no session came back).
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TVerifyRequest) => {
      const answer = await verifyEmail(body);
      const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
      return { ...answer, home: session.user ? homePathFor(session.user) : null };
    },
  });
}
