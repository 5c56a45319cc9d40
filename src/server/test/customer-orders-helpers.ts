// Helpers of the customer's own-order tests (cancel, change: decision 0063).
import { sql } from 'drizzle-orm';
import type { BuiltApp } from '../app';
import { withActor } from '../db/client';
import type { TestUser } from './factories';

export const cancelAs = (app: BuiltApp, user: TestUser, orderId: number, payload: unknown = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/cancel`,
    headers: user.auth,
    payload: payload as object,
  });

export const changeAs = (app: BuiltApp, user: TestUser, orderId: number, payload: unknown) =>
  app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}`,
    headers: user.auth,
    payload: payload as object,
  });

export const setStatusAs = (
  app: BuiltApp,
  user: TestUser,
  orderId: number,
  status: string,
  reason?: string,
) =>
  app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: user.auth,
    payload: reason ? { status, reason } : { status },
  });

export async function unitsOf(app: BuiltApp, productId: number): Promise<number> {
  const res = await app.ctx.db.execute<{ n: number }>(
    sql`select available_units as n from products where product_id = ${productId}`,
  );
  return res.rows[0]!.n;
}

/** The order's lines as (product, quantity, unit price), in product order. */
export async function linesOf(app: BuiltApp, orderId: number) {
  const res = await app.ctx.db.execute<{ product_id: number; quantity: number; unit_price: number }>(
    sql`select product_id, quantity, unit_price::float8 as unit_price from order_items
        where order_id = ${orderId} order by product_id`,
  );
  return res.rows;
}

/**
 * Every table the triggers keep from orders, order lines and the ledger, as it is now: the sales
 * rollups (summed per key), stock_daily, the ledger's running balances, the products' balances,
 * order counts, pending_order_lines, store_stock_lines, delivered_days and the customers'
 * delivery addresses. Compared before and after rebuilding them all from the base rows.
 */
export async function keptFigures(app: BuiltApp) {
  const res = await app.ctx.db.execute(sql`
    select json_build_object(
      'sales', (select json_agg(json_build_array(sales_date, customer_type, city_id, route_id, orders, units,
                                                 space::text, revenue::text, fees::text)
                                order by sales_date, customer_type, city_id, route_id)
                  from (select sales_date, customer_type, city_id, route_id, sum(orders) as orders,
                               sum(units) as units, sum(space) as space, sum(revenue) as revenue, sum(fees) as fees
                          from sales_daily group by 1, 2, 3, 4) s
                 where orders <> 0 or units <> 0),
      'product_sales', (select json_agg(json_build_array(sales_date, product_id, units, revenue::text, order_count)
                                        order by sales_date, product_id)
                          from (select sales_date, product_id, sum(units) as units, sum(revenue) as revenue,
                                       sum(order_count) as order_count
                                  from product_sales_daily group by 1, 2) s
                         where units <> 0 or order_count <> 0),
      'stock_daily', (select json_agg(d order by movement_date, product_id) from stock_daily d),
      'ledger', (select json_agg(json_build_array(movement_id, seq, balance_after) order by movement_id)
                   from stock_movements),
      'products', (select json_agg(json_build_array(product_id, available_units, movement_count)
                                   order by product_id) from products),
      'counts', (select json_agg(x order by customer_id, status) from (
                   select customer_id, status, sum(n)::int as n from (
                     select customer_id, status, n from order_counts
                     union all select customer_id, status, delta from order_count_deltas) c
                   where customer_id <> 0 group by 1, 2 having sum(n) <> 0) x),
      'pending_lines', (select json_agg(json_build_array(order_id, product_ids, quantities) order by order_id)
                          from pending_order_lines),
      'store_stock', (select json_agg(s order by order_id, product_id) from store_stock_lines s),
      'delivered_days', (select json_agg(d order by day) from delivered_days d where delivered <> 0),
      'addresses', (select json_agg(a order by customer_id, delivery_address)
                      from customer_delivery_addresses a)) as s`);
  return res.rows[0];
}

/** Rebuilds every trigger-kept table from the base rows and expects it to be what the triggers kept. */
export async function expectFiguresEqualToRebuild(
  app: BuiltApp,
  expectEqual: (a: unknown, b: unknown) => void,
) {
  const before = await keptFigures(app);
  await withActor(app.ctx.db, null, async (tx) => {
    await tx.execute(sql`select rebuild_admin_rollups()`);
    await tx.execute(sql`select rebuild_stock_rollups()`);
    await tx.execute(sql`select rebuild_order_counts()`);
    await tx.execute(sql`select rebuild_pending_order_lines()`);
    await tx.execute(sql`select rebuild_store_stock_lines()`);
    await tx.execute(sql`select rebuild_delivered_days()`);
    await tx.execute(sql`select rebuild_customer_delivery_addresses()`);
  });
  expectEqual(await keptFigures(app), before);
}
