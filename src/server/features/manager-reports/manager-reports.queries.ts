import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import { lateAfter } from '../dashboard/manager-stats.queries';

/**
 * The orders of each delivery through its primary key: `offset 0` keeps the planner from turning
 * this into a hash join over every delivery_orders row (a full scan at a million orders).
 */
const ordersOfDelivery = sql`cross join lateral (
    select x.order_id from delivery_orders x where x.delivery_id = d.delivery_id offset 0) x`;

/** A half-open span of instants [from, before). */
export interface Span {
  from: Date;
  before: Date;
}

/** Scheduled hours per truck for the deliveries starting in the span; every truck is listed. */
export async function truckHours(db: Executor, span: Span) {
  const res = await db.execute<{
    truckId: number;
    plate_number: string;
    store_city: string;
    deliveries: number;
    hours_used: number;
  }>(
    sql`select t.truck_id as "truckId", t.plate_number, ci.name as store_city,
          coalesce(u.deliveries, 0)::int as deliveries, coalesce(u.hours, 0)::float8 as hours_used
        from trucks t
        join stores s on s.store_id = t.store_id
        join cities ci on ci.city_id = s.city_id
        left join (select truck_id, count(*) as deliveries,
                          sum(extract(epoch from end_date_time - delivery_date_time)) / 3600 as hours
                   from deliveries
                   where delivery_date_time >= ${span.from.toISOString()} and delivery_date_time < ${span.before.toISOString()}
                   group by truck_id) u on u.truck_id = t.truck_id
        order by ci.name, t.plate_number`,
  );
  return res.rows;
}

/** Scheduled hours of every driver and assistant (active, or who worked in the span). */
export async function crewHours(db: Executor, span: Span) {
  const res = await db.execute<{
    employeeId: number;
    name: string;
    employee_type: string;
    deliveries: number;
    totalHours: number;
  }>(
    sql`with work as (
          select driver_employee_id as employee_id, end_date_time - delivery_date_time as length
            from deliveries
           where driver_employee_id is not null
             and delivery_date_time >= ${span.from.toISOString()} and delivery_date_time < ${span.before.toISOString()}
          union all
          select assistant_employee_id, end_date_time - delivery_date_time
            from deliveries
           where assistant_employee_id is not null
             and delivery_date_time >= ${span.from.toISOString()} and delivery_date_time < ${span.before.toISOString()}
        ), per_person as (
          select employee_id, count(*) as deliveries, sum(extract(epoch from length)) / 3600 as hours
            from work group by employee_id
        )
        select e.employee_id as "employeeId", trim(e.first_name || ' ' || e.last_name) as name,
               e.type as employee_type, coalesce(p.deliveries, 0)::int as deliveries,
               round(coalesce(p.hours, 0)::numeric, 2)::float8 as "totalHours"
          from employees e left join per_person p on p.employee_id = e.employee_id
         where e.type in ('Driver', 'Assistant') and (e.is_active or p.employee_id is not null)
         order by e.type desc, "totalHours" desc, e.last_name, e.first_name`,
  );
  return res.rows;
}

/** Where a batch of deliveredOrders starts: after this delivery (its start, as PostgreSQL's text). */
export interface DeliveryKey {
  time: string;
  deliveryId: number;
}

/**
 * The orders on deliveries starting in the span, latest delivery first. A page of orders when
 * `limit` is set; a batch of `deliveries` whole deliveries after `after` (keyset, for the CSV
 * download: each batch is one short statement from deliveries_time_idx, however deep).
 */
export async function deliveredOrders(
  db: Executor,
  span: Span,
  page: { limit?: number; offset?: number; deliveries?: number; after?: DeliveryKey } = {},
) {
  const { after } = page;
  const res = await db.execute<{
    delivery_id: number;
    order_id: number;
    customer_name: string;
    status: string;
    delivered_at: string | null;
    start: string;
    late_after: string;
    schedule_date: string;
    route_name: string;
    delivery_key: string;
  }>(
    sql`with d as (
          select d.delivery_id, d.delivery_date_time, d.status, d.route_id
            from deliveries d
           where d.delivery_date_time >= ${span.from.toISOString()} and d.delivery_date_time < ${span.before.toISOString()}
           ${
             after
               ? sql`and d.delivery_date_time <= ${after.time}::timestamptz
                     and (d.delivery_date_time < ${after.time}::timestamptz or d.delivery_id < ${after.deliveryId})`
               : sql``
           }
           order by d.delivery_date_time desc, d.delivery_id desc
           ${page.deliveries === undefined ? sql`` : sql`limit ${page.deliveries}`})
        select d.delivery_id, o.order_id, c.name as customer_name, d.status,
          ${isoTimestamp('o.delivered_at')} as delivered_at, ${isoTimestamp('d.delivery_date_time')} as start,
          to_char(${lateAfter('o.schedule_date')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as late_after,
          to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date, r.name as route_name,
          d.delivery_date_time::text as delivery_key
        from d
        ${ordersOfDelivery}
        join orders o on o.order_id = x.order_id
        join customers c on c.customer_id = o.customer_id
        join routes r on r.route_id = d.route_id
        order by d.delivery_date_time desc, d.delivery_id desc, o.order_id
        ${page.limit === undefined ? sql`` : sql`limit ${page.limit}`}
        ${page.offset ? sql`offset ${page.offset}` : sql``}`,
  );
  return res.rows;
}

/**
 * Orders per performance status (the same rule as performance() in manager-reports.ts), and the
 * hours by which the late ones are late, summed.
 */
export async function performanceCounts(db: Executor, span: Span, now: Date) {
  const res = await db.execute<{
    performance_status: 'On Time' | 'Late' | 'Pending';
    orders: number;
    delay_hours: number;
  }>(
    sql`select case when o.delivered_at is not null and o.delivered_at < ${lateAfter('o.schedule_date')} then 'On Time'
                    when coalesce(o.delivered_at, ${now.toISOString()}::timestamptz) >= ${lateAfter('o.schedule_date')} then 'Late'
                    else 'Pending' end as performance_status,
               count(*)::int as orders,
               coalesce(sum(greatest(0, extract(epoch from coalesce(o.delivered_at, ${now.toISOString()}::timestamptz)
                 - ${lateAfter('o.schedule_date')}))), 0)::float8 / 3600 as delay_hours
        from deliveries d
        ${ordersOfDelivery}
        join orders o on o.order_id = x.order_id
        where d.delivery_date_time >= ${span.from.toISOString()} and d.delivery_date_time < ${span.before.toISOString()}
        group by 1`,
  );
  return res.rows;
}
