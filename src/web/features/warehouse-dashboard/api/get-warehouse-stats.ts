import { useQuery } from '@tanstack/react-query';
import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';
import { api } from '#web/lib/api-client';

export const warehouseStatsKey = ['warehouse', 'stats'] as const;

export function getWarehouseStats(signal?: AbortSignal) {
  return api<WarehouseStats>('/dashboard/warehouse-manager-stats', { signal });
}

/** GET /dashboard/warehouse-manager-stats (dashboard stats rethrow on failure: the page shows the error). */
export function useWarehouseStats() {
  return useQuery({ queryKey: warehouseStatsKey, queryFn: ({ signal }) => getWarehouseStats(signal) });
}
