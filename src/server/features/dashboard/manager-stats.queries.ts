import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import { lateAfter } from '#server/domain/on-time';
import { countersSum } from '#server/features/orders/index';

export { lateAfter };

const DAY_MS = 86_400_000;
const utcDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Orders delivered since `since` and how many on time, as rows to sum (`delivered`, `on_time`):
 * whole UTC days from the `delivered_days` rollup (migration 0014, decision 0037), the partial
 * first day and today from the orders themselves (orders_delivered_at_idx), so the sum is exact
 * at any instant while reading about 30 rollup rows and two days of index entries. The manager
 * dashboard and the landing page's public figures (decision 0052) both sum these rows.
 */
export function deliveredSinceRows(now: Date, since: Date): SQL {
  const firstDayEnd = new Date(utcDay(since).getTime() + DAY_MS);
  const today = utcDay(now);
  // [since, edgeEnd) and [tailStart, ...) from the orders; the whole days between from the rollup
  const edgeEnd = firstDayEnd < today ? firstDayEnd : today;
  const tailStart = since > today ? since : today;
  return sql`select delivered, on_time from delivered_days
               where day >= ${ymd(firstDayEnd)}::date and day < ${ymd(today)}::date
              union all
              select count(*), coalesce(sum(delivered_on_time(o.delivered_at, o.schedule_date)), 0)
                from orders o
               where o.delivered_at >= ${since.toISOString()} and o.delivered_at < ${edgeEnd.toISOString()}
              union all
              select count(*), coalesce(sum(delivered_on_time(o.delivered_at, o.schedule_date)), 0)
                from orders o
               where o.delivered_at >= ${tailStart.toISOString()}`;
}

/**
 * Headline counts, and orders delivered since `onTimeSince` and how many on time (deliveredSinceRows).
 * The Pending orders from the order counters (countersSum): counting them read 33,000 index
 * entries at 10M orders (the orders due in the coming days grow with the business), 5 of the
 * statement's 6 ms (docs/benchmarks.md).
 */
export async function headlineCounts(db: Executor, now: Date, onTimeSince: Date) {
  const res = await db.execute<{
    active_train_trips: number;
    active_truck_routes: number;
    pending_orders: number;
    delivered: number;
    on_time: number;
  }>(
    sql`select
          (select count(*) from train_trips where arrival_date_time > ${now.toISOString()})::int as active_train_trips,
          (select count(*) from deliveries where status in ('Scheduled', 'In Transit'))::int as active_truck_routes,
          (${countersSum(null, 'Pending')}) as pending_orders,
          coalesce(sum(r.delivered), 0)::int as delivered, coalesce(sum(r.on_time), 0)::int as on_time
        from (${deliveredSinceRows(now, onTimeSince)}) r`,
  );
  return res.rows[0]!;
}

/** The same figures counted live from the orders (tests compare the rollup with it). */
export async function deliveredSinceLive(db: Executor, onTimeSince: Date) {
  const res = await db.execute<{ delivered: number; on_time: number }>(
    sql`select count(*)::int as delivered,
               count(*) filter (where o.delivered_at < ${lateAfter('o.schedule_date')})::int as on_time
          from orders o
         where o.delivered_at is not null and o.delivered_at >= ${onTimeSince.toISOString()}`,
  );
  return res.rows[0]!;
}

export async function upcomingTrips(db: Executor, now: Date, limit: number) {
  const res = await db.execute<{
    id: number;
    train_name: string;
    arrival_city: string;
    date: string;
    total_capacity: number;
    used_capacity: number;
  }>(
    sql`select t.train_trip_id as id, t.train_name, ci.name as arrival_city,
          ${isoTimestamp('t.departure_date_time')} as date,
          t.total_capacity::float8 as total_capacity, t.used_capacity::float8 as used_capacity
        from train_trips t join cities ci on ci.city_id = t.arrival_city_id
        where t.departure_date_time > ${now.toISOString()}
        order by t.departure_date_time, t.train_trip_id limit ${limit}`,
  );
  return res.rows;
}

/** Pending orders, nearest requested date first (orders_status_schedule_idx). */
export async function pendingByDeadline(db: Executor, limit: number) {
  const res = await db.execute<{ id: number; customer: string; items: number; deadline: string }>(
    sql`select o.order_id as id, c.name as customer,
          (select count(*) from order_items i where i.order_id = o.order_id)::int as items,
          to_char(o.schedule_date, 'YYYY-MM-DD') as deadline
        from (select order_id, customer_id, schedule_date from orders where status = 'Pending'
              order by schedule_date, order_id limit ${limit}) o
        join customers c on c.customer_id = o.customer_id
        order by o.schedule_date, o.order_id`,
  );
  return res.rows;
}

/** Trips not yet departed that are booked above `percent`. */
export async function nearFullTrips(db: Executor, now: Date, percent: number, limit: number) {
  const res = await db.execute<{
    id: number;
    train_name: string;
    arrival_city: string;
    departure: string;
    used: number;
    total: number;
  }>(
    sql`select t.train_trip_id as id, t.train_name, ci.name as arrival_city,
          ${isoTimestamp('t.departure_date_time')} as departure,
          t.used_capacity::float8 as used, t.total_capacity::float8 as total
        from train_trips t join cities ci on ci.city_id = t.arrival_city_id
        where t.departure_date_time > ${now.toISOString()} and t.used_capacity * 100 > ${percent} * t.total_capacity
        order by t.departure_date_time limit ${limit}`,
  );
  return res.rows;
}

/** Open orders due between `from` and `to` (inclusive dates) with no train booked. */
export async function ordersWithoutTrain(db: Executor, from: string, to: string, limit: number) {
  const res = await db.execute<{ id: number; customer: string; deadline: string; status: string }>(
    sql`select o.order_id as id, c.name as customer, to_char(o.schedule_date, 'YYYY-MM-DD') as deadline, o.status
        from orders o join customers c on c.customer_id = o.customer_id
        where o.status in ('Pending', 'Scheduled') and o.schedule_date between ${from} and ${to}
          and not exists (select 1 from train_allocations a where a.order_id = o.order_id)
        order by o.schedule_date, o.order_id limit ${limit}`,
  );
  return res.rows;
}

/** Scheduled deliveries still to leave that lack a driver or an assistant. */
export async function deliveriesWithoutCrew(db: Executor, now: Date, limit: number) {
  const res = await db.execute<{
    id: number;
    route_name: string;
    start: string;
    has_driver: boolean;
    has_assistant: boolean;
  }>(
    sql`select d.delivery_id as id, r.name as route_name, ${isoTimestamp('d.delivery_date_time')} as start,
          d.driver_employee_id is not null as has_driver, d.assistant_employee_id is not null as has_assistant
        from deliveries d join routes r on r.route_id = d.route_id
        where d.status = 'Scheduled' and d.delivery_date_time > ${now.toISOString()}
          and (d.driver_employee_id is null or d.assistant_employee_id is null)
        order by d.delivery_date_time limit ${limit}`,
  );
  return res.rows;
}

/**
 * Orders back at the store after a failed or partly delivered delivery and not re-planned yet:
 * the open failures (delivery_failures.open, kept by triggers: migration 0030, decision 0058),
 * oldest first, from their partial index.
 */
export async function openDeliveryFailures(db: Executor, limit: number) {
  const res = await db.execute<{
    id: number;
    customer: string;
    delivery_id: number;
    failed_at: string;
    reason: string | null;
    delivered_items: number;
    failed_items: number;
    items_left: number;
    city: string | null;
  }>(
    sql`select f.order_id as id, c.name as customer, f.delivery_id, ${isoTimestamp('f.failed_at')} as failed_at,
          f.reason, f.delivered_items, f.failed_items,
          (select count(*) from order_items i where i.order_id = f.order_id
              and not exists (select 1 from item_confirmations ic where ic.order_id = i.order_id and ic.product_id = i.product_id))::int
            as items_left,
          ci.name as city
        from (select * from delivery_failures where open order by failed_at, failure_id limit ${limit}) f
        join orders o on o.order_id = f.order_id
        join customers c on c.customer_id = o.customer_id
        left join cities ci on ci.city_id = o.city_id
        order by f.failed_at, f.failure_id`,
  );
  return res.rows;
}
