import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryDefaults } from '#shared/contract/customer-orders';
import { api } from '#web/lib/api-client';
import { orderEndpoints, orderKeys } from './order-keys';

export function getDeliveryDefaults(customerId: number, signal?: AbortSignal): Promise<DeliveryDefaults> {
  return api<DeliveryDefaults>(orderEndpoints.deliveryDefaults(customerId), { signal });
}

export function deliveryDefaultsQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: orderKeys.deliveryDefaults(customerId),
    queryFn: ({ signal }) => getDeliveryDefaults(customerId, signal),
  });
}

/**
 * GET /customers/{id}/delivery-defaults: the address (and city) a new order starts from: the
 * latest order's, else the one given at sign-up. Under the orders key, so placing an order
 * refreshes it.
 */
export function useDeliveryDefaults(customerId: number | null) {
  return useQuery({ ...deliveryDefaultsQueryOptions(customerId ?? 0), enabled: customerId !== null });
}
