import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared } from '#server/db/prepared';
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
  /** The order's space on a truck (its train booking, or its items still to deliver; order_space(), migrations 0004, 0030, 0043). */
  space: number;
  /** When its last train leg arrives at the store; null without a booking. */
  train_arrival: string | null;
  /** The delivery it is on already, if any. */
  delivery_id: number | null;
};

// The order's space is order_space_of() (migrations/0043): order_space() as a one-row set, which
// the planner writes into this query (a scalar SQL function with subqueries would be called once
// per row, not inlined: about 12 us a row at 1M orders). The train bookings' arrival is read
// beside it (booked, joined by candidateJoins).
const candidateColumns = sql`o.order_id, o.status, o.route_id, c.name as customer_name,
  coalesce(nullif(o.delivery_address, ''), c.address) as delivery_address,
  to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date,
  os.space::float8 as space,
  ${isoTimestamp('booked.arrival')} as train_arrival,
  x.delivery_id`;
const candidateJoins = sql`join customers c on c.customer_id = o.customer_id
  left join delivery_orders x on x.order_id = o.order_id
  cross join lateral order_space_of(o.order_id) os
  left join lateral (select max(t.arrival_date_time) as arrival
                       from train_allocations a join train_trips t on t.train_trip_id = a.train_trip_id
                      where a.order_id = o.order_id) booked on true`;

/** The orders to put on a truck, their rows locked in id order (after the delivery's row). */
export async function lockLoadCandidates(db: Executor, orderIds: number[]): Promise<LoadCandidate[]> {
  if (orderIds.length === 0) return [];
  const res = await db.execute<LoadCandidate>(
    sql`select ${candidateColumns}
        from orders o ${candidateJoins}
        where o.order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by o.order_id for update of o`,
  );
  return res.rows;
}

/**
 * Approved orders of a route that are free or already on this delivery, by requested date. The
 * page of ids comes from the (route, date, id) index of Scheduled orders alone, in list order
 * (migrations/0026, decision 0054); only those orders are read. Prepared: the same plan for any
 * route and delivery (decision 0054).
 */
export async function routeCandidates(db: Executor, routeId: number, deliveryId: number, limit: number) {
  const res = await db.execute<LoadCandidate>(
    prepared(sql`select ${candidateColumns}
        from (select s.order_id from orders s
               where s.route_id = ${routeId} and s.status = 'Scheduled'
                 and not exists (select from delivery_orders y where y.order_id = s.order_id and y.delivery_id <> ${deliveryId})
               order by s.schedule_date, s.order_id
               limit ${literalCount(limit)}) page
        join orders o on o.order_id = page.order_id
        ${candidateJoins}
        order by o.schedule_date, o.order_id`),
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
