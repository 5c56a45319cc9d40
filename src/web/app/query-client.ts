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
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  });
}
