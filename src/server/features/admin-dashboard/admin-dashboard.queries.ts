import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
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

/** Revenue (goods + fees) and orders per month and customer type from the sales rollup. */
export async function monthlySales(db: Executor, from: string, to: string) {
  const res = await db.execute<{ month: string; customer_type: string; revenue: number; orders: number }>(
    sql`select to_char(date_trunc('month', sales_date), 'YYYY-MM') as month, customer_type,
               sum(revenue + fees)::float8 as revenue, sum(orders)::int as orders
        from sales_daily where sales_date between ${from} and ${to}
        group by 1, 2 order by 1, 2`,
  );
  return res.rows;
}

export async function salesTotal(db: Executor, from: string, to: string) {
  const res = await db.execute<{ revenue: number }>(
    sql`select coalesce(sum(revenue + fees), 0)::float8 as revenue from sales_daily
        where sales_date between ${from} and ${to}`,
  );
  return res.rows[0]!.revenue;
}

/**
 * Per month (YYYY-MM): customers who ordered (customer_months), customer records created, and
 * customer logins created (all months, for the running total). One pass over each table.
 */
export async function customerMonths(db: Executor, from: string, to: string) {
  const res = await db.execute<{ kind: 'clients' | 'new' | 'logins'; month: string; n: number }>(
    sql`select 'clients' as kind, to_char(month, 'YYYY-MM') as month, count(*)::int as n from customer_months
         where month between date_trunc('month', ${from}::date) and ${to}::date group by month
        union all
        select 'new', to_char(business_date(created_at), 'YYYY-MM'), count(*)::int from customers
         where created_at >= ${from}::date - 1 and created_at < ${to}::date + 2
           and business_date(created_at) between date_trunc('month', ${from}::date) and ${to}::date
         group by 2
        union all
        select 'logins', to_char(business_date(created_at), 'YYYY-MM'), count(*)::int from users
         where customer_id is not null and deleted_at is null group by 2`,
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
        where d.status <> 'Delivered' and d.end_date_time < ${now.toISOString()}
        order by d.end_date_time desc limit ${limit}`,
  );
  return res.rows;
}
