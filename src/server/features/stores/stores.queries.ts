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
};

/**
 * The items of the city's Scheduled orders that travel by train to it (an order whose truck
 * has started is In Transit and no longer at the store), with per-product totals and the first
 * `perProduct` orders of each product, longest waiting first. Starts from the partial index of
 * open orders, so the cost follows the open orders, not the order history; the answer stays
 * small however many orders wait. The orders per side are a window over the orders (not a second
 * pass over them), the customer and the delivery are looked up for the rows answered only (not a
 * hash of every customer), and the statement is prepared: its plan is the same for every city
 * and time (checked with the generic plan on the 1M copy), and planning its joins and windows
 * cost about as much as a third of running it (decision 0049 part 2).
 */
export async function storeItems(
  db: Executor,
  cityId: number,
  now: Date,
  perProduct: number,
): Promise<StoreItemRow[]> {
  const res = await db.execute<StoreItemRow>(
    prepared(sql`
    with legs as materialized (
      select o.order_id, o.customer_id, o.schedule_date,
             bool_and(t.arrival_date_time <= ${now}) as arrived,
             max(t.arrival_date_time) as last_arrival,
             count(*) filter (where t.arrival_date_time <= ${now})::int as trips_arrived,
             count(*)::int as trips_total,
             count(*) over (partition by bool_and(t.arrival_date_time <= ${now}))::int as side_orders
        from orders o
        join train_allocations a on a.order_id = o.order_id
        join train_trips t on t.train_trip_id = a.train_trip_id and t.arrival_city_id = ${cityId}
       where o.status = 'Scheduled' and o.city_id = ${cityId}
       group by o.order_id),
    items as (
      select l.*, i.product_id, i.quantity,
             sum(i.quantity) over product_side as product_units,
             count(*) over product_side as product_orders,
             row_number() over (partition by l.arrived, i.product_id order by l.last_arrival, l.order_id) as rn
        from legs l join order_items i on i.order_id = l.order_id
      window product_side as (partition by l.arrived, i.product_id))
    select it.arrived, it.product_id, p.name as product_name, p.category,
           it.product_units::int as product_units, it.product_orders::int as product_orders, it.side_orders,
           it.order_id, (select c.name from customers c where c.customer_id = it.customer_id) as customer_name,
           to_char(it.schedule_date, 'YYYY-MM-DD') as schedule_date,
           ${isoTimestamp('it.last_arrival')} as arrival_date_time, it.trips_arrived, it.trips_total,
           d.delivery_id, ${isoTimestamp('d.delivery_date_time')} as delivery_date_time, it.quantity
      from items it
      join products p on p.product_id = it.product_id
      left join lateral (
        select d.delivery_id, d.delivery_date_time
          from delivery_orders dord join deliveries d on d.delivery_id = dord.delivery_id
         where dord.order_id = it.order_id and d.status = 'Scheduled') d on true
     where it.rn <= ${literalCount(perProduct)}
     order by it.product_units desc, p.name, it.rn`),
  );
  return res.rows;
}
