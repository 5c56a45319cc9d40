import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeOrderRequest } from '#shared/contract/customer-orders';
import type { OrderDetail } from '#shared/contract/orders';
import { api } from '#web/lib/api-client';
import { orderEndpoints, orderKeys } from './order-keys';

export function changeOrder(orderId: number, request: ChangeOrderRequest): Promise<OrderDetail> {
  return api<OrderDetail>(orderEndpoints.change(orderId), { method: 'PATCH', body: request });
}

/**
 * PATCH /orders/{id}: the customer changes its Pending order's items and date. The answer is the
 * order as it now is; lists, totals and the products' stock change too, so every active query
 * refreshes.
 */
export function useChangeOrder(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangeOrderRequest) => changeOrder(orderId, request),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(orderId), order);
      void queryClient.invalidateQueries();
    },
  });
}
