import type { z } from 'zod';
import type { orderListQuery } from '#shared/contract/orders';

/** The parsed GET /orders query (status, q, page, page_size). */
export type OrderListParams = z.output<typeof orderListQuery>;

/** API paths of the orders resource (server under /api; the client adds the prefix). */
export const orderEndpoints = {
  list: '/orders',
  detail: (id: number) => `/orders/${id}`,
  invoice: (id: number) => `/orders/${id}/invoice.pdf`,
  exportCsv: '/orders/export.csv',
  attachment: (orderId: number, attachmentId: number) => `/orders/${orderId}/attachments/${attachmentId}`,
  create: (customerId: number) => `/customers/${customerId}/orders`,
  cancel: (id: number) => `/orders/${id}/cancel`,
  change: (id: number) => `/orders/${id}`,
  deliveryDefaults: (customerId: number) => `/customers/${customerId}/delivery-defaults`,
  customerStats: '/dashboard/customer-stats',
} as const;

/** Every orders query lives under ['orders'], so one invalidation refreshes lists, details and counts. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: OrderListParams) => [...orderKeys.lists(), query] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  customerStats: () => [...orderKeys.all, 'customer-stats'] as const,
  deliveryDefaults: (customerId: number) => [...orderKeys.all, 'delivery-defaults', customerId] as const,
};
