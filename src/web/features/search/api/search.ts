import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '#shared/contract/search';
import { api } from '#web/lib/api-client';

export const searchKeys = { all: ['search'] as const, query: (q: string) => ['search', q] as const };

export function getSearch(q: string, signal?: AbortSignal) {
  return api<SearchResponse>('/search', { query: { q, limit: 5 }, signal });
}

/**
 * GET /search for the text. Each text is its own query, so an answer that arrives late for an
 * older text is never shown for the newer one (the last request wins); the previous answer stays
 * on screen, marked stale, while the next one loads.
 */
export function useSearch(q: string) {
  return useQuery(
    queryOptions({
      queryKey: searchKeys.query(q),
      queryFn: ({ signal }) => getSearch(q, signal),
      enabled: q.length > 0,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  );
}
