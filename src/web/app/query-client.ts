import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, getToken } from '../lib/api-client';
import { notifyUnauthorized } from '../lib/session-events';

function handleError(error: unknown): void {
  // Only an expired or revoked token: a 401 without a token is a failed login, not a lost session.
  if (error instanceof ApiError && error.status === 401 && getToken()) notifyUnauthorized();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      // networkMode 'always': offline, a load fails (and the screen says so, with Try again:
      // components/ui/load-error.tsx) instead of pausing silently behind the previous data;
      // the crew's screens that work offline choose 'offlineFirst' themselves
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: 0 },
    },
  });
}
