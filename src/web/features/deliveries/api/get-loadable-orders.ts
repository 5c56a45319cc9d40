import { useQuery } from '@tanstack/react-query';
import type { LoadableOrder } from '#shared/contract/deliveries';
import { apiList } from '#web/lib/api-client';
import { deliveryEndpoints, deliveryKeys } from './delivery-keys';

/** GET /deliveries/{id}/loadable-orders: the route's approved orders and why any cannot go on. */
export function useLoadableOrders(deliveryId: number | null) {
  return useQuery({
    queryKey: deliveryKeys.loadable(deliveryId ?? 0),
    queryFn: ({ signal }) => apiList<LoadableOrder>(deliveryEndpoints.loadable(deliveryId!), { signal }),
    enabled: deliveryId !== null,
  });
}
