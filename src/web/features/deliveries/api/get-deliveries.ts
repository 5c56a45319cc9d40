import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Delivery } from '#shared/contract/deliveries';
import { api, apiPage } from '#web/lib/api-client';
import { type DeliveryListParams, deliveryEndpoints, deliveryKeys } from './delivery-keys';

/** GET /deliveries/deliveries: by default the deliveries not yet done, earliest first. */
export function useDeliveries(query: DeliveryListParams) {
  return useQuery({
    queryKey: deliveryKeys.list(query),
    queryFn: ({ signal }) => apiPage<Delivery>(deliveryEndpoints.list, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /deliveries/{id}: one delivery, whatever its status (a search result opens it). */
export function useDelivery(id: number | null) {
  return useQuery({
    queryKey: deliveryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<Delivery>(deliveryEndpoints.detail(id!), { signal }),
    enabled: id !== null,
  });
}
