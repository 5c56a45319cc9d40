import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { orderChanges, stockMovements } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { OrderChange } from '#shared/contract/orders';
import type { OrderStatus } from '#shared/order-status';

/** Numbers as one array parameter (a PostgreSQL array literal) of the given type. */
const arrayOf = (values: number[], type: 'int' | 'numeric') =>
  sql`${`{${JSON.stringify(values).slice(1, -1)}}`}::${sql.raw(type)}[]`;
const intArray = (ids: number[]) => arrayOf(ids, 'int');

export type OwnOrder = {
  order_id: number;
  status: OrderStatus;
  customer_name: string;
  schedule_date: string;
};

/**
 * Locks the customer's own order (ownership in the WHERE: another customer's order is not
 * found), the first lock of a customer's cancel or change, as of every writer of an order.
 */
export async function lockOwnOrder(db: Executor, orderId: number, customerId: number) {
  const res = await db.execute<OwnOrder>(
    sql`select o.order_id, o.status, c.name as customer_name,
          to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date
        from orders o join customers c on c.customer_id = o.customer_id
        where o.order_id = ${orderId} and o.customer_id = ${customerId}
        for update of o`,
  );
  return res.rows[0];
}

export type OrderLine = { product_id: number; quantity: number; unit_price: number };

/** The order's lines (one per product), in product order. */
export async function findOrderLines(db: Executor, orderId: number): Promise<OrderLine[]> {
  const res = await db.execute<OrderLine>(
    sql`select product_id, quantity, unit_price::float8 as unit_price from order_items
        where order_id = ${orderId} order by product_id`,
  );
  return res.rows;
}

export type LockedProduct = { product_id: number; name: string; available_units: number; unit_price: number };

/**
 * Locks the products whose units a change moves, in id order as placing and cancelling lock
 * them (decision 0031: the ledger rows get their ids in lock order), and reads their stock and
 * price under the lock. A product that does not exist is missing from the answer.
 */
export async function lockProducts(db: Executor, productIds: number[]): Promise<LockedProduct[]> {
  if (productIds.length === 0) return [];
  const res = await db.execute<LockedProduct>(
    sql`select product_id, name, available_units, unit_price::float8 as unit_price from products
        where product_id = any(${intArray(productIds)})
        order by product_id for no key update`,
  );
  return res.rows;
}

/** Writes the order's new lines: removed ones deleted, changed ones updated, new ones inserted. */
export async function writeLines(
  db: Executor,
  orderId: number,
  lines: {
    removed: number[];
    changed: Array<{ productId: number; quantity: number; unitPrice: number }>;
    added: Array<{ productId: number; quantity: number; unitPrice: number }>;
  },
) {
  if (lines.removed.length > 0) {
    await db.execute(
      sql`delete from order_items where order_id = ${orderId} and product_id = any(${intArray(lines.removed)})`,
    );
  }
  if (lines.changed.length > 0) {
    await db.execute(
      sql`update order_items i set quantity = x.quantity, unit_price = x.unit_price
          from unnest(${intArray(lines.changed.map((l) => l.productId))},
                      ${intArray(lines.changed.map((l) => l.quantity))},
                      ${arrayOf(
                        lines.changed.map((l) => l.unitPrice),
                        'numeric',
                      )})
               as x(product_id, quantity, unit_price)
          where i.order_id = ${orderId} and i.product_id = x.product_id`,
    );
  }
  if (lines.added.length > 0) {
    await db.execute(
      sql`insert into order_items (order_id, product_id, quantity, unit_price)
          select ${orderId}, x.product_id, x.quantity, x.unit_price
            from unnest(${intArray(lines.added.map((l) => l.productId))},
                        ${intArray(lines.added.map((l) => l.quantity))},
                        ${arrayOf(
                          lines.added.map((l) => l.unitPrice),
                          'numeric',
                        )})
                 as x(product_id, quantity, unit_price)
           order by x.product_id`,
    );
  }
}

/** Units reserved (negative delta) or given back (positive) by a change, in product id order. */
export async function insertChangeMovements(
  db: Executor,
  rows: Array<{ productId: number; delta: number; orderId: number; note: string; createdBy: number }>,
) {
  if (rows.length === 0) return;
  await db.insert(stockMovements).values(
    rows.map((r) => ({
      productId: r.productId,
      delta: r.delta,
      // the ledger's reasons: a reservation, or units an order gave back (decision 0063)
      reason: r.delta < 0 ? ('order_reserved' as const) : ('order_cancelled' as const),
      orderId: r.orderId,
      note: r.note,
      createdBy: r.createdBy,
    })),
  );
}

export async function setScheduleDate(db: Executor, orderId: number, scheduleDate: string, at: Date) {
  await db.execute(
    sql`update orders set schedule_date = ${scheduleDate}, updated_at = ${at.toISOString()}
        where order_id = ${orderId}`,
  );
}

export async function touchOrder(db: Executor, orderId: number, at: Date) {
  await db.execute(sql`update orders set updated_at = ${at.toISOString()} where order_id = ${orderId}`);
}

export async function insertOrderChange(db: Executor, values: typeof orderChanges.$inferInsert) {
  await db.insert(orderChanges).values(values);
}

/** The changes of an order, oldest first, with who made them and whether it was its customer. */
export async function findOrderChanges(
  db: Executor,
  orderId: number,
  customerId: number,
): Promise<OrderChange[]> {
  const res = await db.execute<OrderChange>(
    sql`select ${isoTimestamp('x.changed_at')} as changed_at, u.user_name as changed_by,
          coalesce(u.customer_id = ${customerId}, false) as by_customer,
          to_char(x.schedule_date_before, 'YYYY-MM-DD') as schedule_date_before,
          to_char(x.schedule_date_after, 'YYYY-MM-DD') as schedule_date_after, x.lines
        from order_changes x left join users u on u.user_id = x.changed_by
        where x.order_id = ${orderId} order by x.change_id`,
  );
  return res.rows;
}

export type DeliveryDefaultsRow = {
  customer_name: string;
  address: string;
  customer_city: string | null;
  last_address: string | null;
  last_city: string | null;
};

/**
 * The customer's sign-up address and city, and the delivery address and city of its latest
 * order with an address (the (customer, date) index, newest first: usually its first entry).
 */
export async function findDeliveryDefaults(db: Executor, customerId: number) {
  const res = await db.execute<DeliveryDefaultsRow>(
    sql`select c.name as customer_name, c.address, cc.name as customer_city,
          l.delivery_address as last_address, lc.name as last_city
        from customers c
        left join cities cc on cc.city_id = c.city_id and not cc.is_hub
        left join lateral (
          select o.delivery_address, o.city_id from orders o
           where o.customer_id = c.customer_id and o.delivery_address <> ''
           order by o.order_date desc, o.order_id desc limit 1) l on true
        left join cities lc on lc.city_id = l.city_id and not lc.is_hub
        where c.customer_id = ${customerId}`,
  );
  return res.rows[0];
}
