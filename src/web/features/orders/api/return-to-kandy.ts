import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnToKandyRequest, ReturnToKandyResponse } from '#shared/contract/order-returns';
import { api } from '#web/lib/api-client';

/**
 * POST /orders/{id}/return-to-kandy: a failed delivery's undelivered items go back to Kandy's
 * stock and are credited; the order closes. It moves stock, the store, the alerts and the order:
 * every active query refreshes.
 */
export function useReturnToKandy(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnToKandyRequest) =>
      api<ReturnToKandyResponse>(`/orders/${orderId}/return-to-kandy`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
