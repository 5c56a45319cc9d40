// Demo data of the dispatch planner (issue 12): pending orders for the coming days on every
// store's routes, so that the demo manager has a week to plan at /manager/planner. Runs inside
// the demo seed's transaction, after the business itself is written.
import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { orderItems, orderStatusHistory, orders, stockMovements } from '#server/db/schema';
import { DELIVERY_FEE } from '#shared/constants';
import { addDays, businessDate } from '#shared/dates';

/** Orders per store route, spread over these days from today (Colombo). */
const DAYS_AHEAD = [2, 3, 4, 5, 6];
const ORDERS_PER_ROUTE = 2;

/** Adds the orders; returns the rows written per table. */
export async function seedPlanningWeek(tx: Tx, now: Date): Promise<Record<string, number>> {
  const routes = (
    await tx.execute<{ route_id: number; city_id: number; town: string }>(
      sql`select r.route_id, s.city_id, coalesce(r.covered_towns[1], r.end_location) as town
          from routes r join stores s on s.store_id = r.store_id order by r.route_id`,
    )
  ).rows;
  const customers = (
    await tx.execute<{ customer_id: number; name: string }>(
      sql`select customer_id, name from customers order by customer_id`,
    )
  ).rows;
  const products = (
    await tx.execute<{ product_id: number; unit_price: number; available_units: number }>(
      sql`select product_id, unit_price::float8 as unit_price, available_units from products
          where available_units >= 200 order by product_id`,
    )
  ).rows;
  const counts = { orders: 0, order_items: 0, order_status_history: 0, stock_movements: 0 };
  if (routes.length === 0 || customers.length === 0 || products.length === 0) return counts;
  const today = businessDate(now);
  // placed a week ago: the 7-day lead time holds for every requested day from tomorrow on
  const placed = new Date(now.getTime() - 8 * 86_400_000);
  let n = 0;
  const planned = routes.flatMap((route, r) =>
    Array.from({ length: ORDERS_PER_ROUTE }, (_, k) => {
      const i = n++;
      const first = products[i % products.length]!;
      const second = products[(i * 5 + 3) % products.length]!;
      const lines = first.product_id === second.product_id ? [first] : [first, second];
      return {
        route,
        customer: customers[(i * 7 + 3) % customers.length]!,
        day: addDays(today, DAYS_AHEAD[(r + k * 2) % DAYS_AHEAD.length]!),
        lines: lines.map((p, j) => ({ product: p, quantity: 4 + ((i + j * 3) % 9) })),
      };
    }),
  );
  for (const o of planned) {
    const [row] = await tx
      .insert(orders)
      .values({
        customerId: o.customer.customer_id,
        orderDate: placed,
        scheduleDate: o.day,
        status: 'Pending',
        deliveryAddress: `${12 + (o.route.route_id % 40)} Station Road, ${o.route.town}`,
        cityId: o.route.city_id,
        routeId: o.route.route_id,
        deliveryFee: DELIVERY_FEE,
        updatedAt: placed,
      })
      .returning({ id: orders.orderId });
    const orderId = row!.id;
    await tx.insert(orderItems).values(
      o.lines.map((l) => ({
        orderId,
        productId: l.product.product_id,
        quantity: l.quantity,
        unitPrice: l.product.unit_price,
      })),
    );
    await tx
      .insert(orderStatusHistory)
      .values({ orderId, fromStatus: null, toStatus: 'Pending', changedAt: placed });
    await tx.insert(stockMovements).values(
      o.lines.map((l) => ({
        productId: l.product.product_id,
        delta: -l.quantity,
        reason: 'order_reserved' as const,
        orderId,
        createdAt: placed,
      })),
    );
    counts.orders += 1;
    counts.order_items += o.lines.length;
    counts.order_status_history += 1;
    counts.stock_movements += o.lines.length;
  }
  return counts;
}
