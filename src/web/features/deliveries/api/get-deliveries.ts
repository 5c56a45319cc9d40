import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Delivery } from '#shared/contract/deliveries';
import { apiPage } from '#web/lib/api-client';
import { type DeliveryListParams, deliveryEndpoints, deliveryKeys } from './delivery-keys';

/** GET /deliveries/deliveries: by default the deliveries not yet done, earliest first. */
export function useDeliveries(query: DeliveryListParams) {
  return useQuery({
    queryKey: deliveryKeys.list(query),
    queryFn: ({ signal }) => apiPage<Delivery>(deliveryEndpoints.list, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}
