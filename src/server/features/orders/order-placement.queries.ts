import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';

const intArray = (ids: number[]) => sql`${`{${JSON.stringify(ids).slice(1, -1)}}`}::int[]`;

export interface PlacementInput {
  actorUserId: number;
  customerId: number;
  at: Date;
  scheduleDate: string;
  /** The address typed for this order; null: the customer's own. */
  deliveryAddress: string | null;
  /** A city named for this order (must be one we deliver to); null: the customer's own. */
  cityName: string | null;
  specialInstructions: string | null;
  deliveryFee: number;
  /** Sorted by product id, one line per product. */
  lines: Array<{ productId: number; quantity: number }>;
  files: Array<{ fileName: string; contentType: string; sizeBytes: number; storageKey: string }>;
}

export type PlacementResult = {
  /** Null when nothing was written: no such customer, a product missing, too little stock or a city we do not serve. */
  order_id: number | null;
  status: string | null;
  customer_found: boolean;
  city_id: number | null;
  /** The wanted products that exist, as read before writing. */
  products: Array<{ product_id: number; name: string; available_units: number }>;
};

/**
 * Places an order in ONE statement, its own transaction (decision 0031): reads the customer,
 * the delivery city and route and the wanted products, and only when they all check out writes
 * the order, its first status, its lines (priced from the products), its attachments and the
 * stock reservations. The hot rows come last: `locked` takes the products in id order, after
 * the order row and before any ledger row gets its id (ledger ids follow the lock order, as the
 * running balances need); the rollup rows are taken by the AFTER triggers at the statement's
 * end, products before rollup rows as in a cancellation. They are held only until the commit.
 * A shortage between the read and the lock fails the whole statement on the products' CHECK.
 * The actor for the audit triggers is set (transaction-local) before those triggers fire.
 */
export async function placeOrderStatement(db: Executor, p: PlacementInput): Promise<PlacementResult> {
  const ids = intArray(p.lines.map((l) => l.productId));
  const want = sql`unnest(${ids}, ${intArray(p.lines.map((l) => l.quantity))}) w(product_id, quantity)`;
  const at = p.at.toISOString();
  const city = p.cityName
    ? sql`(select city_id from cities where lower(name) = lower(${p.cityName.trim()}) and not is_hub)`
    : sql`c.city_id`;
  const files = JSON.stringify(
    p.files.map((f) => ({
      file_name: f.fileName,
      content_type: f.contentType,
      size_bytes: f.sizeBytes,
      storage_key: f.storageKey,
    })),
  );
  const res = await db.execute<PlacementResult>(
    sql`with actor as (
          select set_config('app.user_id', ${String(p.actorUserId)}, true) as user_id
        ), place as (
          select c.customer_id, a.address, x.city_id,
                 (select r.route_id from routes r join stores s on s.store_id = r.store_id
                   where s.city_id = x.city_id
                     and exists (select 1 from unnest(r.covered_towns || r.end_location) town
                                 where position(lower(town) in lower(a.address)) > 0)
                   order by r.route_id limit 1) as route_id
            from customers c
            cross join lateral (select coalesce(${p.deliveryAddress}, c.address) as address) a
            cross join lateral (select ${city} as city_id) x
           where c.customer_id = ${p.customerId}
        ), seen as (
          select pr.product_id, pr.name, pr.available_units, w.quantity
            from ${want} join products pr on pr.product_id = w.product_id
        ), ok as (
          select place.* from place, actor
           where (select count(*) from seen) = ${p.lines.length}
             and not exists (select 1 from seen where available_units < quantity)
             and (${p.cityName === null}::boolean or place.city_id is not null)
        ), o as (
          insert into orders (customer_id, order_date, schedule_date, status, delivery_address, city_id,
                              route_id, special_instructions, delivery_fee, created_by)
          select customer_id, ${at}::timestamptz, ${p.scheduleDate}::date, 'Pending', address, city_id,
                 route_id, ${p.specialInstructions}, ${p.deliveryFee}, ${p.actorUserId}
            from ok
          returning order_id, status
        ), h as (
          insert into order_status_history (order_id, from_status, to_status, changed_by, changed_at)
          select order_id, null, 'Pending', ${p.actorUserId}, ${at}::timestamptz from o
        ), i as (
          insert into order_items (order_id, product_id, quantity, unit_price)
          select o.order_id, w.product_id, w.quantity, pr.unit_price
            from o cross join ${want} join products pr on pr.product_id = w.product_id
           order by w.product_id
        ), f as (
          insert into order_attachments (order_id, file_name, content_type, size_bytes, storage_key, uploaded_by)
          select o.order_id, f.file_name, f.content_type, f.size_bytes, f.storage_key, ${p.actorUserId}
            from o cross join json_to_recordset(${files}::json)
                 as f(file_name text, content_type text, size_bytes int, storage_key text)
        ), locked as (
          select product_id from products
           where product_id = any(${ids}) and exists (select 1 from o)
           order by product_id for update
        ), m as (
          insert into stock_movements (product_id, delta, reason, order_id, created_by)
          select w.product_id, -w.quantity, 'order_reserved', o.order_id, ${p.actorUserId}
            from o cross join ${want}
           where (select count(*) from locked) > 0
           order by w.product_id
          returning product_id
        )
        select (select order_id from o) as order_id,
               (select status from o) as status,
               (select count(*) from m) as reserved,
               exists (select 1 from place) as customer_found,
               (select city_id from place) as city_id,
               (select coalesce(json_agg(json_build_object('product_id', product_id, 'name', name,
                                                           'available_units', available_units)
                                         order by product_id), '[]'::json) from seen) as products`,
  );
  const row = res.rows[0]!;
  // pg and PGlite hand json back parsed; a driver returning text would still work
  const products = typeof row.products === 'string' ? JSON.parse(row.products) : row.products;
  return { ...row, products };
}

/** The wanted products' names and stock now, to name the one that ran out. */
export async function readStock(db: Executor, productIds: number[]) {
  const res = await db.execute<{ product_id: number; name: string; available_units: number }>(
    sql`select product_id, name, available_units from products
         where product_id = any(${intArray(productIds)}) order by product_id`,
  );
  return res.rows;
}
