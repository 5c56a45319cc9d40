import { useEffect, useState } from 'react';
import type { PublicFigures } from '#shared/contract/public-figures';
import { api } from '#web/lib/api-client';

export interface PublicFiguresLoad {
  /** True until the answer (or the failure) is in. */
  isPending: boolean;
  /** The figures; undefined while loading and when they could not be loaded. */
  data: PublicFigures | undefined;
}

/**
 * GET /public/figures (no sign-in): the landing page's figures (decision 0052). A plain fetch,
 * not TanStack Query: the landing page loads no query library (decision 0085). One retry, as
 * the app's query client does.
 */
export function usePublicFigures(): PublicFiguresLoad {
  const [load, setLoad] = useState<PublicFiguresLoad>({ isPending: true, data: undefined });
  useEffect(() => {
    const controller = new AbortController();
    const fetchFigures = () => api<PublicFigures>('/public/figures', { signal: controller.signal });
    fetchFigures()
      .catch(() => (controller.signal.aborted ? undefined : fetchFigures()))
      .then(
        (data) => !controller.signal.aborted && setLoad({ isPending: false, data }),
        // the figures show dashes (never a made-up number), as before with the query client
        () => !controller.signal.aborted && setLoad({ isPending: false, data: undefined }),
      );
    return () => controller.abort();
  }, []);
  return load;
}
