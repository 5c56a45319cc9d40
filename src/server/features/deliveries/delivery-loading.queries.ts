import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { deliveryOrders } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { OrderStatus } from '#shared/order-status';

export type LoadCandidate = {
  order_id: number;
  status: OrderStatus;
  route_id: number | null;
  customer_name: string;
  delivery_address: string;
  schedule_date: string;
  /** The order's space on a truck (its train booking; see order_space() in migration 0004). */
  space: number;
  /** When its last train leg arrives at the store; null without a booking. */
  train_arrival: string | null;
  /** The delivery it is on already, if any. */
  delivery_id: number | null;
};

const candidateColumns = sql`o.order_id, o.status, o.route_id, c.name as customer_name,
  coalesce(nullif(o.delivery_address, ''), c.address) as delivery_address,
  to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date, order_space(o.order_id)::float8 as space,
  (select ${isoTimestamp('max(t.arrival_date_time)')} from train_allocations a
     join train_trips t on t.train_trip_id = a.train_trip_id where a.order_id = o.order_id) as train_arrival,
  x.delivery_id`;

/** The orders to put on a truck, their rows locked in id order (after the delivery's row). */
export async function lockLoadCandidates(db: Executor, orderIds: number[]): Promise<LoadCandidate[]> {
  if (orderIds.length === 0) return [];
  const res = await db.execute<LoadCandidate>(
    sql`select ${candidateColumns}
        from orders o join customers c on c.customer_id = o.customer_id
        left join delivery_orders x on x.order_id = o.order_id
        where o.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by o.order_id for update of o`,
  );
  return res.rows;
}

/** Approved orders of a route that are free or already on this delivery, by requested date. */
export async function routeCandidates(db: Executor, routeId: number, deliveryId: number, limit: number) {
  const res = await db.execute<LoadCandidate>(
    sql`select ${candidateColumns}
        from orders o join customers c on c.customer_id = o.customer_id
        left join delivery_orders x on x.order_id = o.order_id
        where o.route_id = ${routeId} and o.status = 'Scheduled'
          and (x.delivery_id is null or x.delivery_id = ${deliveryId})
        order by o.schedule_date, o.order_id
        limit ${limit}`,
  );
  return res.rows;
}

export async function loadedOrderIds(db: Executor, deliveryId: number): Promise<number[]> {
  const res = await db.execute<{ order_id: number }>(
    sql`select order_id from delivery_orders where delivery_id = ${deliveryId} order by order_id`,
  );
  return res.rows.map((r) => r.order_id);
}

export async function unloadOrders(db: Executor, deliveryId: number, orderIds: number[]) {
  if (orderIds.length === 0) return;
  await db.execute(
    sql`delete from delivery_orders where delivery_id = ${deliveryId} and order_id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

export async function loadOrders(db: Executor, deliveryId: number, orderIds: number[]) {
  if (orderIds.length === 0) return;
  await db.insert(deliveryOrders).values(orderIds.map((orderId) => ({ deliveryId, orderId })));
}
