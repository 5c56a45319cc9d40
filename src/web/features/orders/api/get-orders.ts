import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '#shared/contract/orders';
import { apiPage } from '#web/lib/api-client';
import { type OrderListParams, orderEndpoints, orderKeys } from './order-keys';

export function getOrders(query: OrderListParams, signal?: AbortSignal) {
  return apiPage<OrderSummary>(orderEndpoints.list, { query: { ...query }, signal });
}

export function ordersQueryOptions(query: OrderListParams) {
  return queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /orders: one page of the customer's own orders, newest first, with the total from X-Total-Count. */
export function useOrders(query: OrderListParams) {
  return useQuery(ordersQueryOptions(query));
}
