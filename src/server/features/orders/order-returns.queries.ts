import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { orderItemReturns, stockMovements } from '#server/db/schema';

/** The order's items neither delivered nor sent back yet, with their price (the order row locked before). */
export async function undeliveredLines(db: Executor, orderId: number) {
  const res = await db.execute<{
    product_id: number;
    product_name: string;
    quantity: number;
    unit_price: number;
  }>(
    sql`select i.product_id, p.name as product_name, i.quantity, i.unit_price::float8 as unit_price
        from order_items i join products p on p.product_id = i.product_id
        where i.order_id = ${orderId}
          and not exists (select 1 from item_confirmations c where c.order_id = i.order_id and c.product_id = i.product_id)
          and not exists (select 1 from order_item_returns r where r.order_id = i.order_id and r.product_id = i.product_id)
        order by i.product_id`,
  );
  return res.rows;
}

/** How many of the order's items were delivered, and when the last one was handed over (ISO, to the millisecond). */
export async function deliveredSoFar(db: Executor, orderId: number) {
  const res = await db.execute<{ n: number; last: string | null }>(
    sql`select count(*)::int as n, to_char(max(confirmed_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last
        from item_confirmations where order_id = ${orderId}`,
  );
  return res.rows[0] ?? { n: 0, last: null };
}

/** Whether a delivery of the order ever failed. */
export async function hasFailedDelivery(db: Executor, orderId: number): Promise<boolean> {
  const res = await db.execute<{ failed: boolean }>(
    sql`select exists (select 1 from delivery_failures where order_id = ${orderId}) as failed`,
  );
  return res.rows[0]?.failed ?? false;
}

export async function insertReturns(
  db: Executor,
  rows: Array<{ orderId: number; productId: number; quantity: number; credit: number; note: string | null }>,
  userId: number,
  at: Date,
) {
  if (rows.length === 0) return;
  await db.insert(orderItemReturns).values(rows.map((r) => ({ ...r, returnedBy: userId, returnedAt: at })));
}

/**
 * The units back into Kandy's stock through the ledger ('delivery_returned', with the order and
 * the note). The products are locked first, in id order as placing and cancelling lock them.
 */
export async function returnUnitsToStock(
  db: Executor,
  orderId: number,
  lines: Array<{ product_id: number; quantity: number }>,
  userId: number,
  note: string | null,
) {
  if (lines.length === 0) return;
  const ids = lines.map((l) => l.product_id).sort((a, b) => a - b);
  await db.execute(
    sql`select product_id from products where product_id = any(${`{${JSON.stringify(ids).slice(1, -1)}}`}::int[])
        order by product_id for no key update`,
  );
  await db.insert(stockMovements).values(
    [...lines]
      .sort((a, b) => a.product_id - b.product_id)
      .map((l) => ({
        productId: l.product_id,
        delta: l.quantity,
        reason: 'delivery_returned' as const,
        orderId,
        note,
        createdBy: userId,
      })),
  );
}
