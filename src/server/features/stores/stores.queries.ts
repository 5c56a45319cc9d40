import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared } from '#server/db/prepared';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { Store } from '#shared/contract/stores';

const STORE_COLUMNS = sql`s.store_id, c.name as city, s.address, s.near_station_name, s.contact_number`;

export async function listStores(db: Executor): Promise<Store[]> {
  const res = await db.execute<Store>(
    sql`select ${STORE_COLUMNS} from stores s join cities c using (city_id) order by c.name`,
  );
  return res.rows;
}

export async function findStore(db: Executor, storeId: number) {
  const res = await db.execute<Store & { city_id: number }>(
    sql`select ${STORE_COLUMNS}, s.city_id from stores s join cities c using (city_id) where s.store_id = ${storeId}`,
  );
  return res.rows[0];
}

export type StoreItemRow = {
  arrived: boolean;
  product_id: number;
  product_name: string;
  category: string;
  /** Units and orders of the product on this side (at the store, or on the way). */
  product_units: number;
  product_orders: number;
  /** Orders on this side, all products. */
  side_orders: number;
  order_id: number;
  customer_name: string;
  schedule_date: string;
  arrival_date_time: string;
  trips_arrived: number;
  trips_total: number;
  delivery_id: number | null;
  delivery_date_time: string | null;
  quantity: number;
  /** Back at the store after a failed delivery (decision 0058). */
  failed_delivery: boolean;
};

/**
 * The items of the city's Scheduled orders that travel by train to it (an order whose truck
 * has started is In Transit and no longer at the store), with per-product totals and the first
 * `perProduct` orders of each product, longest waiting first. Reads `store_stock_lines`
 * (migration 0027, decision 0055): the lines of the open orders with their train legs' arrival
 * times, kept by the writers, one index range per city. Which side an order is on (every leg
 * arrived: at the store) is worked out at `now`: the totals per product and side from the city's
 * index entries, then each product's first orders of each side from the same index in arrival
 * order; the customer and the delivery are looked up for the rows answered only. Prepared: its
 * plan is the same for every city and time (decision 0049 part 2).
 */
export async function storeItems(
  db: Executor,
  cityId: number,
  now: Date,
  perProduct: number,
): Promise<StoreItemRow[]> {
  const res = await db.execute<StoreItemRow>(
    prepared(sql`
    with lines as (
      select product_id, order_id, quantity, last_arrival <= ${now}::timestamptz as arrived
        from store_stock_lines where city_id = ${cityId}),
    sides as (
      select arrived, count(*)::int as side_orders from (select distinct arrived, order_id from lines) o
       group by arrived),
    totals as (
      select arrived, product_id, sum(quantity)::int as product_units, count(*)::int as product_orders
        from lines group by arrived, product_id)
    select tt.arrived, tt.product_id, p.name as product_name, p.category, tt.product_units, tt.product_orders,
           s.side_orders, it.order_id,
           (select c.name from customers c where c.customer_id = it.customer_id) as customer_name,
           to_char(it.schedule_date, 'YYYY-MM-DD') as schedule_date,
           ${isoTimestamp('it.last_arrival')} as arrival_date_time,
           (select count(*) from unnest(it.arrivals) a where a <= ${now}::timestamptz)::int as trips_arrived,
           cardinality(it.arrivals) as trips_total,
           d.delivery_id, ${isoTimestamp('d.delivery_date_time')} as delivery_date_time, it.quantity,
           exists (select 1 from delivery_failures f where f.order_id = it.order_id) as failed_delivery
      from totals tt
      join sides s on s.arrived = tt.arrived
      join products p on p.product_id = tt.product_id
      cross join lateral (
        select l.order_id, l.customer_id, l.schedule_date, l.last_arrival, l.arrivals, l.quantity,
               row_number() over (order by l.last_arrival, l.order_id) as rn
          from store_stock_lines l
         where l.city_id = ${cityId} and l.product_id = tt.product_id
           and l.last_arrival <= case when tt.arrived then ${now}::timestamptz else 'infinity'::timestamptz end
           and l.last_arrival > case when tt.arrived then '-infinity'::timestamptz else ${now}::timestamptz end
         order by l.last_arrival, l.order_id
         limit ${literalCount(perProduct)}) it
      left join lateral (
        select d.delivery_id, d.delivery_date_time
          from delivery_orders dord join deliveries d on d.delivery_id = dord.delivery_id
         where dord.order_id = it.order_id and d.status = 'Scheduled') d on true
     order by tt.product_units desc, p.name, it.rn`),
  );
  return res.rows;
}
