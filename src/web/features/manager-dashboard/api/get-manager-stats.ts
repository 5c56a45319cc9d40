import { useQuery } from '@tanstack/react-query';
import type { ManagerStats } from '#shared/contract/manager-dashboard';
import { api } from '#web/lib/api-client';

export const managerStatsKey = ['manager-stats'] as const;

/** GET /dashboard/manager-stats, refreshed every minute while the dashboard is open. */
export function useManagerStats() {
  return useQuery({
    queryKey: managerStatsKey,
    queryFn: ({ signal }) => api<ManagerStats>('/dashboard/manager-stats', { signal }),
    refetchInterval: 60_000,
  });
}
