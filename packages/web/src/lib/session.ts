/**
 * `GET /auth/check` without TanStack Query, for the public pages: they only need to know whether
 * to send a signed-in visitor to their own area, and stay out of the query library's chunk.
 */
import type { ZAuthCheckResponse } from '@puna/domain';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { api } from './api';

export type TSession = z.infer<typeof ZAuthCheckResponse>;

/** A failed check counts as "not logged in" (docs/product.md#auth). */
export async function getSession(signal?: AbortSignal): Promise<TSession> {
  try {
    return await api.get<TSession>('/auth/check', signal);
  } catch {
    return { authenticated: false };
  }
}

/** The session as the server reports it when the page opens; undefined until it answers. */
export function useSessionOnce(): TSession | undefined {
  const [session, setSession] = useState<TSession>();
  useEffect(() => {
    const controller = new AbortController();
    void getSession(controller.signal).then((answer) => {
      if (!controller.signal.aborted) setSession(answer);
    });
    return () => controller.abort();
  }, []);
  return session;
}
