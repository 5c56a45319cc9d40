import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '#shared/contract/orders';
import { ApiError, api } from '#web/lib/api-client';
import { orderEndpoints, orderKeys } from './order-keys';

export function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api<OrderDetail>(orderEndpoints.detail(id), { signal });
}

export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    // A 404 (not found or not the customer's) will not change on retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** GET /orders/{id}: items, totals, train legs, truck delivery, history and attachments. */
export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
