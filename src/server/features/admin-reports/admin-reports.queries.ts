import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { Period } from '#server/http/report-route';
import { asciiJson } from '#server/http/serializer';
import { NEAR_FULL_PERCENT } from '#shared/constants';

/** A half-open span of instants [from, before). */
export interface Span {
  from: Date;
  before: Date;
}

const days = (p: Period) => sql`sales_date between ${p.from} and ${p.to}`;

/** Orders and revenue per month and customer type (sales rollup) with the customers who ordered. */
export async function revenueByMonthAndType(db: Executor, p: Period) {
  const res = await db.execute<{
    month: string;
    customer_type: string;
    order_count: number;
    total_revenue: number;
    unique_customers: number;
  }>(
    sql`with s as (
          select date_trunc('month', sales_date)::date as month, customer_type,
                 sum(orders)::int as order_count, sum(revenue + fees)::float8 as total_revenue
            from sales_daily where ${days(p)} group by 1, 2),
        c as (
          select month, customer_type, count(*)::int as n from customer_months
           where month between date_trunc('month', ${p.from}::date) and ${p.to}::date group by 1, 2)
        select to_char(s.month, 'YYYY-MM') as month, s.customer_type, s.order_count, s.total_revenue,
               coalesce(c.n, 0) as unique_customers
          from s left join c on c.month = s.month and c.customer_type = s.customer_type
         where s.order_count > 0
         order by s.month, s.customer_type`,
  );
  return res.rows;
}

export async function salesByQuarter(db: Executor, p: Period) {
  const res = await db.execute<{
    quarter: string;
    orders: number;
    units: number;
    space: number;
    goods_revenue: number;
    delivery_fees: number;
  }>(
    sql`select to_char(sales_date, 'YYYY-"Q"Q') as quarter, sum(orders)::int as orders, sum(units)::int as units,
               sum(space)::float8 as space, sum(revenue)::float8 as goods_revenue, sum(fees)::float8 as delivery_fees
          from sales_daily where ${days(p)}
         group by 1 having sum(orders) > 0 order by 1`,
  );
  return res.rows;
}

export async function topItems(db: Executor, p: Period, limit: number) {
  const res = await db.execute<{
    product_id: number;
    product_name: string;
    category: string;
    units: number;
    orders: number;
    revenue: number;
  }>(
    sql`select p.product_id, p.name as product_name, p.category, s.units, s.orders, s.revenue
          from (select product_id, sum(units)::int as units, sum(order_count)::int as orders,
                       sum(revenue)::float8 as revenue
                  from product_sales_daily where ${days(p)} group by product_id) s
          join products p on p.product_id = s.product_id
         where s.units > 0
         order by s.units desc, s.revenue desc, p.name limit ${limit}`,
  );
  return res.rows;
}

export async function salesByCity(db: Executor, p: Period) {
  const res = await db.execute<{ city: string; orders: number; units: number; total_revenue: number }>(
    sql`select coalesce(ci.name, 'No destination city') as city, s.orders, s.units, s.total_revenue
          from (select city_id, sum(orders)::int as orders, sum(units)::int as units,
                       sum(revenue + fees)::float8 as total_revenue
                  from sales_daily where ${days(p)} group by city_id) s
          left join cities ci on ci.city_id = s.city_id
         where s.orders > 0
         order by s.total_revenue desc, city`,
  );
  return res.rows;
}

export async function salesByRoute(db: Executor, p: Period) {
  const res = await db.execute<{
    route: string;
    city: string;
    orders: number;
    units: number;
    total_revenue: number;
  }>(
    sql`select coalesce(r.name, 'No route') as route, coalesce(rc.name, c2.name, '') as city,
               s.orders, s.units, s.total_revenue
          from (select route_id, min(city_id) as city_id, sum(orders)::int as orders, sum(units)::int as units,
                       sum(revenue + fees)::float8 as total_revenue
                  from sales_daily where ${days(p)} group by route_id) s
          left join routes r on r.route_id = s.route_id
          left join stores st on st.store_id = r.store_id
          left join cities rc on rc.city_id = st.city_id
          left join cities c2 on c2.city_id = s.city_id
         where s.orders > 0
         order by s.total_revenue desc, route`,
  );
  return res.rows;
}

/** Trips departing in the span, with the orders booked on each (train_allocations_trip_idx). */
export async function tripsInSpan(db: Executor, span: Span) {
  const res = await db.execute<{
    train_trip_id: number;
    train_name: string;
    departure_city: string;
    arrival_city: string;
    departure_date_time: string;
    total_capacity: number;
    used_capacity: number;
    orders_count: number;
  }>(
    sql`select t.train_trip_id, t.train_name, dc.name as departure_city, ac.name as arrival_city,
               ${isoTimestamp('t.departure_date_time')} as departure_date_time,
               t.total_capacity::float8 as total_capacity, t.used_capacity::float8 as used_capacity,
               -- an order is booked on a trip at most once (unique (order_id, train_trip_id)), so its
               -- orders are its allocations: counted from the trip's index alone (decision 0048)
               (select count(*) from train_allocations a where a.train_trip_id = t.train_trip_id)::int as orders_count
          from train_trips t
          join cities dc on dc.city_id = t.departure_city_id
          join cities ac on ac.city_id = t.arrival_city_id
         where t.departure_date_time >= ${span.from.toISOString()} and t.departure_date_time < ${span.before.toISOString()}
         order by t.departure_date_time, t.train_trip_id`,
  );
  return res.rows;
}

/**
 * The utilisation of a trip in tenths of a percent, as `round(used / total * 100, 1) * 10` of
 * period.ts computes it in JS (the same double operations: the numeric(10, 2) columns as float8,
 * divided, times 100, times 10; then Math.round, which is the floor plus one when the fraction is
 * at least a half: exact for these non-negative doubles, unlike floor(x + 0.5) or PostgreSQL's
 * round(float8), which rounds half to even). 0 when the trip has no capacity.
 */
export const utilizationTenths = (used: SQL, total: SQL): SQL => {
  const x = sql`(${used}::float8 / ${total}::float8 * 100 * 10)`;
  return sql`(case when ${total} > 0 then floor(${x}) + case when ${x} - floor(${x}) >= 0.5 then 1 else 0 end else 0 end)::bigint`;
};

/** Tenths (a non-negative bigint) as the JS number tenths / 10 is written: 12, 12.3, 0.5. */
export const tenthsText = (tenths: SQL): SQL =>
  sql`((${tenths}) / 10)::text || case when (${tenths}) % 10 = 0 then '' else '.' || ((${tenths}) % 10)::text end`;

/**
 * A numeric(10, 2) as JSON writes the float8 the API reads for it: the decimal without trailing
 * zeros (every decimal of at most 15 significant digits is the shortest text of its double).
 */
const numericJson = (column: string) => sql.raw(`trim_scale(${column})::text`);

/**
 * The train-capacity-utilization report's JSON answer written by PostgreSQL (decision 0051): each
 * row of `tripsInSpan`, in its order, exactly as the contract's compiled writer writes what
 * `trainCapacityRows` makes of it (fields in `trainCapacityRow`'s order, no spaces, texts through
 * to_json, numbers as JS writes them); characters outside ASCII are then escaped by `asciiJson`.
 * The server sends it as it is (RawJson) instead of parsing ~500 rows and writing them again.
 */
export async function trainCapacityJson(db: Executor, span: Span): Promise<string> {
  const tenths = sql`t.tenths`;
  const res = await db.execute<{ body: string }>(
    sql`select '[' || coalesce(string_agg(concat(
              '{"train_trip_id":', t.train_trip_id, ',"train_name":', to_json(t.train_name)::text,
              ',"departure_city":', to_json(dc.name)::text, ',"arrival_city":', to_json(ac.name)::text,
              ',"departure_date_time":"', ${isoTimestamp('t.departure_date_time')},
              '","total_capacity":', ${numericJson('t.total_capacity')},
              ',"used_capacity":', ${numericJson('t.used_capacity')},
              ',"utilization_percent":', ${tenthsText(tenths)},
              ',"orders_count":', (select count(*) from train_allocations a where a.train_trip_id = t.train_trip_id),
              ',"status":"', case when t.total_capacity > 0 and t.used_capacity >= t.total_capacity then 'Full'
                                 when ${tenths} > ${NEAR_FULL_PERCENT * 10} then 'Near Full' else 'On Schedule' end, '"}'),
            ',' order by t.departure_date_time, t.train_trip_id), '') || ']' as body
          from (select t.*, ${utilizationTenths(sql`t.used_capacity`, sql`t.total_capacity`)} as tenths
                  from train_trips t
                 where t.departure_date_time >= ${span.from.toISOString()} and t.departure_date_time < ${span.before.toISOString()}) t
          join cities dc on dc.city_id = t.departure_city_id
          join cities ac on ac.city_id = t.arrival_city_id`,
  );
  const body = res.rows[0]!.body;
  // as many UTF-8 bytes as characters: all ASCII, nothing to escape
  return Buffer.byteLength(body) === body.length ? body : asciiJson(body);
}

/** Assignments of each driver and assistant: in the span, in the week, and the latest one. */
export async function workload(db: Executor, span: Span, week: Span) {
  const within = (s: Span) =>
    sql`d.delivery_date_time >= ${s.from.toISOString()} and d.delivery_date_time < ${s.before.toISOString()}`;
  const res = await db.execute<{
    employee_id: number;
    first_name: string;
    last_name: string;
    employee_type: string;
    total_assignments: number;
    total_hours: number;
    assignments_this_week: number;
    last_assignment: string | null;
  }>(
    sql`with crew as (
          select employee_id, first_name, last_name, type from employees where type in ('Driver', 'Assistant')),
        work as (
          select c.employee_id, d.delivery_date_time, d.end_date_time
            from crew c join lateral (
              select d.delivery_date_time, d.end_date_time from deliveries d
               where (d.driver_employee_id = c.employee_id or d.assistant_employee_id = c.employee_id)
                 and (${within(span)} or ${within(week)})) d on true)
        select c.employee_id, c.first_name, c.last_name, c.type as employee_type,
               count(w.delivery_date_time) filter (where w.delivery_date_time >= ${span.from.toISOString()}
                                                      and w.delivery_date_time < ${span.before.toISOString()})::int as total_assignments,
               coalesce(sum(extract(epoch from w.end_date_time - w.delivery_date_time) / 3600)
                 filter (where w.delivery_date_time >= ${span.from.toISOString()}
                            and w.delivery_date_time < ${span.before.toISOString()}), 0)::float8 as total_hours,
               count(w.delivery_date_time) filter (where w.delivery_date_time >= ${week.from.toISOString()}
                                                      and w.delivery_date_time < ${week.before.toISOString()})::int as assignments_this_week,
               (select ${isoTimestamp('max(x.t)')} from (
                  (select delivery_date_time as t from deliveries where driver_employee_id = c.employee_id
                    order by delivery_date_time desc limit 1)
                  union all
                  (select delivery_date_time from deliveries where assistant_employee_id = c.employee_id
                    order by delivery_date_time desc limit 1)) x) as last_assignment
          from crew c left join work w on w.employee_id = c.employee_id
         group by c.employee_id, c.first_name, c.last_name, c.type
         order by total_hours desc, c.last_name, c.first_name`,
  );
  return res.rows;
}

/** Weekly hour limits of the crew (null: the type's default). */
export async function crewLimits(db: Executor) {
  const res = await db.execute<{ employee_id: number; weekly_hour_limit: number | null }>(
    sql`select employee_id, weekly_hour_limit::float8 as weekly_hour_limit from employees
         where type in ('Driver', 'Assistant')`,
  );
  return res.rows;
}

/** Scheduled hours per truck and business month, for the deliveries starting in the span. */
export async function truckMonths(db: Executor, span: Span) {
  const res = await db.execute<{
    month: string;
    truck_id: number;
    plate_number: string;
    deliveries: number;
    hours_used: number;
  }>(
    sql`select to_char(date_trunc('month', business_date(d.delivery_date_time)), 'YYYY-MM') as month,
               t.truck_id, t.plate_number, count(*)::int as deliveries,
               (sum(extract(epoch from d.end_date_time - d.delivery_date_time)) / 3600)::float8 as hours_used
          from deliveries d join trucks t on t.truck_id = d.truck_id
         where d.delivery_date_time >= ${span.from.toISOString()} and d.delivery_date_time < ${span.before.toISOString()}
         group by 1, t.truck_id, t.plate_number
         order by 1, t.plate_number`,
  );
  return res.rows;
}

export async function allTrucks(db: Executor) {
  const res = await db.execute<{ truck_id: number; plate_number: string }>(
    sql`select truck_id, plate_number from trucks order by plate_number`,
  );
  return res.rows;
}

/** Orders placed in the span, newest first, one customer's when given, with their truck delivery. */
export async function customerOrders(
  db: Executor,
  span: Span,
  customerId: number | undefined,
  limit: number,
) {
  const res = await db.execute<{
    order_id: number;
    customer_id: number;
    customer_name: string;
    order_date: string;
    schedule_date: string;
    status: string;
    items: number;
    order_total: number;
    delivery_id: number | null;
    plate_number: string | null;
    driver_name: string | null;
    delivery_date_time: string | null;
    delivered_at: string | null;
  }>(
    sql`select o.order_id, o.customer_id, c.name as customer_name, ${isoTimestamp('o.order_date')} as order_date,
               to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date, o.status,
               i.items, (i.goods + o.delivery_fee)::float8 as order_total,
               d.delivery_id, t.plate_number, trim(e.first_name || ' ' || e.last_name) as driver_name,
               ${isoTimestamp('d.delivery_date_time')} as delivery_date_time, ${isoTimestamp('o.delivered_at')} as delivered_at
          from (select * from orders o
                 where o.order_date >= ${span.from.toISOString()} and o.order_date < ${span.before.toISOString()}
                   ${customerId ? sql`and o.customer_id = ${customerId}` : sql``}
                 order by o.order_date desc, o.order_id desc limit ${limit}) o
          join customers c on c.customer_id = o.customer_id
          cross join lateral (select count(*)::int as items, coalesce(sum(quantity * unit_price), 0) as goods
                                from order_items where order_id = o.order_id) i
          left join delivery_orders x on x.order_id = o.order_id
          left join deliveries d on d.delivery_id = x.delivery_id
          left join trucks t on t.truck_id = d.truck_id
          left join employees e on e.employee_id = d.driver_employee_id
         order by o.order_date desc, o.order_id desc`,
  );
  return res.rows;
}
