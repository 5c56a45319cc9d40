import { useQuery } from '@tanstack/react-query';
import type { DeliveryItem } from '#shared/contract/crew';
import { api } from '#web/lib/api-client';
import { crewEndpoints, crewKeys } from './crew-keys';

/** GET /deliveries/{id}/order-items: what the truck carries and what is confirmed. */
export function useDeliveryItems(deliveryId: number | null) {
  return useQuery({
    queryKey: crewKeys.items(deliveryId ?? 0),
    queryFn: ({ signal }) => api<DeliveryItem[]>(crewEndpoints.items(deliveryId ?? 0), { signal }),
    enabled: deliveryId !== null,
    networkMode: 'offlineFirst',
  });
}
