import { useQuery } from '@tanstack/react-query';
import type { PendingOrders } from '#shared/contract/planning';
import { api } from '#web/lib/api-client';
import { planningEndpoints, planningKeys } from './planning-keys';

/** GET /planning/pending-orders: the Pending orders requested in the period. */
export function usePendingOrders(from: string, to: string, enabled = true) {
  return useQuery({
    queryKey: planningKeys.pending(from, to),
    queryFn: ({ signal }) => api<PendingOrders>(planningEndpoints.pending, { query: { from, to }, signal }),
    enabled: enabled && Boolean(from && to && from <= to),
  });
}
