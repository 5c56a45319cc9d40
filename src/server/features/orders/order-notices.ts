import type { Executor } from '#server/db/client';
import {
  cancelledNotice,
  deliveredNotice,
  insertNotifications,
  type Localized,
  outForDeliveryNotice,
  publishChange,
  stageNotice,
} from '#server/features/notifications/index';
import type { OrderStatus } from '#shared/order-status';
import { findProgress } from './orders.queries';

// What the customer is told when its order changes status: written by transitionOrder
// (order-transitions.ts) in its transaction, through the notifications feature.

// every one in the customer's language (src/server/lib/i18n, decision 0082); a staff member's
// reason for a cancellation is written as they wrote it
const ORDER_MESSAGES: Partial<Record<OrderStatus, (orderId: number, reason: string | null) => Localized>> = {
  'In Transit': (id) => outForDeliveryNotice(id),
  Delivered: (id) => deliveredNotice(id, null),
  Cancelled: (id, reason) => cancelledNotice(id, reason),
};

/**
 * An approved order in the customer's words (src/shared/order-progress.ts, translated): approved
 * and waiting for a train, or booked on one, with what comes next.
 */
async function approvalNotice(tx: Executor, orderId: number, at: Date): Promise<Localized | undefined> {
  const found = await findProgress(tx, orderId, at);
  if (!found) return undefined;
  return stageNotice(orderId, found.facts, found.progress);
}

/** Tells the customer its order changed status (called by transitionOrder). */
export async function notifyOrderStatus(
  tx: Executor,
  change: {
    orderId: number;
    customerId: number;
    to: OrderStatus;
    at: Date;
    reason?: string | null;
    notice?: { message: string | Localized; alert?: boolean };
  },
): Promise<void> {
  const message =
    change.notice?.message ??
    (change.to === 'Scheduled'
      ? await approvalNotice(tx, change.orderId, change.at)
      : ORDER_MESSAGES[change.to]?.(change.orderId, change.reason ?? null));
  if (!message) return;
  await insertNotifications(tx, [
    {
      to: { customerId: change.customerId },
      type: change.to === 'Cancelled' || change.notice?.alert ? 'Alert' : 'Info',
      message,
      at: change.at,
      orderId: change.orderId,
    },
  ]);
  await publishChange(tx, {
    kind: 'order',
    order_id: change.orderId,
    status: change.to,
    customer_id: change.customerId,
  });
}
