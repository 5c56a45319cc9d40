import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOwnOrderRequest, CancelOwnOrderResponse } from '#shared/contract/customer-orders';
import { api } from '#web/lib/api-client';
import { orderEndpoints } from './order-keys';

export function cancelOrder(
  orderId: number,
  request: CancelOwnOrderRequest,
): Promise<CancelOwnOrderResponse> {
  return api<CancelOwnOrderResponse>(orderEndpoints.cancel(orderId), { method: 'POST', body: request });
}

/**
 * POST /orders/{id}/cancel: the customer cancels its own Pending order. The order, its lists and
 * counts, the products' stock and the notifications all change: every active query refreshes.
 */
export function useCancelOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CancelOwnOrderRequest) => cancelOrder(orderId, request),
    // not awaited: the caller's own onSuccess runs before the refetch shows the order Cancelled
    // (and unmounts the dialog that asked)
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
