import type { Tx } from '#server/db/client';
import { conflict, notFound } from '#server/http/errors';
import { canTransition, type OrderStatus } from '#shared/order-status';
import { insertStatusChange, lockOrderStatus, setOrderStatus } from './orders.queries';

export interface OrderTransition {
  orderId: number;
  to: OrderStatus;
  actorUserId: number | null;
  reason?: string | null;
  at: Date;
}

/**
 * The one way an order changes status (domain.md "Order life cycle"): locks the order row,
 * refuses a move the life cycle does not allow with a 409 that names it, writes the status
 * (and delivered_at for Delivered) and a history row with the actor and reason. Side effects
 * of a transition (stock, train space, truck load) belong to the caller, in the same `tx`.
 * Returns the status the order had.
 */
export async function transitionOrder(tx: Tx, t: OrderTransition): Promise<OrderStatus> {
  const current = await lockOrderStatus(tx, t.orderId);
  if (!current) throw notFound(`Order ${t.orderId} not found`);
  if (current.status === t.to) throw conflict(`Order ${t.orderId} is already ${t.to}`);
  if (!canTransition(current.status, t.to)) {
    throw conflict(`Order ${t.orderId} cannot go from ${current.status} to ${t.to}`);
  }
  await setOrderStatus(tx, t.orderId, t.to, t.at);
  await insertStatusChange(tx, {
    orderId: t.orderId,
    fromStatus: current.status,
    toStatus: t.to,
    changedBy: t.actorUserId,
    changedAt: t.at,
    reason: t.reason?.trim() || null,
  });
  return current.status;
}
