import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';
import { sessionQueryKey, type TSession } from '../lib/auth';

/**
 * The app's one query cache, shared by every signed-in area (and kept while a visitor steps out to
 * a public page and back). It lives in the areas' chunks, not in the first one the landing page loads.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    // Every failed read is logged here, with its key; no screen logs its own (where the product
    // says a failure is "only logged", the screen shows nothing more). A 401 on any screen means the
    // session ended (expired or revoked): the route guard then sends the person to /login instead
    // of leaving a page of failed requests.
    onError: (error, query) => {
      console.error('Query failed', query.queryKey, error);
      if (error instanceof ApiError && error.status === 401) {
        queryClient.setQueryData<TSession>(sessionQueryKey, { authenticated: false });
      }
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal (4xx) will not change on a second try; a network or server hiccup might.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
