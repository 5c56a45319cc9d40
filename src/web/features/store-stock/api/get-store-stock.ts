import { useQueries, useQuery } from '@tanstack/react-query';
import type { Store, StoreStock } from '#shared/contract/stores';
import { api, apiList } from '#web/lib/api-client';

export const storeKeys = {
  list: ['warehouse', 'stores'] as const,
  stock: (id: number) => ['warehouse', 'stores', id, 'stock'] as const,
};

/** GET /stores: a failure reaches the page, which says so (Failed to load store data). */
export function useStores() {
  return useQuery({
    queryKey: storeKeys.list,
    queryFn: ({ signal }) => apiList<Store>('/stores', { signal }),
  });
}

/** GET /stores/{id}/stock for every store, refreshed every minute (trains arrive on their own). */
export function useStoresStock(storeIds: readonly number[]) {
  return useQueries({
    queries: storeIds.map((id) => ({
      queryKey: storeKeys.stock(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api<StoreStock>(`/stores/${id}/stock`, { signal }),
      refetchInterval: 60_000,
    })),
  });
}
