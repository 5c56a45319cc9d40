import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';

const intArray = (ids: number[]) => sql`${`{${JSON.stringify(ids).slice(1, -1)}}`}::int[]`;

export type PlacementContext = {
  customer_id: number;
  address: string;
  /** The city named in the request if we deliver there, else null; the customer's city if none was named. */
  city_id: number | null;
  route_id: number | null;
  products: Array<{ product_id: number; name: string; available_units: number }>;
};

/**
 * Everything placing an order reads, in one round trip and without a lock: the actor for the
 * audit triggers (transaction-local), the customer, the delivery city and route, and the wanted
 * products (names and stock for the friendly 409; the ledger's CHECK is what guarantees it).
 */
export async function readPlacementContext(
  db: Executor,
  p: {
    actorUserId: number;
    customerId: number;
    address: string | null;
    cityName: string | null;
    productIds: number[];
  },
): Promise<PlacementContext | undefined> {
  const city = p.cityName
    ? sql`(select city_id from cities where lower(name) = lower(${p.cityName.trim()}) and not is_hub)`
    : sql`c.city_id`;
  const res = await db.execute<PlacementContext & { actor: string }>(
    sql`select set_config('app.user_id', ${String(p.actorUserId)}, true) as actor,
               c.customer_id, a.address, x.city_id,
               (select r.route_id from routes r join stores s on s.store_id = r.store_id
                 where s.city_id = x.city_id
                   and exists (select 1 from unnest(r.covered_towns || r.end_location) town
                               where position(lower(town) in lower(a.address)) > 0)
                 order by r.route_id limit 1) as route_id,
               (select coalesce(json_agg(json_build_object('product_id', product_id, 'name', name,
                                                           'available_units', available_units)
                                         order by product_id), '[]'::json)
                  from products where product_id = any(${intArray(p.productIds)})) as products
          from customers c
          cross join lateral (select coalesce(${p.address}, c.address) as address) a
          cross join lateral (select ${city} as city_id) x
         where c.customer_id = ${p.customerId}`,
  );
  const row = res.rows[0];
  if (!row) return undefined;
  // PGlite hands json back parsed, pg too; a driver returning text would still work
  const products = typeof row.products === 'string' ? JSON.parse(row.products) : row.products;
  return { ...row, products };
}

/**
 * Writes the order, its first status, its lines (priced from the products) and the stock
 * reservations in ONE statement, the last before COMMIT (decision 0031). The hot rows are taken
 * here and held only until the commit: `locked` takes the products in id order before any
 * ledger row gets its id (so ledger ids follow the lock order, as the running balances need);
 * the rollup rows come after, in the AFTER triggers that fire at the statement's end: products
 * before rollup rows, the order a cancellation takes them in. A shortage fails the whole
 * statement on the products' CHECK.
 */
export async function insertPlacedOrder(
  db: Executor,
  p: {
    customerId: number;
    at: Date;
    scheduleDate: string;
    deliveryAddress: string;
    cityId: number | null;
    routeId: number | null;
    specialInstructions: string | null;
    deliveryFee: number;
    userId: number;
    /** Sorted by product id. */
    lines: Array<{ productId: number; quantity: number }>;
  },
) {
  const at = p.at.toISOString();
  const ids = intArray(p.lines.map((l) => l.productId));
  const lines = sql`unnest(${ids}, ${intArray(p.lines.map((l) => l.quantity))}) w(product_id, quantity)`;
  const res = await db.execute<{ order_id: number; status: string }>(
    sql`with o as (
          insert into orders (customer_id, order_date, schedule_date, status, delivery_address, city_id,
                              route_id, special_instructions, delivery_fee, created_by)
          values (${p.customerId}, ${at}::timestamptz, ${p.scheduleDate}::date, 'Pending', ${p.deliveryAddress},
                  ${p.cityId}::int, ${p.routeId}::int, ${p.specialInstructions}, ${p.deliveryFee}, ${p.userId})
          returning order_id, status
        ), h as (
          insert into order_status_history (order_id, from_status, to_status, changed_by, changed_at)
          select order_id, null, 'Pending', ${p.userId}, ${at}::timestamptz from o
        ), i as (
          insert into order_items (order_id, product_id, quantity, unit_price)
          select o.order_id, w.product_id, w.quantity, pr.unit_price
            from o cross join ${lines} join products pr on pr.product_id = w.product_id
           order by w.product_id
        ), locked as (
          select product_id from products where product_id = any(${ids}) order by product_id for update
        ), m as (
          insert into stock_movements (product_id, delta, reason, order_id, created_by)
          select w.product_id, -w.quantity, 'order_reserved', o.order_id, ${p.userId}
            from o cross join ${lines}
           where (select count(*) from locked) > 0
           order by w.product_id
          returning product_id
        )
        select o.order_id, o.status, (select count(*)::int from m) as reserved from o`,
  );
  return res.rows[0]!;
}
