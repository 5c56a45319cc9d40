import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '#shared/constants';
import type { AdminAlert, AdminChartData, AdminStats } from '#shared/contract/admin-dashboard';
import { api } from '#web/lib/api-client';

/** GET /dashboard/admin-stats, refreshed every minute while the dashboard is open. */
export function useAdminStats() {
  return useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: ({ signal }) => api<AdminStats>('/dashboard/admin-stats', { signal }),
    refetchInterval: 60_000,
  });
}

/** GET /dashboard/admin-chart-data for a period (both ends optional: the last 12 months). */
export function useAdminChartData(period: { from?: string; to?: string }) {
  return useQuery({
    queryKey: ['admin', 'chart', period],
    queryFn: ({ signal }) => api<AdminChartData>('/dashboard/admin-chart-data', { query: period, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /dashboard/admin-alerts, polled like every alert list (docs/product/portals.md#screens-in-common). */
export function useAdminAlerts() {
  return useQuery({
    queryKey: ['admin', 'alerts'],
    queryFn: ({ signal }) => api<AdminAlert[]>('/dashboard/admin-alerts', { signal }),
    refetchInterval: POLL_INTERVAL_MS,
  });
}
