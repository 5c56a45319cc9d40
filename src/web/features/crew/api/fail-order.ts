import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FailOrderRequest, failOrderResponse } from '#shared/contract/crew';
import { api } from '#web/lib/api-client';
import { crewEndpoints, crewKeys } from './crew-keys';

/** POST /deliveries/{id}/orders/{order_id}/fail: the items not handed over go back to the store, the manager is alerted. */
export function useFailOrder(deliveryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: FailOrderRequest & { orderId: number }) =>
      api<z.infer<typeof failOrderResponse>>(crewEndpoints.fail(deliveryId, orderId), {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crewKeys.all }),
  });
}
