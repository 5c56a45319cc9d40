import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createPendingOrder,
  createRoute,
  createStore,
  createTrip,
  createTruck,
  DAY,
  HOUR,
  insertDelivery,
  type TestStore,
} from '#server/test/scheduling-factories';
import { lockLoadCandidates, routeCandidates } from './delivery-loading.queries';

const { app } = await createTestApp();
const manager = await createUser(app, 'Manager');

const allocate = (orderId: number) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/allocate-train`, headers: manager.auth });
const load = (deliveryId: number, orderIds: number[]) =>
  app.inject({
    method: 'PUT',
    url: `/api/deliveries/${deliveryId}/orders`,
    headers: manager.auth,
    payload: { order_ids: orderIds },
  });

/** An approved order on a train arriving in a day, `space` units. */
async function orderOnTrain(store: TestStore, space: number) {
  const { orderId } = await createPendingOrder(app, store, { space });
  const res = await allocate(orderId);
  if (res.statusCode !== 200) throw new Error(res.body);
  return orderId;
}

/** A store whose route has a truck of `capacity` leaving in three days, and a train tomorrow. */
async function scene(capacity: number) {
  const store = await createStore(app);
  await createTrip(app, store.cityId, { departH: 20, capacity: 1_000 });
  const truck = await createTruck(app, store.storeId, { capacity });
  const deliveryId = await insertDelivery(app, {
    truckId: truck.truckId,
    routeId: store.routeId,
    start: new Date(Date.now() + 3 * DAY),
    hours: 4,
  });
  return { store, truck, deliveryId };
}

describe('PUT /api/deliveries/{id}/orders', () => {
  it('loads approved orders of the route within the truck capacity, and replaces the set', async () => {
    const { store, deliveryId } = await scene(50);
    const a = await orderOnTrain(store, 20);
    const b = await orderOnTrain(store, 25.5);
    const res = await load(deliveryId, [a, b]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      loaded_space: 45.5,
      order_count: 2,
      orders: [
        { order_id: a, space: 20, status: 'Scheduled' },
        { order_id: b, space: 25.5, status: 'Scheduled' },
      ],
    });
    const replaced = await load(deliveryId, [b]);
    expect(replaced.json()).toMatchObject({ loaded_space: 25.5, order_count: 1 });
    // the customer's order shows the truck
    const detail = (await app.inject({ url: `/api/orders/${b}`, headers: manager.auth })).json();
    expect(detail.truck_delivery).toMatchObject({ delivery_id: deliveryId, status: 'Scheduled' });
  });

  it('refuses a load beyond the truck capacity, naming the space left', async () => {
    const { store, truck, deliveryId } = await scene(30);
    const a = await orderOnTrain(store, 20);
    const b = await orderOnTrain(store, 12);
    expect((await load(deliveryId, [a])).statusCode).toBe(200);
    const res = await load(deliveryId, [a, b]);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `Truck ${truck.plateNumber} has 10 units of space left on delivery ${deliveryId}; order(s) ${b} need 12`,
    );
    const after = (await app.inject({ url: `/api/deliveries/${deliveryId}`, headers: manager.auth })).json();
    expect(after).toMatchObject({ loaded_space: 20, order_count: 1 });
  });

  it('refuses orders that are not approved, of another route, not at the store in time, or on another truck', async () => {
    const { store, deliveryId } = await scene(500);
    const { orderId: pending } = await createPendingOrder(app, store, { space: 1 });
    expect((await load(deliveryId, [pending])).json().detail).toBe(
      `Order ${pending} is Pending: only Scheduled orders can be loaded`,
    );
    const { orderId: noTrain } = await createPendingOrder(app, store, { space: 1 });
    await app.inject({
      method: 'PUT',
      url: `/api/orders/${noTrain}/status`,
      headers: manager.auth,
      payload: { status: 'Scheduled' },
    });
    expect((await load(deliveryId, [noTrain])).json().detail).toBe(
      `Order ${noTrain} is not booked on a train yet`,
    );

    const otherRoute = await createRoute(app, store.storeId, { towns: ['Elsewhere'], hours: 3 });
    const truck2 = await createTruck(app, store.storeId);
    const elsewhere = await insertDelivery(app, {
      truckId: truck2.truckId,
      routeId: otherRoute,
      start: new Date(Date.now() + 3 * DAY),
      hours: 3,
    });
    const onTrain = await orderOnTrain(store, 1);
    expect((await load(elsewhere, [onTrain])).json().detail).toBe(
      `Order ${onTrain} is not for route Elsewhere route of delivery ${elsewhere}`,
    );

    // a delivery that leaves before the train arrives
    const early = await insertDelivery(app, {
      truckId: truck2.truckId,
      routeId: store.routeId,
      start: new Date(Date.now() + 21 * HOUR),
      hours: 2,
    });
    expect((await load(early, [onTrain])).json().detail).toMatch(
      new RegExp(`^Order ${onTrain} reaches the store at .+, after delivery ${early} leaves at .+$`),
    );
    expect((await load(deliveryId, [onTrain])).statusCode).toBe(200);
    const later = await insertDelivery(app, {
      truckId: truck2.truckId,
      routeId: store.routeId,
      start: new Date(Date.now() + 4 * DAY),
      hours: 2,
    });
    const twice = await load(later, [onTrain]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(`Order ${onTrain} is already on delivery ${deliveryId}`);
    expect((await load(deliveryId, [999_999])).statusCode).toBe(422);
    const repeated = await load(deliveryId, [onTrain, onTrain]);
    expect(repeated.statusCode).toBe(422);
  });

  it('lists the loadable orders of the route with the reason for the others', async () => {
    const { store, deliveryId } = await scene(100);
    const ready = await orderOnTrain(store, 3);
    const { orderId: approved } = await createPendingOrder(app, store, { space: 2 });
    await app.inject({
      method: 'PUT',
      url: `/api/orders/${approved}/status`,
      headers: manager.auth,
      payload: { status: 'Scheduled' },
    });
    await load(deliveryId, [ready]);
    const res = await app.inject({
      url: `/api/deliveries/${deliveryId}/loadable-orders`,
      headers: manager.auth,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ order_id: number; on_this_delivery: boolean; reason: string | null }>;
    expect(rows.find((r) => r.order_id === ready)).toMatchObject({
      on_this_delivery: true,
      reason: null,
      space: 3,
    });
    expect(rows.find((r) => r.order_id === approved)).toMatchObject({
      on_this_delivery: false,
      reason: `Order ${approved} is not booked on a train yet`,
    });
  });

  it('reads the same rows as the statements before decision 0054, for the list and for the load', async () => {
    const { store, deliveryId } = await scene(100);
    const onThis = await orderOnTrain(store, 3);
    const free = await orderOnTrain(store, 2.25);
    const { orderId: unbooked } = await createPendingOrder(app, store, { space: 1.5 });
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/orders/${unbooked}/status`,
          headers: manager.auth,
          payload: { status: 'Scheduled' },
        })
      ).statusCode,
    ).toBe(200);
    await createPendingOrder(app, store, { space: 4 });
    // another delivery of the route carries one order: not listed for this one
    const other = await insertDelivery(app, {
      truckId: (await createTruck(app, store.storeId, { capacity: 100 })).truckId,
      routeId: store.routeId,
      start: new Date(Date.now() + 4 * DAY),
      hours: 4,
    });
    const onOther = await orderOnTrain(store, 1);
    expect((await load(other, [onOther])).statusCode).toBe(200);
    expect((await load(deliveryId, [onThis])).statusCode).toBe(200);

    const columns = sql`o.order_id, o.status, o.route_id, c.name as customer_name,
      coalesce(nullif(o.delivery_address, ''), c.address) as delivery_address,
      to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date, order_space(o.order_id)::float8 as space,
      (select to_char(max(t.arrival_date_time) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from train_allocations a
         join train_trips t on t.train_trip_id = a.train_trip_id where a.order_id = o.order_id) as train_arrival,
      x.delivery_id`;
    const before = await app.ctx.db.execute(
      sql`select ${columns}
          from orders o join customers c on c.customer_id = o.customer_id
          left join delivery_orders x on x.order_id = o.order_id
          where o.route_id = ${store.routeId} and o.status = 'Scheduled'
            and (x.delivery_id is null or x.delivery_id = ${deliveryId})
          order by o.schedule_date, o.order_id
          limit 200`,
    );
    const now = await routeCandidates(app.ctx.db, store.routeId, deliveryId, 200);
    expect(now).toEqual(before.rows);
    expect(now.map((o) => o.order_id).sort((a, b) => a - b)).toEqual([onThis, free, unbooked]);
    expect(now.find((o) => o.order_id === unbooked)).toMatchObject({ space: 1.5, train_arrival: null });
    expect(await routeCandidates(app.ctx.db, store.routeId, deliveryId, 1)).toEqual(before.rows.slice(0, 1));

    const ids = [onThis, free, unbooked, onOther];
    const locked = await app.ctx.db.transaction((tx) => lockLoadCandidates(tx, ids));
    const lockedBefore = await app.ctx.db.execute(
      sql`select ${columns}
          from orders o join customers c on c.customer_id = o.customer_id
          left join delivery_orders x on x.order_id = o.order_id
          where o.order_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by o.order_id`,
    );
    expect(locked).toEqual(lockedBefore.rows);
  });

  it('never overloads a truck when managers load it at the same moment: one whole set wins', async () => {
    const { store, deliveryId } = await scene(10);
    const orders: number[] = [];
    for (let i = 0; i < 6; i++) orders.push(await orderOnTrain(store, 4));
    const sets = [orders.slice(0, 2), orders.slice(2, 4), orders.slice(4, 6)];
    const results = await Promise.all(sets.map((set) => load(deliveryId, set)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const after = (await app.inject({ url: `/api/deliveries/${deliveryId}`, headers: manager.auth })).json();
    expect(after).toMatchObject({ loaded_space: 8, order_count: 2 });
    const loaded = after.orders.map((o: { order_id: number }) => o.order_id);
    expect(sets.map((set) => JSON.stringify(set))).toContain(JSON.stringify(loaded));
    // each order as the contract has it, and the list shows the same orders under the delivery
    expect(Object.keys(after.orders[0]).sort()).toEqual([
      'customer_name',
      'order_id',
      'schedule_date',
      'space',
      'status',
    ]);
    const list = await app.inject({
      url: '/api/deliveries/deliveries?page_size=100',
      headers: manager.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().find((d: { delivery_id: number }) => d.delivery_id === deliveryId);
    expect(listed.orders).toEqual(after.orders);
  });

  it('the database itself refuses an overload, whoever writes it', async () => {
    const { store, deliveryId } = await scene(5);
    const big = await orderOnTrain(store, 6);
    await expect(
      app.ctx.db.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveryId}, ${big})`,
      ),
    ).rejects.toThrow();
    await expect(
      app.ctx.db.execute(sql`update deliveries set loaded_space = 1 where delivery_id = ${deliveryId}`),
    ).rejects.toThrow();
  });

  it('only while the delivery has not started', async () => {
    const { store } = await scene(100);
    const truck = await createTruck(app, store.storeId);
    const started = await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: store.routeId,
      start: new Date(Date.now() + 3 * DAY),
      hours: 2,
      driverId: (await createCrewMember(app, 'Driver', store.storeId)).employeeId,
      assistantId: (await createCrewMember(app, 'Assistant', store.storeId)).employeeId,
      status: 'In Transit',
    });
    expect((await load(started, [])).json().detail).toBe(
      `Delivery ${started} is In Transit: orders can only be loaded before it starts`,
    );
  });
});
