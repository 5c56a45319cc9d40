// Factories for the admin figures: orders written straight into the tables at chosen dates
// (the rollup triggers keep the sales figures), for tests that need known totals by quarter.
import { sql } from 'drizzle-orm';
import type { BuiltApp } from '../app';
import { withActor } from '../db/client';

export interface OrderSpec {
  customerId: number;
  /** An instant, e.g. 2029-01-15T06:00:00Z. */
  at: string;
  cityId: number | null;
  routeId: number | null;
  items: Array<{ productId: number; quantity: number; unitPrice: number }>;
  status?: 'Pending' | 'Scheduled' | 'In Transit' | 'Delivered' | 'Cancelled';
}

/** An order with its lines, as history (no stock movement): the admin reports read its figures. */
export async function insertHistoricOrder(app: BuiltApp, spec: OrderSpec): Promise<number> {
  return withActor(app.ctx.db, null, async (tx) => {
    const status = spec.status ?? 'Pending';
    const res = await tx.execute<{ order_id: number }>(
      sql`insert into orders (customer_id, order_date, schedule_date, status, city_id, route_id, delivered_at)
          values (${spec.customerId}, ${spec.at}, (${spec.at}::timestamptz at time zone 'UTC')::date + 10, ${status},
                  ${spec.cityId}, ${spec.routeId},
                  ${status === 'Delivered' ? sql`${spec.at}::timestamptz + interval '9 days'` : sql`null`})
          returning order_id`,
    );
    const orderId = res.rows[0]!.order_id;
    for (const item of spec.items) {
      await tx.execute(
        sql`insert into order_items (order_id, product_id, quantity, unit_price)
            values (${orderId}, ${item.productId}, ${item.quantity}, ${item.unitPrice})`,
      );
    }
    return orderId;
  });
}
