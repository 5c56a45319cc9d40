import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { isoTimestamp } from '#server/db/sql-helpers';
import { TRUCK_HOURS_PER_DAY } from '#shared/constants';

/** A half-open span of instants [from, before). */
export interface Span {
  from: Date;
  before: Date;
}

const within = (column: string, span: Span) =>
  sql`${sql.raw(column)} >= ${span.from.toISOString()} and ${sql.raw(column)} < ${span.before.toISOString()}`;

/**
 * Every admin-stats figure but the order counts in one statement (one round trip): users signed
 * in since `activeSince`, train load and truck hours of the window, crew on a delivery this week.
 */
export async function headline(db: Executor, activeSince: Date, window: Span, week: Span) {
  const days = (window.before.getTime() - window.from.getTime()) / 86_400_000;
  const res = await db.execute<{
    active_users: number;
    train_used: number;
    train_total: number;
    truck_used: number;
    truck_available: number;
    staff_active: number;
  }>(
    sql`select
          (select count(*) from users where deleted_at is null and is_active
              and last_login_at >= ${activeSince.toISOString()})::int as active_users,
          t.used as train_used, t.total as train_total,
          coalesce((select sum(extract(epoch from end_date_time - delivery_date_time)) / 3600
                      from deliveries where ${within('delivery_date_time', window)}), 0)::float8 as truck_used,
          ((select count(*) from trucks where status <> 'Under Repair') * ${days * TRUCK_HOURS_PER_DAY})::float8 as truck_available,
          (select count(distinct e) from (
              select unnest(array[driver_employee_id, assistant_employee_id]) as e from deliveries
               where ${within('delivery_date_time', week)}) x where e is not null)::int as staff_active
        from (select coalesce(sum(used_capacity), 0)::float8 as used, coalesce(sum(total_capacity), 0)::float8 as total
                from train_trips where ${within('departure_date_time', window)}) t`,
  );
  return res.rows[0]!;
}

/**
 * Orders per status from the order counters (migration 0006, decision 0010): the folded counts of
 * all customers (customer_id 0) plus the deltas not folded yet, in one statement.
 */
export async function orderCounts(db: Executor) {
  const res = await db.execute<{ status: string; n: number }>(
    sql`select status, sum(n)::int as n from (
          select status, n from order_counts where customer_id = 0
          union all
          select status, delta from order_count_deltas) x
        group by status`,
  );
  return res.rows;
}

/**
 * Every figure of the admin chart in one prepared statement (decision 0051), as rows of a kind:
 * - `sales`: revenue (goods + fees) and orders per month and customer type from the sales rollup,
 *   in month and type order; the month is truncated as a timestamp without time zone and
 *   written once per group (not to_char of a timestamptz per rollup row);
 * - `previous`: the revenue of the period before (`previous`, both days included);
 * - `clients`: customers who ordered, per month (customer_months), from `clientsFrom` (the first
 *   month of the period whose count the service does not already know: settledClients in
 *   admin-dashboard.service.ts); `new`: customer records created per business month; `logins`:
 *   customer logins created per month (all months, for the running total).
 * One round trip and one plan kept by each pooled connection: its generic plan is the same bitmap and
 * index-only scans for any period (checked with force_generic_plan on the 1M copy).
 */
export async function chartFigures(
  db: Executor,
  period: { from: string; to: string },
  previous: { from: string; to: string },
  clientsFrom: string,
) {
  const from = sql`${period.from}::date`;
  const to = sql`${period.to}::date`;
  const res = await db.execute<{
    kind: 'sales' | 'previous' | 'clients' | 'new' | 'logins';
    month: string | null;
    customer_type: string | null;
    revenue: number | null;
    n: number | null;
  }>(
    prepared(sql`select kind, month, customer_type, revenue, n from (
          select 'sales' as kind, to_char(m, 'YYYY-MM') as month, customer_type, revenue, n from (
            select date_trunc('month', sales_date::timestamp) as m, customer_type,
                   sum(revenue + fees)::float8 as revenue, sum(orders)::int as n
              from sales_daily where sales_date between ${from} and ${to}
             group by 1, 2) s
          union all
          select 'previous', null, null, coalesce(sum(revenue + fees), 0)::float8, null from sales_daily
           where sales_date between ${previous.from}::date and ${previous.to}::date
          union all
          select 'clients', to_char(month, 'YYYY-MM'), null, null, count(*)::int from customer_months
           where month between ${clientsFrom}::date and ${to} group by month
          union all
          select 'new', to_char(business_date(created_at), 'YYYY-MM'), null, null, count(*)::int from customers
           where created_at >= ${from} - 1 and created_at < ${to} + 2
             and business_date(created_at) between date_trunc('month', ${from}::timestamp)::date and ${to}
           group by 2
          union all
          select 'logins', to_char(business_date(created_at), 'YYYY-MM'), null, null, count(*)::int from users
           where customer_id is not null and deleted_at is null group by 2) x
        order by kind, month, customer_type`),
  );
  return res.rows;
}

export async function stockAlerts(db: Executor, limit: number) {
  const res = await db.execute<{
    product_id: number;
    name: string;
    available_units: number;
    reorder_point: number;
    since: string | null;
  }>(
    sql`select product_id, name, available_units, reorder_point, ${isoTimestamp('last_moved_at')} as since
        from products where available_units = 0 or available_units < reorder_point
        order by available_units = 0 desc, available_units::float8 / greatest(reorder_point, 1), name
        limit ${limit}`,
  );
  return res.rows;
}

/** In Transit deliveries past their end, and Scheduled ones whose whole slot passed unstarted. */
export async function troubledDeliveries(db: Executor, now: Date, limit: number) {
  const res = await db.execute<{
    id: number;
    status: string;
    route_name: string;
    plate_number: string;
    start: string;
    end: string;
  }>(
    sql`select d.delivery_id as id, d.status, r.name as route_name, t.plate_number,
               ${isoTimestamp('d.delivery_date_time')} as start, ${isoTimestamp('d.end_date_time')} as end
        from deliveries d join routes r on r.route_id = d.route_id join trucks t on t.truck_id = d.truck_id
        where d.status in ('Scheduled', 'In Transit') and d.end_date_time < ${now.toISOString()}
        order by d.end_date_time desc limit ${limit}`,
  );
  return res.rows;
}
