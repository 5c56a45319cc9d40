import { useQuery } from '@tanstack/react-query';
import type { PublicFigures } from '#shared/contract/public-figures';
import { api } from '#web/lib/api-client';

export const publicFiguresKey = ['public-figures'] as const;

/** GET /public/figures (no sign-in): the landing page's figures (decision 0052). */
export function usePublicFigures() {
  return useQuery({
    queryKey: publicFiguresKey,
    queryFn: ({ signal }) => api<PublicFigures>('/public/figures', { signal }),
  });
}
