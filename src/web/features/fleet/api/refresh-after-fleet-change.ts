import { useQueryClient } from '@tanstack/react-query';

/**
 * A fleet change reaches the scheduling form, the deliveries (their truck's status), the crews'
 * assignments and the store lists: every active query refreshes.
 */
export function useRefreshAfterFleetChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}
