import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onAccountChange } from '#web/lib/session-events';
import { createQueryClient } from './query-client';

// One client for the tab's life, created when the first sign-in page or portal loads (the
// landing page loads no TanStack Query: docs/decisions/0085); another account's data never stays.
const queryClient = createQueryClient();
onAccountChange(() => queryClient.clear());

/** Gives the sign-in pages and portals the app's query client (router.tsx loads it with them). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
