import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../components/toast';
import { ApiError } from '../lib/api';
import { sessionQueryKey, type TSession } from '../lib/auth';

function makeQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // A 401 on any screen means the session ended (expired or revoked): the route guard then
      // sends the person to /login instead of leaving a page of failed requests.
      onError: (error) => {
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
  return queryClient;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
