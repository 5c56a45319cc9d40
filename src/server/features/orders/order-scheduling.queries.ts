import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { stockMovements, trainAllocations } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { OrderStatus } from '#shared/order-status';

export type SchedulingOrder = {
  order_id: number;
  status: OrderStatus;
  city_id: number | null;
  city_name: string | null;
  schedule_date: string;
  route_id: number | null;
  /** Space the order needs, in hundredths, rounded up: sum(quantity x space per unit) (order_lines_space()). */
  space_cents: number;
};

/** The order as allocation sees it; with `lock`, its row is locked first. */
export async function findSchedulingOrder(
  db: Executor,
  orderId: number,
  lock: boolean,
): Promise<SchedulingOrder | undefined> {
  const res = await db.execute<SchedulingOrder>(
    sql`select o.order_id, o.status, o.city_id, ci.name as city_name,
          to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date, o.route_id,
          -- its lines' space (order_lines_space, migrations/0043) in hundredths; float8, not int: an
          -- order's space in cents can be past int's range (1,000,000 units x 1,000 space); it is
          -- then refused for the space no trip has, not for the cast
          (select coalesce(l.space * 100, 0)::float8 from order_lines_space(o.order_id) l) as space_cents
        from orders o left join cities ci on ci.city_id = o.city_id
        where o.order_id = ${orderId}
        ${lock ? sql`for update of o` : sql``}`,
  );
  return res.rows[0];
}

export type AllocationRow = {
  train_trip_id: number;
  train_name: string;
  departure_date_time: string;
  arrival_date_time: string;
  allocated_space: number;
};

export async function orderAllocations(db: Executor, orderId: number): Promise<AllocationRow[]> {
  const res = await db.execute<AllocationRow>(
    sql`select t.train_trip_id, t.train_name,
          ${isoTimestamp('t.departure_date_time')} as departure_date_time,
          ${isoTimestamp('t.arrival_date_time')} as arrival_date_time, a.space::float8 as allocated_space
        from train_allocations a join train_trips t on t.train_trip_id = a.train_trip_id
        where a.order_id = ${orderId}
        order by t.departure_date_time, t.train_trip_id`,
  );
  return res.rows;
}

export async function insertAllocations(
  db: Executor,
  rows: Array<{ orderId: number; trainTripId: number; space: number; createdBy: number; createdAt: Date }>,
) {
  if (rows.length > 0) await db.insert(trainAllocations).values(rows);
}

/** Locks the trips an order is booked on, in id order, before their space is released. */
export async function lockTripsOfOrder(db: Executor, orderId: number) {
  await db.execute(
    sql`select train_trip_id from train_trips
        where train_trip_id in (select train_trip_id from train_allocations where order_id = ${orderId})
        order by train_trip_id for update`,
  );
}

export async function deleteAllocations(db: Executor, orderId: number) {
  await db.execute(sql`delete from train_allocations where order_id = ${orderId}`);
}

/** The delivery an order is loaded on, if any. */
export async function findOrderDelivery(db: Executor, orderId: number) {
  const res = await db.execute<{ delivery_id: number }>(
    sql`select delivery_id from delivery_orders where order_id = ${orderId}`,
  );
  return res.rows[0]?.delivery_id ?? null;
}

export async function lockDeliveryRow(db: Executor, deliveryId: number) {
  await db.execute(sql`select 1 from deliveries where delivery_id = ${deliveryId} for update`);
}

export async function unloadOrder(db: Executor, orderId: number) {
  await db.execute(sql`delete from delivery_orders where order_id = ${orderId}`);
}

/**
 * Locks the order's products (FOR NO KEY UPDATE, id order as placing locks them) before its
 * status changes: the sales rollup's space of a cancelled order is taken off at the space per
 * unit read then, which an edit of the product may not change meanwhile (migration 0039).
 */
export async function lockProductsOfOrder(db: Executor, orderId: number) {
  await db.execute(
    sql`select 1 from order_items i join products p using (product_id)
         where i.order_id = ${orderId} order by i.product_id for no key update of p`,
  );
}

/**
 * Gives the order's reserved units back to stock. The products are locked first, in id order as
 * placing locks them, so the ledger rows get their ids in lock order (the running balances and
 * `seq` follow the ids; decision 0031).
 */
export async function returnStock(db: Executor, orderId: number, userId: number | null, note: string | null) {
  const res = await db.execute<{ product_id: number; quantity: number }>(
    sql`select i.product_id, i.quantity from order_items i join products p using (product_id)
         where i.order_id = ${orderId} order by i.product_id for no key update of p`,
  );
  if (res.rows.length === 0) return;
  await db.insert(stockMovements).values(
    res.rows.map((r) => ({
      productId: r.product_id,
      delta: r.quantity,
      reason: 'order_cancelled' as const,
      orderId,
      note,
      createdBy: userId,
    })),
  );
}
