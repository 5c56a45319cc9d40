import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FailOrderRequest } from '#shared/contract/crew';
import { api } from '#web/lib/api-client';
import { crewEndpoints, crewKeys } from './crew-keys';

/** POST /deliveries/{id}/orders/{order_id}/fail: back to the store, the manager is alerted. */
export function useFailOrder(deliveryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: FailOrderRequest & { orderId: number }) =>
      api(crewEndpoints.fail(deliveryId, orderId), { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crewKeys.all }),
  });
}
