import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerStats } from '#shared/contract/orders';
import { api } from '#web/lib/api-client';
import { orderEndpoints, orderKeys } from './order-keys';

export function getCustomerStats(signal?: AbortSignal): Promise<CustomerStats> {
  return api<CustomerStats>(orderEndpoints.customerStats, { signal });
}

export function customerStatsQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.customerStats(),
    queryFn: ({ signal }) => getCustomerStats(signal),
  });
}

/** GET /dashboard/customer-stats: order counts (total, active, delivered, per status) and recent orders. */
export function useCustomerStats() {
  return useQuery(customerStatsQueryOptions());
}
