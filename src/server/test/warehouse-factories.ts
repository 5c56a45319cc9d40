// Factories for the warehouse tests: trips, allocations, truck deliveries and cancellations are
// written directly here (the manager portal's endpoints are not a fixture of these tests).
import { sql } from 'drizzle-orm';
import type { BuiltApp } from '../app';
import { withActor } from '../db/client';
import { transitionOrder } from '../features/orders/order-transitions';
import { createCityWithRoute, type TestUser } from './factories';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

const hours = (from: Date, h: number) => new Date(from.getTime() + h * 3_600_000);

async function hubCityId(app: BuiltApp): Promise<number> {
  const db = app.ctx.db;
  await db.execute(sql`insert into cities (name, is_hub) values ('Kandy', true) on conflict do nothing`);
  const res = await db.execute<{ city_id: number }>(sql`select city_id from cities where name = 'Kandy'`);
  return res.rows[0]!.city_id;
}

/** A city with its store near the station and a route; returns the ids and names. */
export async function createStoreCity(app: BuiltApp, name = unique('City ')) {
  const { cityId, routeId } = await createCityWithRoute(app, name, [name]);
  const res = await app.ctx.db.execute<{ store_id: number }>(
    sql`select store_id from stores where city_id = ${cityId}`,
  );
  return { cityId, routeId, storeId: res.rows[0]!.store_id, name };
}

/** A train trip from Kandy to the city arriving at `arrival`. */
export async function createTrip(app: BuiltApp, arrivalCityId: number, arrival: Date, capacity = 500) {
  const res = await app.ctx.db.execute<{ train_trip_id: number }>(
    sql`insert into train_trips (train_name, departure_city_id, arrival_city_id, departure_date_time,
                                 arrival_date_time, total_capacity)
        values (${unique('Train ')}, ${await hubCityId(app)}, ${arrivalCityId}, ${hours(arrival, -4)},
                ${arrival}, ${capacity})
        returning train_trip_id`,
  );
  return res.rows[0]!.train_trip_id;
}

/** Books the order on the trip (space 1) and makes it Scheduled, as the manager's allocation does. */
export async function allocateToTrip(app: BuiltApp, orderId: number, tripId: number, space = 1) {
  await withActor(app.ctx.db, null, async (tx) => {
    // the trip's used_capacity follows the allocation (trigger, migration 0004)
    await tx.execute(sql`insert into train_allocations (order_id, train_trip_id, space)
                         values (${orderId}, ${tripId}, ${space})`);
    const status = await tx.execute<{ status: string }>(
      sql`select status from orders where order_id = ${orderId}`,
    );
    if (status.rows[0]?.status === 'Pending') {
      await transitionOrder(tx, { orderId, to: 'Scheduled', actorUserId: null, at: new Date() });
    }
  });
}

/** A truck delivery on the route with the orders loaded, in the given status. */
export async function createDelivery(
  app: BuiltApp,
  routeId: number,
  orderIds: number[],
  status: 'Scheduled' | 'In Transit' | 'Delivered' = 'Scheduled',
  start = hours(new Date(), 24),
) {
  return withActor(app.ctx.db, null, async (tx) => {
    const route = await tx.execute<{ store_id: number }>(
      sql`select store_id from routes where route_id = ${routeId}`,
    );
    const truck = await tx.execute<{ truck_id: number }>(
      sql`insert into trucks (plate_number, capacity, store_id)
          values (${unique('TR-')}, 100, ${route.rows[0]!.store_id}) returning truck_id`,
    );
    // a delivery leaves only with its driver and assistant (CHECK, migration 0004)
    const crew = await tx.execute<{ employee_id: number }>(
      sql`insert into employees (first_name, last_name, type)
          values ('Crew', ${unique('D')}, 'Driver'), ('Crew', ${unique('A')}, 'Assistant')
          returning employee_id`,
    );
    const delivery = await tx.execute<{ delivery_id: number }>(
      sql`insert into deliveries (truck_id, route_id, driver_employee_id, assistant_employee_id,
                                  delivery_date_time, end_date_time, status)
          values (${truck.rows[0]!.truck_id}, ${routeId}, ${crew.rows[0]!.employee_id}, ${crew.rows[1]!.employee_id},
                  ${start}, ${hours(start, 4)}, ${status})
          returning delivery_id`,
    );
    const deliveryId = delivery.rows[0]!.delivery_id;
    for (const orderId of orderIds) {
      await tx.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveryId}, ${orderId})`,
      );
      if (status !== 'Scheduled') {
        await transitionOrder(tx, { orderId, to: 'In Transit', actorUserId: null, at: start });
      }
      if (status === 'Delivered') {
        await transitionOrder(tx, { orderId, to: 'Delivered', actorUserId: null, at: hours(start, 2) });
      }
    }
    return deliveryId;
  });
}

/** Starts a scheduled delivery: it and its orders go In Transit (the goods leave the store). */
export async function startDelivery(app: BuiltApp, deliveryId: number) {
  await withActor(app.ctx.db, null, async (tx) => {
    await tx.execute(sql`update deliveries set status = 'In Transit', started_at = now()
                          where delivery_id = ${deliveryId}`);
    const orders = await tx.execute<{ order_id: number }>(
      sql`select order_id from delivery_orders where delivery_id = ${deliveryId} order by order_id`,
    );
    for (const { order_id } of orders.rows) {
      await transitionOrder(tx, { orderId: order_id, to: 'In Transit', actorUserId: null, at: new Date() });
    }
  });
}

/** Cancels an order as the manager's Reject does: status, history and the stock given back. */
export async function cancelOrder(app: BuiltApp, orderId: number, by: TestUser | null = null) {
  await withActor(app.ctx.db, by?.userId ?? null, async (tx) => {
    await transitionOrder(tx, { orderId, to: 'Cancelled', actorUserId: by?.userId ?? null, at: new Date() });
    await tx.execute(sql`
      insert into stock_movements (product_id, delta, reason, order_id, created_by)
      select product_id, quantity, 'order_cancelled', order_id, ${by?.userId ?? null}
        from order_items where order_id = ${orderId} order by product_id`);
  });
}
