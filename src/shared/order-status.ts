export const ORDER_STATUSES = ['Pending', 'Scheduled', 'In Transit', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Legal order transitions (docs/product/business-rules.md#order-life-cycle). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Scheduled', 'Cancelled'],
  Scheduled: ['In Transit', 'Cancelled'],
  'In Transit': ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Orders that are neither finished nor cancelled. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = ['Pending', 'Scheduled', 'In Transit'];

/**
 * A delivery (truck run) ends Delivered when it handed over at least one item, Failed when every
 * order on it failed (docs/decisions/0058).
 */
export const DELIVERY_STATUSES = ['Scheduled', 'In Transit', 'Delivered', 'Failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
