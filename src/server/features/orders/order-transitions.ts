import type { Tx } from '#server/db/client';
import type { Localized } from '#server/features/notifications/index';
import { conflict, notFound } from '#server/http/errors';
import { canTransition, type OrderStatus } from '#shared/order-status';
import { notifyOrderStatus } from './order-notices';
import { insertStatusChange, lockOrderStatus, setOrderStatus } from './orders.queries';

export interface OrderTransition {
  orderId: number;
  to: OrderStatus;
  actorUserId: number | null;
  reason?: string | null;
  at: Date;
  /** What the customer is told, instead of the usual message for the new status. */
  notice?: { message: string | Localized; alert?: boolean };
  /**
   * A failed delivery (issue 9) takes an In Transit order back to Scheduled, the one move the
   * life cycle allows only to the crew's failed-delivery action.
   */
  failedDelivery?: boolean;
  /**
   * The manager sent the undelivered items of a partly delivered order back to Kandy (decision
   * 0058): the order, Scheduled at the store, is closed as Delivered for what was delivered.
   */
  closedAfterReturn?: boolean;
  /** delivered_at when it is not `at` (a closed order: when its last item was handed over). */
  deliveredAt?: Date;
}

/**
 * The one way an order changes status (docs/product/business-rules.md#order-life-cycle): locks the
 * order row, refuses a move the life cycle does not allow with a 409 that names it, writes the
 * status (and delivered_at for Delivered) and a history row with the actor and reason, and tells
 * the customer (a notification, pushed live). Side effects of a transition (stock, train space,
 * truck load) belong to the caller, in the same `tx`. Returns the status the order had.
 */
export async function transitionOrder(tx: Tx, t: OrderTransition): Promise<OrderStatus> {
  const current = await lockOrderStatus(tx, t.orderId);
  if (!current) throw notFound(`Order ${t.orderId} not found`);
  if (current.status === t.to) throw conflict(`Order ${t.orderId} is already ${t.to}`);
  const backToStore = t.failedDelivery === true && current.status === 'In Transit' && t.to === 'Scheduled';
  const closed = t.closedAfterReturn === true && current.status === 'Scheduled' && t.to === 'Delivered';
  if (!backToStore && !closed && !canTransition(current.status, t.to)) {
    throw conflict(`Order ${t.orderId} cannot go from ${current.status} to ${t.to}`);
  }
  await setOrderStatus(tx, t.orderId, t.to, t.at, t.deliveredAt);
  await insertStatusChange(tx, {
    orderId: t.orderId,
    fromStatus: current.status,
    toStatus: t.to,
    changedBy: t.actorUserId,
    changedAt: t.at,
    reason: t.reason?.trim() || null,
  });
  await notifyOrderStatus(tx, {
    orderId: t.orderId,
    customerId: current.customer_id,
    to: t.to,
    at: t.at,
    reason: t.reason?.trim() || null,
    notice: t.notice,
  });
  return current.status;
}
