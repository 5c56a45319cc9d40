// store_stock_lines (migration 0027, docs/decisions/0055) against the statement it replaced: the
// store stock derived from the base tables (decision 0016, as decision 0049 part 2 wrote it), after
// every write that changes an answer, at times before, between and after the trains' arrivals.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '#server/db/client';
import { createProduct, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  allocateToTrip,
  cancelOrder,
  createDelivery,
  createStoreCity,
  createTrip,
  startDelivery,
} from '#server/test/warehouse-factories';
import { type StoreItemRow, storeItems } from './stores.queries';

const { app } = await createTestApp();
const db = app.ctx.db;

/** The store stock as it was derived before migration 0027: every open order, leg and line read. */
async function derived(ex: Executor, cityId: number, now: Date, perProduct: number): Promise<StoreItemRow[]> {
  const res = await ex.execute<StoreItemRow>(sql`
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
       -- the lines still to deliver: not handed over, not sent back to Kandy (decision 0058)
       where not exists (select 1 from item_confirmations c where c.order_id = i.order_id and c.product_id = i.product_id)
         and not exists (select 1 from order_item_returns r where r.order_id = i.order_id and r.product_id = i.product_id)
      window product_side as (partition by l.arrived, i.product_id))
    select it.arrived, it.product_id, p.name as product_name, p.category,
           it.product_units::int as product_units, it.product_orders::int as product_orders, it.side_orders,
           it.order_id, (select c.name from customers c where c.customer_id = it.customer_id) as customer_name,
           to_char(it.schedule_date, 'YYYY-MM-DD') as schedule_date,
           to_char(it.last_arrival at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as arrival_date_time,
           it.trips_arrived, it.trips_total, d.delivery_id,
           to_char(d.delivery_date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as delivery_date_time,
           it.quantity, exists (select 1 from delivery_failures f where f.order_id = it.order_id) as failed_delivery
      from items it
      join products p on p.product_id = it.product_id
      left join lateral (
        select d.delivery_id, d.delivery_date_time
          from delivery_orders dord join deliveries d on d.delivery_id = dord.delivery_id
         where dord.order_id = it.order_id and d.status = 'Scheduled') d on true
     where it.rn <= ${perProduct}
     order by it.product_units desc, p.name, it.rn`);
  return res.rows;
}

const hoursFrom = (at: Date, h: number) => new Date(at.getTime() + h * 3_600_000);
const base = new Date();
/** Before any train arrives, after the first, between the others, after all (trips at +2, +5, +8 h). */
const moments = [hoursFrom(base, -1), hoursFrom(base, 3), hoursFrom(base, 6), hoursFrom(base, 30)];

const rows = async () =>
  (await db.execute(sql`select * from store_stock_lines order by order_id, product_id`)).rows;

describe('store_stock_lines (migration 0027)', () => {
  it('answers as the derivation from orders, allocations, trips and lines after every write that changes it', async () => {
    const customer = await createUser(app, 'Customer');
    const other = await createUser(app, 'Customer');
    const kandy = await createStoreCity(app);
    const galle = await createStoreCity(app);
    const products = [
      await createProduct(app, { name: 'Stock Soap', units: 900 }),
      await createProduct(app, { name: 'Stock Tea', units: 900 }),
      await createProduct(app, { name: 'Stock Rice', units: 900 }),
    ];
    const [soap, tea, rice] = products.map((p) => p.productId) as [number, number, number];
    const cities = [kandy, galle];

    /** Every city's answer, with 10 and with 1 order per product, at every moment. */
    async function same(step: string) {
      for (const city of cities)
        for (const at of moments)
          for (const perProduct of [10, 1])
            expect(await storeItems(db, city.cityId, at, perProduct), `${step} @${at.toISOString()}`).toEqual(
              await derived(db, city.cityId, at, perProduct),
            );
    }
    async function order(city: { name: string }, items: Array<[number, number]>, by = customer) {
      const res = await placeOrderAs(
        app,
        by,
        items.map(([productID, quantity]) => ({ productID, quantity })),
        { city: city.name, deliveryAddress: `2 Hill Road, ${city.name}` },
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().order_id as number;
    }

    const trips = [
      await createTrip(app, kandy.cityId, hoursFrom(base, 2)),
      await createTrip(app, kandy.cityId, hoursFrom(base, 5)),
      await createTrip(app, kandy.cityId, hoursFrom(base, 8)),
    ];
    const galleTrip = await createTrip(app, galle.cityId, hoursFrom(base, 2));

    // placed: Pending, nothing at or on the way to any store
    const first = await order(kandy, [
      [soap, 10],
      [tea, 4],
    ]);
    const second = await order(kandy, [[soap, 6]]);
    const third = await order(kandy, [
      [rice, 3],
      [tea, 2],
    ]);
    const fourth = await order(galle, [[tea, 7]], other);
    await same('placed');
    expect(await rows()).toEqual([]);

    // scheduled on trains (allocation, then Scheduled), one split over two, one to another city
    await allocateToTrip(app, first, trips[0]!);
    await allocateToTrip(app, second, trips[0]!);
    await allocateToTrip(app, second, trips[1]!);
    await allocateToTrip(app, third, trips[1]!);
    await allocateToTrip(app, fourth, galleTrip);
    await same('allocated');
    expect((await rows()).length).toBe(6);

    // a leg added, moved to another trip, removed
    await db.execute(sql`insert into train_allocations (order_id, train_trip_id, space)
                         values (${third}, ${trips[2]}, 1)`);
    await same('leg added');
    await db.execute(sql`update train_allocations set train_trip_id = ${trips[0]}
                          where order_id = ${third} and train_trip_id = ${trips[1]}`);
    await same('leg moved');
    await db.execute(
      sql`delete from train_allocations where order_id = ${third} and train_trip_id = ${trips[2]}`,
    );
    await same('leg removed');
    // a leg on a train to another city does not bring it to this store
    await db.execute(sql`insert into train_allocations (order_id, train_trip_id, space)
                         values (${first}, ${galleTrip}, 1)`);
    await same('leg elsewhere');

    // a trip's arrival delayed, then the trip sent to another city and back
    await db.execute(sql`update train_trips set arrival_date_time = ${hoursFrom(base, 7)}
                          where train_trip_id = ${trips[0]}`);
    await same('trip delayed');
    await db.execute(
      sql`update train_trips set arrival_city_id = ${galle.cityId} where train_trip_id = ${trips[1]}`,
    );
    await same('trip to another city');
    await db.execute(
      sql`update train_trips set arrival_city_id = ${kandy.cityId} where train_trip_id = ${trips[1]}`,
    );
    await same('trip back');

    // a scheduled order's lines: added, changed, removed
    await db.execute(sql`insert into order_items (order_id, product_id, quantity, unit_price)
                         values (${second}, ${rice}, 5, 1)`);
    await same('line added');
    await db.execute(
      sql`update order_items set quantity = 9 where order_id = ${second} and product_id = ${soap}`,
    );
    await same('line changed');
    await db.execute(sql`delete from order_items where order_id = ${second} and product_id = ${rice}`);
    await same('line removed');

    // the order's customer, requested date and city
    await db.execute(sql`update orders set customer_id = ${other.customerId} where order_id = ${first}`);
    await db.execute(sql`update orders set schedule_date = schedule_date + 1 where order_id = ${third}`);
    await same('customer and date');
    await db.execute(sql`update orders set city_id = ${galle.cityId} where order_id = ${first}`);
    await same('city changed');
    await db.execute(sql`update orders set city_id = ${kandy.cityId} where order_id = ${first}`);
    await same('city back');

    // on a truck (still at the store), the truck left (In Transit), back to Scheduled, cancelled
    const delivery = await createDelivery(app, kandy.routeId, [first], 'Scheduled', hoursFrom(base, 4));
    await same('loaded');
    await startDelivery(app, delivery);
    await same('truck left');
    expect((await rows()).some((r) => r.order_id === first)).toBe(false);
    // one line handed over, the order back at the store with the other (partly delivered)
    await db.execute(
      sql`insert into item_confirmations (delivery_id, order_id, product_id, confirmed_at)
          values (${delivery}, ${first}, ${soap}, now())`,
    );
    await db.execute(sql`delete from delivery_orders where order_id = ${first}`);
    await db.execute(
      sql`insert into delivery_failures (delivery_id, order_id, reason, failed_at, delivered_items, failed_items)
          values (${delivery}, ${first}, 'Refused', now(), 1, 1)`,
    );
    await db.execute(sql`update orders set status = 'Scheduled' where order_id = ${first}`);
    await same('back to Scheduled, partly delivered');
    expect((await rows()).filter((r) => r.order_id === first).map((r) => r.product_id)).not.toContain(soap);
    await cancelOrder(app, third);
    await same('cancelled');

    // the rebuild (bulk loaders) gives the rows the triggers kept
    const kept = await rows();
    await db.execute(sql`select rebuild_store_stock_lines()`);
    expect(await rows()).toEqual(kept);
  });
});
