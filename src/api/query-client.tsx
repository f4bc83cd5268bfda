// TanStack Query for the screens that read data about others (a card opened inside the app, a
// printed card's status). Each such screen wraps itself in <QueryScope>, so the query library
// loads with those screens and not with a visitor's first screen (docs/decisions/0003). One
// client for the whole app: every scope shares its cache.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, networkMode: 'offlineFirst' },
  },
});

/** Gives its children the app's query client (scopes may nest and share the same cache). */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
