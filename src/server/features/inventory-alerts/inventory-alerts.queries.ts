import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { Dismissal } from '#shared/contract/inventory-alerts';
import type { AlertSeverity } from '#shared/stock';

export type AlertRow = {
  product_id: number;
  product_name: string;
  category: string;
  available_units: number;
  reorder_point: number;
  issued: number;
  pending_demand_units: number;
  dismissed_level: AlertSeverity | null;
  dismissed_at: string | null;
  recovered_since: boolean;
};

/**
 * Products out of stock or below their reorder point, with their recent issue (daily rollup),
 * the demand of Pending orders due in the horizon (partial index of open orders), and the
 * user's dismissal with whether the stock recovered since it (a movement that left the
 * product above its alert, found through the product's ledger index from the dismissal on).
 */
export async function alertingProducts(
  db: Executor,
  userId: number,
  today: string,
  usageDays: number,
  demandDays: number,
): Promise<AlertRow[]> {
  const res = await db.execute<AlertRow>(sql`
    with alerting as (
      select product_id, name, category, available_units, reorder_point
        from products
       where available_units = 0 or available_units < reorder_point),
    usage as (
      select product_id, greatest(sum(issued_units - returned_units), 0)::int as issued
        from stock_daily
       where movement_date > ${today}::date - ${usageDays}::int and movement_date <= ${today}::date
         and product_id in (select product_id from alerting)
       group by product_id),
    demand as (
      select i.product_id, sum(i.quantity)::int as units
        from orders o join order_items i on i.order_id = o.order_id
       where o.status = 'Pending'
         and o.schedule_date between ${today}::date and ${today}::date + ${demandDays}::int
         and i.product_id in (select product_id from alerting)
       group by i.product_id)
    select a.product_id, a.name as product_name, a.category, a.available_units, a.reorder_point,
           coalesce(u.issued, 0) as issued, coalesce(dm.units, 0) as pending_demand_units,
           d.dismissed_level, ${isoTimestamp('d.dismissed_at')} as dismissed_at,
           coalesce(exists (
             select 1 from stock_movements m
              where m.product_id = a.product_id and m.created_at > d.dismissed_at
                and m.balance_after > 0 and m.balance_after >= a.reorder_point), false) as recovered_since
      from alerting a
      left join usage u on u.product_id = a.product_id
      left join demand dm on dm.product_id = a.product_id
      left join inventory_alert_dismissals d on d.product_id = a.product_id and d.user_id = ${userId}`);
  return res.rows;
}

export async function productStock(db: Executor, productId: number) {
  const res = await db.execute<{ name: string; available_units: number; reorder_point: number }>(
    sql`select name, available_units, reorder_point from products where product_id = ${productId}`,
  );
  return res.rows[0];
}

export async function upsertDismissal(
  db: Executor,
  d: { userId: number; productId: number; level: AlertSeverity; units: number },
): Promise<Dismissal> {
  const res = await db.execute<Dismissal>(sql`
    insert into inventory_alert_dismissals (user_id, product_id, dismissed_level, dismissed_units, dismissed_at)
    values (${d.userId}, ${d.productId}, ${d.level}, ${d.units}, now())
    on conflict (user_id, product_id) do update
       set dismissed_level = excluded.dismissed_level, dismissed_units = excluded.dismissed_units,
           dismissed_at = excluded.dismissed_at
    returning product_id, dismissed_level, dismissed_units, ${isoTimestamp('dismissed_at')} as dismissed_at`);
  return res.rows[0]!;
}

export async function deleteDismissal(db: Executor, userId: number, productId: number) {
  await db.execute(
    sql`delete from inventory_alert_dismissals where user_id = ${userId} and product_id = ${productId}`,
  );
}
