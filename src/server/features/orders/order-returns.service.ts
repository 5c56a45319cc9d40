import type { AppContext } from '#server/context';
import { withActor } from '#server/db/client';
import { returnedNotice } from '#server/features/notifications/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound } from '#server/http/errors';
import { formatMoney } from '#shared/constants';
import type { ReturnToKandyRequest, ReturnToKandyResponse } from '#shared/contract/order-returns';
import * as q from './order-returns.queries';
import { findOrderDelivery } from './order-scheduling.queries';
import { transitionOrder } from './order-transitions';
import { findOrderHeader, lockOrderStatus } from './orders.queries';

const cents = (n: number) => Math.round(n * 100);

/**
 * POST /orders/{id}/return-to-kandy (decision 0058): after a failed delivery the manager sends
 * the order's undelivered items from the city store back to Kandy. Each item is credited and its
 * units return to Kandy's stock through the ledger ('delivery_returned'); the order is closed:
 * Delivered for what was delivered (its delivery time the last hand-over), or Cancelled when
 * nothing was (the delivery fee credited too). One transaction: the order's row is locked first,
 * so two managers, or a manager and a loading, act one after the other.
 */
export async function returnToKandy(
  ctx: AppContext,
  user: AuthUser,
  orderId: number,
  input: ReturnToKandyRequest,
): Promise<ReturnToKandyResponse> {
  const now = ctx.clock();
  const note = input.note ?? null;
  return withActor(ctx.db, user.userId, async (tx) => {
    const order = await lockOrderStatus(tx, orderId);
    if (!order) throw notFound(`Order ${orderId} not found`);
    if (order.status !== 'Scheduled') {
      throw conflict(
        `Order ${orderId} is ${order.status}: only an order back at the store after a failed delivery can be sent back to Kandy`,
      );
    }
    if (!(await q.hasFailedDelivery(tx, orderId))) {
      throw conflict(
        `Order ${orderId} has had no failed delivery: its items are not back from a truck (reject it to cancel it instead)`,
      );
    }
    const loadedOn = await findOrderDelivery(tx, orderId);
    if (loadedOn !== null) {
      throw conflict(
        `Order ${orderId} is loaded on delivery ${loadedOn} to be delivered again: take it off that truck first`,
      );
    }
    const lines = await q.undeliveredLines(tx, orderId);
    const delivered = await q.deliveredSoFar(tx, orderId);
    const header = (await findOrderHeader(tx, orderId, { customerId: null }))!;
    const returned = lines.map((l) => ({
      product_id: l.product_id,
      product_name: l.product_name,
      quantity: l.quantity,
      credit: cents(l.quantity * l.unit_price) / 100,
    }));
    await q.insertReturns(
      tx,
      returned.map((l) => ({
        orderId,
        productId: l.product_id,
        quantity: l.quantity,
        credit: l.credit,
        note,
      })),
      user.userId,
      now,
    );
    await q.returnUnitsToStock(
      tx,
      orderId,
      lines,
      user.userId,
      note ?? `Order ${orderId}: not delivered, back from the store`,
    );
    const itemsCents = returned.reduce((s, l) => s + cents(l.credit), 0);
    const nothingDelivered = delivered.n === 0;
    const credit = (itemsCents + (nothingDelivered ? cents(header.delivery_fee) : 0)) / 100;
    const what = returned.map((l) => `${l.product_name} x ${l.quantity}`).join(', ');
    const status = nothingDelivered ? ('Cancelled' as const) : ('Delivered' as const);
    await transitionOrder(tx, {
      orderId,
      to: status,
      actorUserId: user.userId,
      // the customer reads this reason on the timeline; the manager's note stays on the ledger
      reason: `Sent back to Kandy and credited ${formatMoney(credit)}: ${what}`,
      at: now,
      closedAfterReturn: !nothingDelivered,
      deliveredAt: delivered.last ? new Date(delivered.last) : now,
      notice: {
        // in the customer's language (decision 0082)
        message: returnedNotice({ orderId, credit: formatMoney(credit), what, nothingDelivered }),
        alert: true,
      },
    });
    return { order_id: orderId, status, previous_status: 'Scheduled', returned, credit };
  });
}
