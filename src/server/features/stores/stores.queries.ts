import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
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
  order_id: number;
  customer_name: string;
  schedule_date: string;
  arrived: boolean;
  arrival_date_time: string;
  trips_arrived: number;
  trips_total: number;
  delivery_id: number | null;
  delivery_date_time: string | null;
  product_id: number;
  product_name: string;
  category: string;
  quantity: number;
};

/**
 * The items of the city's Scheduled orders that travel by train to it: an order whose truck has
 * started is In Transit and no longer at the store. Starts from the partial index of Scheduled
 * orders per city, so the cost follows the open orders, not the order history.
 */
export async function storeItems(db: Executor, cityId: number, now: Date): Promise<StoreItemRow[]> {
  const res = await db.execute<StoreItemRow>(sql`
    with legs as (
      select o.order_id, o.customer_id, o.schedule_date,
             bool_and(t.arrival_date_time <= ${now}) as arrived,
             max(t.arrival_date_time) as last_arrival,
             count(*) filter (where t.arrival_date_time <= ${now})::int as trips_arrived,
             count(*)::int as trips_total
        from orders o
        join train_allocations a on a.order_id = o.order_id
        join train_trips t on t.train_trip_id = a.train_trip_id and t.arrival_city_id = ${cityId}
       where o.status = 'Scheduled' and o.city_id = ${cityId}
       group by o.order_id)
    select l.order_id, c.name as customer_name, to_char(l.schedule_date, 'YYYY-MM-DD') as schedule_date,
           l.arrived, ${isoTimestamp('l.last_arrival')} as arrival_date_time, l.trips_arrived, l.trips_total,
           d.delivery_id, ${isoTimestamp('d.delivery_date_time')} as delivery_date_time,
           i.product_id, p.name as product_name, p.category, i.quantity
      from legs l
      join customers c on c.customer_id = l.customer_id
      join order_items i on i.order_id = l.order_id
      join products p on p.product_id = i.product_id
      left join delivery_orders dord on dord.order_id = l.order_id
      left join deliveries d on d.delivery_id = dord.delivery_id and d.status = 'Scheduled'
     order by l.last_arrival, l.order_id, p.name`);
  return res.rows;
}
