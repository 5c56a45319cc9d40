import type { AppContext } from '#server/context';
import { withActor } from '#server/db/client';
import { cancelledByYouNotice, notifyManagers, publishChange } from '#server/features/notifications/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, unprocessable } from '#server/http/errors';
import type {
  CancelOwnOrderRequest,
  CancelOwnOrderResponse,
  ChangeOrderRequest,
} from '#shared/contract/customer-orders';
import type { OrderDetail } from '#shared/contract/orders';
import * as q from './customer-orders.queries';
import { cancelOrder } from './order-scheduling.service';
import { checkScheduleDate, getOrderDetail, isOrderTooLarge, orderTooLarge } from './orders.service';

/** Only a Pending order is the customer's to cancel or change; later, support helps. */
function refuseUnlessPending(order: q.OwnOrder, action: 'cancelled' | 'changed'): void {
  if (order.status === 'Pending') return;
  if (order.status === 'Cancelled') throw conflict(`Order #${order.order_id} is already cancelled`);
  throw conflict(
    `Order #${order.order_id} is ${order.status} and can no longer be ${action} online: only a Pending order can. Please contact support and we will help.`,
  );
}

async function lockOwn(tx: Parameters<typeof q.lockOwnOrder>[0], user: AuthUser, orderId: number) {
  const order = await q.lockOwnOrder(tx, orderId, user.customerId ?? -1);
  if (!order) throw notFound(`Order ${orderId} not found`);
  return order;
}

/**
 * POST /orders/{id}/cancel: the customer cancels its own Pending order. The same cancellation
 * as a manager's rejection (cancelOrder: stock back through the ledger, train space and truck
 * freed, every trigger-kept figure with it); the order row is locked first, so a manager's
 * approval at the same moment waits and then finds it Cancelled, or the cancel finds it
 * Scheduled (409): one of the two, never both. The managers are told.
 */
export async function cancelOwnOrder(
  ctx: AppContext,
  user: AuthUser,
  orderId: number,
  input: CancelOwnOrderRequest,
): Promise<CancelOwnOrderResponse> {
  const now = ctx.clock();
  const reason = input.reason?.trim() || null;
  return withActor(ctx.db, user.userId, async (tx) => {
    const order = await lockOwn(tx, user, orderId);
    refuseUnlessPending(order, 'cancelled');
    const previous = await cancelOrder(tx, {
      orderId,
      actorUserId: user.userId,
      reason,
      at: now,
      notice: { message: cancelledByYouNotice(orderId) }, // in the customer's language
    });
    await notifyManagers(tx, {
      type: 'Info',
      message: `Order #${orderId} was cancelled by the customer ${order.customer_name}${reason ? `: ${reason}` : ' (no reason given)'}.`,
      at: now,
      orderId,
    });
    return { order_id: orderId, status: 'Cancelled', previous_status: previous };
  });
}

type Line = { productId: number; quantity: number; unitPrice: number };

/** What a change does to each product of the order: before and after (0 = not on the order). */
function diffLines(current: q.OrderLine[], wanted: Map<number, number>) {
  const before = new Map(current.map((l) => [l.product_id, l]));
  const ids = [...new Set([...before.keys(), ...wanted.keys()])].sort((a, b) => a - b);
  return ids
    .map((productId) => ({
      productId,
      before: before.get(productId)?.quantity ?? 0,
      after: wanted.get(productId) ?? 0,
      capturedPrice: before.get(productId)?.unit_price ?? null,
    }))
    .filter((d) => d.before !== d.after);
}

/** "Order #12 changed by the customer: 3 → 5" and the like, for the ledger's note. */
const ledgerNote = (orderId: number, before: number, after: number) =>
  `Order #${orderId} changed by the customer: ${before === 0 ? 'added' : before} → ${after === 0 ? 'removed' : after}`;

/**
 * PATCH /orders/{id}: the customer changes its own Pending order's lines and requested date, in
 * one transaction, with the rules of placing it (decision 0063): products exist, quantities are
 * whole and at least 1 (the contract), a new date is 7 to 365 days from today, and an increase
 * reserves units that exist, naming the product when they do not. Locks the order (ownership in
 * the WHERE), then the products whose units move in id order, as placing and cancelling do, so
 * neither deadlocks with it. Lines kept or lowered keep the price captured at placement; lines
 * added or raised take today's price. Each unit moved is a ledger movement with the order's id
 * and a note; the change is kept for the timeline, audited, and the managers are told.
 */
export async function changeOwnOrder(
  ctx: AppContext,
  user: AuthUser,
  orderId: number,
  input: ChangeOrderRequest,
): Promise<OrderDetail> {
  const now = ctx.clock();
  await withActor(ctx.db, user.userId, async (tx) => {
    const order = await lockOwn(tx, user, orderId);
    refuseUnlessPending(order, 'changed');
    const newDate = input.scheduleDate ?? order.schedule_date;
    // a date left as it is stays agreed; a new one is held to the lead time from today
    if (newDate !== order.schedule_date) checkScheduleDate(newDate, now);

    const current = await q.findOrderLines(tx, orderId);
    let wanted = new Map(current.map((l) => [l.product_id, l.quantity]));
    if (input.items) {
      wanted = new Map();
      for (const item of input.items)
        wanted.set(item.productID, (wanted.get(item.productID) ?? 0) + item.quantity);
    }
    const diff = diffLines(current, wanted);
    if (diff.length === 0 && newDate === order.schedule_date) return; // nothing to change: as asked

    const products = await q.lockProducts(
      tx,
      diff.map((d) => d.productId),
    );
    const byId = new Map(products.map((p) => [p.product_id, p]));
    const missing = diff.filter((d) => !byId.has(d.productId)).map((d) => d.productId);
    if (missing.length > 0) throw unprocessable(`Product ${missing.join(', ')} does not exist`);
    for (const d of diff) {
      const product = byId.get(d.productId)!;
      const more = d.after - d.before;
      if (more > product.available_units) {
        throw conflict(
          `Not enough stock for ${product.name}: ${product.available_units} available, ${more} more requested`,
        );
      }
    }

    const removed: number[] = [];
    const changed: Line[] = [];
    const added: Line[] = [];
    for (const d of diff) {
      const today = byId.get(d.productId)!.unit_price;
      if (d.after === 0) removed.push(d.productId);
      else if (d.before === 0) added.push({ productId: d.productId, quantity: d.after, unitPrice: today });
      else
        changed.push({
          productId: d.productId,
          quantity: d.after,
          unitPrice: d.after > d.before ? today : d.capturedPrice!,
        });
    }
    await q.writeLines(tx, orderId, { removed, changed, added });
    await q.insertChangeMovements(
      tx,
      diff.map((d) => ({
        productId: d.productId,
        delta: d.before - d.after,
        orderId,
        note: ledgerNote(orderId, d.before, d.after),
        createdBy: user.userId,
      })),
    );
    if (newDate !== order.schedule_date) await q.setScheduleDate(tx, orderId, newDate, now);
    else await q.touchOrder(tx, orderId, now);
    const lines = diff.map((d) => ({
      product_id: d.productId,
      product_name: byId.get(d.productId)!.name,
      before: d.before,
      after: d.after,
    }));
    await q.insertOrderChange(tx, {
      orderId,
      changedBy: user.userId,
      changedAt: now,
      scheduleDateBefore: order.schedule_date,
      scheduleDateAfter: newDate,
      lines,
    });
    await notifyManagers(tx, {
      type: 'Info',
      message: `Order #${orderId} was changed by the customer ${order.customer_name}: ${changeSummary(order.schedule_date, newDate, lines.length)}.`,
      at: now,
      orderId,
    });
    await publishChange(tx, {
      kind: 'order',
      order_id: orderId,
      status: 'Pending',
      customer_id: user.customerId!,
    });
  }).catch((err: unknown) => {
    // lines too large for the figures they go into: as when placing (nothing written)
    throw isOrderTooLarge(err) ? orderTooLarge() : err;
  });
  return getOrderDetail(ctx.db, user, orderId);
}

/** "2 items, delivery date 2026-06-12 → 2026-06-15" (server messages write dates as YYYY-MM-DD). */
function changeSummary(dateBefore: string, dateAfter: string, lineCount: number): string {
  const parts: string[] = [];
  if (lineCount > 0) parts.push(`${lineCount} item${lineCount === 1 ? '' : 's'}`);
  if (dateBefore !== dateAfter) parts.push(`delivery date ${dateBefore} → ${dateAfter}`);
  return parts.join(', ');
}
