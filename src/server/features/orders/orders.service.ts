import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { recipientLanguage } from '#server/features/notifications/index';
import { type AuthUser, assertCustomerAccess } from '#server/http/auth-context';
import { conflict, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type { ReceivedFile } from '#server/http/uploads';
import { DELIVERY_FEE, MAX_SCHEDULE_DAYS_AHEAD, ORDER_LEAD_DAYS } from '#shared/constants';
import type { Language } from '#shared/contract/auth';
import type { CreateOrderRequest, ItemState, OrderDetail, OrderListQuery } from '#shared/contract/orders';
import { earliestScheduleDate, isRealDate, latestScheduleDate } from '#shared/dates';
import { customerProgress, nextStep } from '#shared/order-progress';
import { ACTIVE_ORDER_STATUSES, ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import { findAttachmentFile } from './attachments.queries';
import { findOrderChanges } from './customer-orders.queries';
import { withKeptFiles } from './order-attachments';
import { type PlacementResult, readStock } from './order-placement.queries';
import * as q from './orders.queries';
import { findReceipts } from './receipts.queries';

/** Customers see their own orders only; staff see all. */
export function scopeOf(user: AuthUser): q.OrderScope {
  return { customerId: user.portal === 'customer' ? (user.customerId ?? -1) : null };
}

/**
 * Places an order in one statement (decision 0031): the checks read what the statement read, and
 * only an order that passes them is written, with the hot rows (products, rollups) taken last.
 * The statement runs alone in its own transaction when no other placement of this process is
 * running, else together with the placements that arrived meanwhile in one transaction, each
 * placed whole or not at all, answered only after their one commit (ctx.placements, decisions
 * 0047 and 0050). The ledger trigger's CHECK refuses a negative balance when another order took
 * the units between the read and the lock. Attachments are files received by the upload path,
 * kept before the statement and removed again if it fails.
 */
export async function placeOrder(
  ctx: AppContext,
  user: AuthUser,
  customerId: number,
  input: CreateOrderRequest,
  files: ReceivedFile[] = [],
) {
  return withKeptFiles(ctx.files, files, async () => {
    assertCustomerAccess(user, customerId);
    const now = ctx.clock();
    checkScheduleDate(input.scheduleDate, now);
    const wanted = new Map<number, number>();
    for (const item of input.items)
      wanted.set(item.productID, (wanted.get(item.productID) ?? 0) + item.quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    let placed: PlacementResult;
    try {
      placed = await ctx.placements.place({
        actorUserId: user.userId,
        customerId,
        at: now,
        scheduleDate: input.scheduleDate,
        deliveryAddress: input.deliveryAddress?.trim() || null,
        cityName: input.city || null,
        specialInstructions: input.specialInstructions?.trim() || null,
        deliveryFee: DELIVERY_FEE,
        lines: ids.map((productId) => ({ productId, quantity: wanted.get(productId)! })),
        files: files.map((f) => ({
          fileName: f.fileName,
          contentType: f.contentType,
          sizeBytes: f.sizeBytes,
          storageKey: f.key,
        })),
      });
    } catch (err) {
      // the ledger trigger hit the CHECK on available_units: another order took the units
      // between the read and the lock. Nothing was written; name the product from what is left.
      if (pgErrorCode(err) === '23514' && pgConstraint(err)?.startsWith('products_available_units')) {
        for (const product of await readStock(ctx.db, ids))
          checkStock(product, wanted.get(product.product_id)!);
        throw conflict('Not enough stock: another order took the last units, please review your quantities');
      }
      if (isOrderTooLarge(err)) throw orderTooLarge();
      throw err;
    }
    if (placed.order_id === null) {
      if (!placed.customer_found) throw notFound(`Customer ${customerId} not found`);
      const missing = ids.filter((id) => !placed.products.some((p) => p.product_id === id));
      if (missing.length > 0) throw unprocessable(`Product ${missing.join(', ')} does not exist`);
      for (const product of placed.products) checkStock(product, wanted.get(product.product_id)!);
      // a city that is named must be one we deliver to; none named: the customer's own
      throw unprocessable(`city: we do not deliver to '${input.city}'`);
    }
    return { order_id: placed.order_id, status: placed.status as OrderStatus, attachments: files.length };
  });
}

/**
 * A numeric column an order's figures go into overflowed (22003): its value (quantity x price,
 * kept in the sales figures, numeric(14, 2)) is more than they hold, e.g. 1,000,000 units at
 * 1,000,000. Each quantity and price is within its own bounds, so only the statement finds it;
 * nothing was written (it failed whole). Found by src/server/bad-input.property.test.ts.
 */
export const isOrderTooLarge = (err: unknown) => pgErrorCode(err) === '22003';
export const orderTooLarge = () =>
  unprocessable(
    'items: this order is too large to record (its total value is beyond what the sales figures hold); please split it into smaller orders',
  );

function checkStock(product: { name: string; available_units: number }, requested: number): void {
  if (product.available_units < requested) {
    throw conflict(
      `Not enough stock for ${product.name}: ${product.available_units} available, ${requested} requested`,
    );
  }
}

/** A delivery date from ORDER_LEAD_DAYS to MAX_SCHEDULE_DAYS_AHEAD days ahead (business time). */
export function checkScheduleDate(date: string, now: Date): void {
  if (!isRealDate(date)) throw unprocessable(`scheduleDate: '${date}' is not a real date`);
  const earliest = earliestScheduleDate(now);
  if (date < earliest) {
    throw unprocessable(
      `scheduleDate: delivery must be at least ${ORDER_LEAD_DAYS} days ahead, on or after ${earliest}`,
    );
  }
  const latest = latestScheduleDate(now);
  if (date > latest) {
    throw unprocessable(
      `scheduleDate: delivery can be at most ${MAX_SCHEDULE_DAYS_AHEAD} days ahead, on or before ${latest}`,
    );
  }
}

/**
 * One page of the list and its total. A text search first resolves to the customers and
 * products it names, so the page and the count read orders alone. `after` (an order id, the
 * last row of the previous page) continues from there by keyset instead of by offset.
 */
/** Who may see which orders and what the filter asks, with the orders a text search matches. */
async function filterOf(ctx: AppContext, user: AuthUser, query: Pick<OrderListQuery, 'status' | 'q'>) {
  const filter: q.OrderFilter = { ...scopeOf(user), status: query.status, q: query.q };
  const text = query.q?.trim();
  const match =
    text && q.orderNumberOf(text) === null ? await q.resolveTextMatch(ctx.db, text, filter) : null;
  return { filter, match };
}

export async function listOrdersPage(ctx: AppContext, user: AuthUser, query: OrderListQuery) {
  const { filter, match } = await filterOf(ctx, user, query);
  if (query.after !== undefined && !(await q.findCursor(ctx.db, query.after, filter))) {
    throw unprocessable(`after: order ${query.after} is not in this list`);
  }
  const offset = (query.page - 1) * query.page_size;
  const page = () =>
    query.after === undefined
      ? q.listOrders(ctx.db, filter, query.page_size, offset, { match, now: ctx.clock() })
      : q.listOrders(ctx.db, filter, query.page_size, 0, { match, after: query.after, now: ctx.clock() });
  if (query.after === undefined && q.countReadsOrders(filter, match)) {
    // a count that reads orders (up to the cap) is not asked when the page already tells the
    // total: a page that is not full, reached by offset (a search matching a few of a big
    // customer's orders, or none, would otherwise read them all twice)
    const rows = await page();
    if (rows.length < query.page_size && (rows.length > 0 || offset === 0)) {
      return { total: offset + rows.length, capped: false, rows };
    }
    const count = await q.countOrders(ctx.db, filter, match);
    return { total: count.total, capped: count.capped, rows };
  }
  const [count, rows] = await Promise.all([q.countOrders(ctx.db, filter, match), page()]);
  return { total: count.total, capped: count.capped, rows };
}

/** Orders per batch of the CSV export. */
export const EXPORT_BATCH = 1_000;

/**
 * The filtered order list for the CSV export, newest first, at most `limit` orders, a batch at a
 * time by keyset (the list's `after=`), each read when the client has taken the one before
 * (decision 0042). No count: the export sends none.
 */
export async function* exportOrderBatches(
  ctx: AppContext,
  user: AuthUser,
  query: Pick<OrderListQuery, 'status' | 'q'>,
  limit: number,
  batch = EXPORT_BATCH,
): AsyncGenerator<q.OrderSummaryRow[]> {
  const { filter, match } = await filterOf(ctx, user, query);
  let after: number | undefined;
  for (let sent = 0; sent < limit; ) {
    const size = Math.min(batch, limit - sent);
    const rows = await q.listOrders(ctx.db, filter, size, 0, { match, after, now: ctx.clock() });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    sent += rows.length;
    after = rows.at(-1)!.order_id;
  }
}

const toCents = (n: number) => Math.round(n * 100);

/** An item failed before is back at the store while its order is; on a truck again it is pending. */
function itemState(i: Awaited<ReturnType<typeof q.findOrderItems>>[number], status: OrderStatus): ItemState {
  if (i.delivered_at !== null) return 'delivered';
  if (i.returned_at !== null) return 'returned';
  return i.failed_at !== null && status === 'Scheduled' ? 'awaiting_redelivery' : 'pending';
}

export async function getOrderDetail(
  db: Executor,
  user: AuthUser,
  orderId: number,
  now: Date = new Date(),
): Promise<OrderDetail> {
  const header = await q.findOrderHeader(db, orderId, scopeOf(user));
  if (!header) throw notFound(`Order ${orderId} not found`);
  const [rows, history, legs, delivery, attachments, receipts, changes, failures] = await Promise.all([
    q.findOrderItems(db, orderId),
    q.findStatusHistory(db, orderId, header.customer_id),
    q.findTrainLegs(db, orderId),
    q.findTruckDelivery(db, orderId),
    q.findAttachments(db, orderId),
    findReceipts(db, orderId),
    findOrderChanges(db, orderId, header.customer_id),
    q.findDeliveryFailures(db, orderId),
  ]);
  const items = rows.map((i) => ({
    product_id: i.product_id,
    product_name: i.product_name,
    quantity: i.quantity,
    unit_price: i.unit_price,
    line_total: i.line_total,
    state: itemState(i, header.status),
    delivered_at: i.delivered_at,
    last_failure:
      i.failed_at === null
        ? null
        : {
            reason: i.failure_reason!,
            note: i.failure_note,
            failed_at: i.failed_at,
            delivery_id: i.failed_on!,
          },
    returned_at: i.returned_at,
    credit: i.credit ?? 0,
  }));
  const subtotal = Math.round(items.reduce((sum, i) => sum + i.line_total, 0) * 100) / 100;
  const total = Math.round((subtotal + header.delivery_fee) * 100) / 100;
  const delivered = items.filter((i) => i.state === 'delivered').length;
  const returned = items.filter((i) => i.state === 'returned');
  const facts = {
    status: header.status,
    items: items.length,
    delivered,
    returned: returned.length,
    failed: header.status === 'Scheduled' && items.some((i) => i.state === 'awaiting_redelivery'),
    lastArrival:
      legs.length === 0
        ? null
        : new Date(
            legs
              .map((l) => l.arrival_date_time)
              .sort()
              .at(-1)!,
          ),
    city: header.customer_city || null,
  };
  const progress = customerProgress(facts, now);
  // the items sent back, and the delivery fee when nothing at all was delivered (decision 0058)
  const creditCents =
    returned.reduce((sum, i) => sum + toCents(i.credit), 0) +
    (returned.length > 0 && delivered === 0 ? toCents(header.delivery_fee) : 0);
  return {
    order_id: header.order_id,
    customer_id: header.customer_id,
    customer_name: header.customer_name,
    customer_city: header.customer_city,
    order_date: header.order_date,
    schedule_date: header.schedule_date,
    status: header.status,
    delivery_address: header.delivery_address || header.customer_address,
    special_instructions: header.special_instructions,
    delivery_date_time: header.delivered_at ?? delivery?.delivery_date_time ?? null,
    delivery_status: delivery?.status ?? null,
    items,
    subtotal,
    delivery_fee: header.delivery_fee,
    total,
    train_legs: legs,
    truck_delivery: delivery,
    history,
    changes,
    attachments,
    receipts,
    status_label: progress.label,
    customer_stage: progress.stage,
    next_step: nextStep(facts, progress),
    delivery_failures: failures,
    returned_at:
      returned
        .map((i) => i.returned_at!)
        .sort()
        .at(-1) ?? null,
    credit: creditCents / 100,
    // a cancelled order owes nothing (one sent back with nothing delivered is credited in full)
    amount_due: header.status === 'Cancelled' ? 0 : (toCents(total) - creditCents) / 100,
  };
}

export async function customerStats(ctx: AppContext, user: AuthUser) {
  const scope = scopeOf(user);
  const [counts, recent] = await Promise.all([
    q.statusCounts(ctx.db, scope),
    q.listOrders(ctx.db, { ...scope }, 5, 0, { now: ctx.clock() }),
  ]);
  const statusCountMap: Record<string, number> = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0]));
  for (const row of counts) statusCountMap[row.status] = row.n;
  const sum = (statuses: readonly string[]) => statuses.reduce((n, s) => n + (statusCountMap[s] ?? 0), 0);
  return {
    total_orders: sum(ORDER_STATUSES),
    active_orders: sum(ACTIVE_ORDER_STATUSES),
    delivered_orders: statusCountMap.Delivered ?? 0,
    status_counts: statusCountMap,
    recent_orders: recent,
  };
}

/** An attachment to download: a stream from its file, or the bytes of a row not yet moved to one. */
export async function openAttachment(ctx: AppContext, user: AuthUser, orderId: number, attachmentId: number) {
  const header = await q.findOrderHeader(ctx.db, orderId, scopeOf(user));
  if (!header) throw notFound(`Order ${orderId} not found`);
  const row = await findAttachmentFile(ctx.db, orderId, attachmentId);
  if (!row) throw notFound(`Attachment ${attachmentId} not found on order ${orderId}`);
  const body = row.storageKey ? await ctx.files.open(row.storageKey) : row.data && Buffer.from(row.data);
  if (!body) throw notFound(`The file of attachment ${attachmentId} is no longer stored`);
  return { fileName: row.fileName, contentType: row.contentType, sizeBytes: row.sizeBytes, body };
}

/**
 * The language of an order's invoice: the customer's (issue 26, decision 0082), whoever downloads
 * it; the signed-in customer's own choice first, else the one its logins chose (English if none).
 */
export async function invoiceLanguage(db: Executor, user: AuthUser, customerId: number): Promise<Language> {
  if (user.customerId === customerId && user.language) return user.language;
  const res = await db.execute<{ language: Language | null }>(
    sql`select ${recipientLanguage('customer_id', sql`${customerId}::int`)} as language`,
  );
  return res.rows[0]?.language ?? 'en';
}
