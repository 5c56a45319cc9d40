import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '#shared/constants';
import type { Dismissal, InventoryAlert } from '#shared/contract/inventory-alerts';
import { api } from '#web/lib/api-client';

export const alertsKey = ['warehouse', 'alerts'] as const;

/** GET /report/inventory-alerts, refreshed every 30 s (docs/product/portals.md#warehouse). */
export function useInventoryAlerts() {
  return useQuery({
    queryKey: alertsKey,
    queryFn: ({ signal }) => api<InventoryAlert[]>('/report/inventory-alerts', { signal }),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

/** Dismiss (POST) or restore (DELETE) an alert on the server; the list shows it at once. */
function useDismissal(method: 'POST' | 'DELETE') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) =>
      api<Dismissal | undefined>(`/inventory-alerts/${productId}/dismissal`, { method }),
    onSuccess: (result, productId) => {
      queryClient.setQueryData<InventoryAlert[]>(alertsKey, (alerts) =>
        alerts?.map((a) =>
          a.product_id === productId
            ? { ...a, dismissed: method === 'POST', dismissed_at: result?.dismissed_at ?? null }
            : a,
        ),
      );
      return queryClient.invalidateQueries({ queryKey: alertsKey });
    },
  });
}

export const useDismissAlert = () => useDismissal('POST');
export const useRestoreAlert = () => useDismissal('DELETE');
