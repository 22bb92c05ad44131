import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toast';

/**
 * What every page needs. The query cache (TanStack Query) is provided by `AppDataLayout` around
 * every route but the public pages, so the landing page loads without it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
