import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crewScene } from '#server/test/crew-factories';
import { expectCsvLinesExact } from '#server/test/delivery-performance-expected';
import { pdfText } from '#server/test/documents';
import { createUser, daysFromNow } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createPendingOrder,
  createStore,
  createTrip,
  createTruck,
  HOUR,
  insertDelivery,
} from '#server/test/scheduling-factories';

// After a failed delivery (docs/decisions/0058): the items not delivered wait at the city store
// until they are loaded on a truck again or sent back to Kandy (ledger, credit); the manager's
// alert stays until then; the customer's words follow the order.
const { app } = await createTestApp();
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');
const warehouse = await createUser(app, 'Warehouse Manager');

type Auth = { auth: { authorization: string } };
const post = (who: Auth, url: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: who.auth, payload });
const get = (who: Auth, url: string) => app.inject({ url, headers: who.auth });
const returnToKandy = (who: Auth, orderId: number, note?: string) =>
  post(who, `/api/orders/${orderId}/return-to-kandy`, note === undefined ? {} : { note });

/** An order of two items (quantities 1 and 2, 0.5 space each), the first delivered, the second damaged. */
async function partlyDelivered() {
  const s = await crewScene(app, { manager, orderCount: 1 });
  const o = s.orders[0]!;
  expect((await post(s.driver, `/api/deliveries/${s.deliveryId}/start`)).statusCode).toBe(200);
  const [kept, broken] = o.productIds as [number, number];
  const c = await post(s.assistant, `/api/deliveries/${s.deliveryId}/confirm-item`, {
    order_id: o.orderId,
    product_id: kept,
  });
  expect(c.statusCode, c.body).toBe(201);
  const f = await post(s.assistant, `/api/deliveries/${s.deliveryId}/fail-item`, {
    order_id: o.orderId,
    product_id: broken,
    reason: 'Damaged',
  });
  expect(f.statusCode, f.body).toBe(201);
  // its train came in hours ago: the goods are at the store
  await db.execute(
    sql`update train_trips set departure_date_time = now() - interval '10 hours', arrival_date_time = now() - interval '6 hours'
         where train_trip_id in (select train_trip_id from train_allocations where order_id = ${o.orderId})`,
  );
  return { ...s, order: o, kept, broken };
}

const alertsFor = async (orderId: number) =>
  (await get(manager, '/api/dashboard/manager-stats'))
    .json()
    .alerts.filter(
      (a: { type: string; ref_id: number }) => a.type === 'order_delivery_failed' && a.ref_id === orderId,
    );

async function expectOpenExact() {
  const res = await db.execute<{ failure_id: number; open: boolean; expected: boolean }>(
    sql`select f.failure_id, f.open,
          f.failure_id = (select m.failure_id from delivery_failures m where m.order_id = f.order_id
                           order by m.failed_at desc, m.failure_id desc limit 1)
          and o.status = 'Scheduled'
          and not exists (select 1 from delivery_orders x where x.order_id = f.order_id) as expected
        from delivery_failures f join orders o using (order_id) order by f.failure_id`,
  );
  for (const r of res.rows) expect(r.open, `failure ${r.failure_id}`).toBe(r.expected);
  await expectCsvLinesExact(db);
}

/** A second run on the scene's route in an hour, with its own truck and crew. */
async function secondRun(s: Awaited<ReturnType<typeof partlyDelivered>>) {
  const truck = await createTruck(app, s.store.storeId, { capacity: 100 });
  const driver = await createUser(app, 'Driver');
  const assistant = await createUser(app, 'Driver Assistant');
  const deliveryId = await insertDelivery(app, {
    truckId: truck.truckId,
    routeId: s.store.routeId,
    start: new Date(Date.now() + HOUR),
    hours: 4,
    driverId: driver.employeeId,
    assistantId: assistant.employeeId,
  });
  return { deliveryId, driver, assistant };
}

describe('the items not delivered wait at the store and go on another truck', () => {
  it('are in the store stock, loadable with the space they take, and only they are asked of the next crew', async () => {
    const s = await partlyDelivered();
    const stock = (await get(warehouse, `/api/stores/${s.store.storeId}/stock`)).json();
    const mine = stock.at_store.flatMap(
      (l: { product_id: number; orders: Array<{ order_id: number; quantity: number }> }) =>
        l.orders
          .filter((x) => x.order_id === s.order.orderId)
          .map((x) => ({ product_id: l.product_id, quantity: x.quantity })),
    );
    expect(mine).toEqual([{ product_id: s.broken, quantity: 2 }]);
    expect(await alertsFor(s.order.orderId)).toHaveLength(1);

    const run = await secondRun(s);
    const loadable = (await get(manager, `/api/deliveries/${run.deliveryId}/loadable-orders`)).json();
    // the damaged item only: 2 x 0.5, not the whole order's 1.5 booked on the train
    expect(loadable.find((x: { order_id: number }) => x.order_id === s.order.orderId)).toMatchObject({
      space: 1,
      reason: null,
    });
    const load = await app.inject({
      method: 'PUT',
      url: `/api/deliveries/${run.deliveryId}/orders`,
      headers: manager.auth,
      payload: { order_ids: [s.order.orderId] },
    });
    expect(load.statusCode, load.body).toBe(200);
    expect(load.json().loaded_space).toBe(1);
    // re-planned: the alert is gone
    expect(await alertsFor(s.order.orderId)).toHaveLength(0);
    await expectOpenExact();
    // taken off the truck again: the alert comes back
    await app.inject({
      method: 'PUT',
      url: `/api/deliveries/${run.deliveryId}/orders`,
      headers: manager.auth,
      payload: { order_ids: [] },
    });
    expect(await alertsFor(s.order.orderId)).toHaveLength(1);
    await expectOpenExact();
    await app.inject({
      method: 'PUT',
      url: `/api/deliveries/${run.deliveryId}/orders`,
      headers: manager.auth,
      payload: { order_ids: [s.order.orderId] },
    });

    expect((await post(run.driver, `/api/deliveries/${run.deliveryId}/start`)).statusCode).toBe(200);
    const detail = (await get(s.order.customer, `/api/orders/${s.order.orderId}`)).json();
    expect(detail).toMatchObject({ status: 'In Transit', status_label: 'Out for delivery' });
    expect(detail.items.map((i: { state: string }) => i.state)).toEqual(['delivered', 'pending']);
    const items = (await get(run.assistant, `/api/deliveries/${run.deliveryId}/order-items`)).json();
    expect(items.map((i: { product_id: number }) => i.product_id)).toEqual([s.broken]);
    const card = (
      await get(run.assistant, `/api/deliveries/assistant/${run.assistant.employeeId}/assignments`)
    ).json()[0];
    expect(card).toMatchObject({ delivery_id: run.deliveryId, order_count: 1, item_count: 1 });
    // the item delivered on the first run is not asked again
    const again = await post(run.assistant, `/api/deliveries/${run.deliveryId}/confirm-item`, {
      order_id: s.order.orderId,
      product_id: s.kept,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain(`was delivered on delivery ${s.deliveryId}`);
    const done = await post(run.assistant, `/api/deliveries/${run.deliveryId}/confirm-item`, {
      order_id: s.order.orderId,
      product_id: s.broken,
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ order_status: 'Delivered', delivery_status: 'Delivered' });
    const after = (await get(s.order.customer, `/api/orders/${s.order.orderId}`)).json();
    expect(after).toMatchObject({ status: 'Delivered', status_label: 'Delivered', credit: 0 });
    expect(after.items.map((i: { state: string }) => i.state)).toEqual(['delivered', 'delivered']);
    expect(after.delivery_failures).toHaveLength(1);
    // a row for each run in the report: partly delivered on the first, on time on the second
    const report = (
      await get(manager, `/api/report/delivery-performance?from=${daysFromNow(-1)}&to=${daysFromNow(1)}`)
    ).json();
    expect(
      report
        .filter((r: { order_id: number }) => r.order_id === s.order.orderId)
        .map((r: { delivery_id: number; performance_status: string }) => [
          r.delivery_id,
          r.performance_status,
        ]),
    ).toEqual([
      [run.deliveryId, 'On Time'],
      [s.deliveryId, 'Partly delivered'],
    ]);
    await expectOpenExact();
  });
});

describe('POST /api/orders/{id}/return-to-kandy', () => {
  it('sends the undelivered items back through the ledger, credits them and closes the order Delivered for what was delivered', async () => {
    const s = await partlyDelivered();
    const units = async () =>
      (
        await db.execute<{ available_units: number }>(
          sql`select available_units from products where product_id = ${s.broken}`,
        )
      ).rows[0]!.available_units;
    const before = await units();
    expect((await returnToKandy(s.order.customer, s.order.orderId)).statusCode).toBe(403);
    expect((await returnToKandy(warehouse, s.order.orderId)).statusCode).toBe(403);
    const res = await returnToKandy(manager, s.order.orderId, 'Carton crushed, customer will reorder');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      order_id: s.order.orderId,
      status: 'Delivered',
      previous_status: 'Scheduled',
    });
    expect(body.returned).toEqual([expect.objectContaining({ product_id: s.broken, quantity: 2 })]);
    expect(body.credit).toBe(body.returned[0].credit);
    // the ledger: one movement back into Kandy's stock, with the order and the note
    const ledger = await db.execute(
      sql`select product_id, delta, reason, note from stock_movements
           where order_id = ${s.order.orderId} and reason = 'delivery_returned'`,
    );
    expect(ledger.rows).toEqual([
      {
        product_id: s.broken,
        delta: 2,
        reason: 'delivery_returned',
        note: 'Carton crushed, customer will reorder',
      },
    ]);
    expect(await units()).toBe(before + 2);
    // stock_daily counts it as returned, as the ledger says (migrations/0005_a, 0030)
    const daily = await db.execute<{ same: boolean }>(
      sql`select (select coalesce(sum(returned_units), 0) from stock_daily where product_id = ${s.broken})
               = (select coalesce(sum(delta), 0) from stock_movements
                   where product_id = ${s.broken} and reason in ('order_cancelled', 'delivery_returned')) as same`,
    );
    expect(daily.rows[0]!.same).toBe(true);
    // the order: Delivered at its last hand-over, the rest credited
    const times = await db.execute<{ same: boolean }>(
      sql`select o.delivered_at = (select max(confirmed_at) from item_confirmations c where c.order_id = o.order_id) as same
            from orders o where o.order_id = ${s.order.orderId}`,
    );
    expect(times.rows[0]!.same).toBe(true);
    const detail = (await get(s.order.customer, `/api/orders/${s.order.orderId}`)).json();
    expect(detail).toMatchObject({
      status: 'Delivered',
      status_label: 'Partly delivered: 1 of 2 items, rest credited',
      customer_stage: 'partly_delivered',
      credit: body.credit,
    });
    expect(detail.amount_due).toBeCloseTo(detail.total - body.credit, 2);
    expect(detail.items.map((i: { state: string }) => i.state)).toEqual(['delivered', 'returned']);
    expect(detail.returned_at).not.toBeNull();
    const pdf = await pdfText(
      (await get(s.order.customer, `/api/orders/${s.order.orderId}/invoice.pdf`)).rawPayload,
    );
    for (const text of [
      'Credit: not delivered',
      'Amount due',
      'Not delivered: returned to Kandy and credited',
    ]) {
      expect(pdf).toContain(text);
    }
    const notes = (await get(s.order.customer, '/api/notifications')).json();
    expect(notes[0].message).toContain('went back to our Kandy warehouse');
    expect(notes[0].message).toContain('is credited to you');
    // the alert is gone, the store holds nothing of it, and it cannot be sent back twice
    expect(await alertsFor(s.order.orderId)).toHaveLength(0);
    const stock = (await get(warehouse, `/api/stores/${s.store.storeId}/stock`)).json();
    expect(JSON.stringify(stock)).not.toContain(`"order_id":${s.order.orderId},`);
    const twice = await returnToKandy(manager, s.order.orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(
      `Order ${s.order.orderId} is Delivered: only an order back at the store after a failed delivery can be sent back to Kandy`,
    );
    await expectOpenExact();
  });

  it('cancels an order nothing of which was delivered, crediting the delivery fee too', async () => {
    const s = await crewScene(app, { manager, orderCount: 1 });
    const o = s.orders[0]!;
    await post(s.driver, `/api/deliveries/${s.deliveryId}/start`);
    await post(s.assistant, `/api/deliveries/${s.deliveryId}/orders/${o.orderId}/fail`, {
      reason: 'Customer absent',
    });
    const res = await returnToKandy(manager, o.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Cancelled' });
    const detail = (await get(o.customer, `/api/orders/${o.orderId}`)).json();
    expect(detail).toMatchObject({
      status: 'Cancelled',
      status_label: 'Returned to Kandy, credited',
      customer_stage: 'returned',
      credit: detail.total,
      amount_due: 0,
    });
    const ledger = await db.execute(
      sql`select count(*)::int as n from stock_movements where order_id = ${o.orderId} and reason = 'delivery_returned'`,
    );
    expect(ledger.rows[0]).toEqual({ n: 2 });
    await expectOpenExact();
  });

  it('refuses an order that never failed, one loaded on a truck again, and a partly delivered order is not cancelled', async () => {
    const store = await createStore(app);
    await createTrip(app, store.cityId, { departH: 20, capacity: 1_000 });
    const pending = await createPendingOrder(app, store, { space: 1 });
    const never = await returnToKandy(manager, pending.orderId);
    expect(never.statusCode).toBe(409);
    expect(never.json().detail).toBe(
      `Order ${pending.orderId} is Pending: only an order back at the store after a failed delivery can be sent back to Kandy`,
    );
    await app.inject({
      method: 'PUT',
      url: `/api/orders/${pending.orderId}/status`,
      headers: manager.auth,
      payload: { status: 'Scheduled' },
    });
    const approved = await returnToKandy(manager, pending.orderId);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().detail).toBe(
      `Order ${pending.orderId} has had no failed delivery: its items are not back from a truck (reject it to cancel it instead)`,
    );
    expect((await returnToKandy(manager, 999_999)).statusCode).toBe(404);

    const s = await partlyDelivered();
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/orders/${s.order.orderId}/status`,
      headers: manager.auth,
      payload: { status: 'Cancelled', reason: 'Customer changed their mind' },
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().detail).toBe(
      `Order ${s.order.orderId} is partly delivered (1 item handed over): it cannot be cancelled; send its other items back to Kandy instead`,
    );
    const run = await secondRun(s);
    await app.inject({
      method: 'PUT',
      url: `/api/deliveries/${run.deliveryId}/orders`,
      headers: manager.auth,
      payload: { order_ids: [s.order.orderId] },
    });
    const loaded = await returnToKandy(manager, s.order.orderId);
    expect(loaded.statusCode).toBe(409);
    expect(loaded.json().detail).toBe(
      `Order ${s.order.orderId} is loaded on delivery ${run.deliveryId} to be delivered again: take it off that truck first`,
    );
  });

  it('two managers at once, and a return against a loading: one wins, the ledger holds one return', async () => {
    const s = await partlyDelivered();
    const [a, b] = await Promise.all([
      returnToKandy(manager, s.order.orderId),
      returnToKandy(manager, s.order.orderId),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ledger = await db.execute(
      sql`select count(*)::int as n from stock_movements where order_id = ${s.order.orderId} and reason = 'delivery_returned'`,
    );
    expect(ledger.rows[0]).toEqual({ n: 1 });

    const t = await partlyDelivered();
    const run = await secondRun(t);
    const [load, back] = await Promise.all([
      app.inject({
        method: 'PUT',
        url: `/api/deliveries/${run.deliveryId}/orders`,
        headers: manager.auth,
        payload: { order_ids: [t.order.orderId] },
      }),
      returnToKandy(manager, t.order.orderId),
    ]);
    // exactly one of them took the order
    expect([load.statusCode, back.statusCode].sort()).toEqual([200, 409]);
    const state = await db.execute<{ status: string; loaded: boolean; returned: number }>(
      sql`select o.status, exists (select 1 from delivery_orders x where x.order_id = o.order_id) as loaded,
            (select count(*)::int from order_item_returns r where r.order_id = o.order_id) as returned
          from orders o where o.order_id = ${t.order.orderId}`,
    );
    const row = state.rows[0]!;
    if (load.statusCode === 200) expect(row).toEqual({ status: 'Scheduled', loaded: true, returned: 0 });
    else expect(row).toEqual({ status: 'Delivered', loaded: false, returned: 1 });
    await expectOpenExact();
  });
});

describe("the customer's words for an approved order", () => {
  it('says waiting for a train until one is booked, then booked on a train, then at the store', async () => {
    const store = await createStore(app);
    const trip = await createTrip(app, store.cityId, { departH: 20, capacity: 1_000 });
    const order = await createPendingOrder(app, store, { space: 1 });
    const label = async () =>
      (await get(order.customer, '/api/orders'))
        .json()
        .find((o: { order_id: number }) => o.order_id === order.orderId).status_label;
    expect(await label()).toBe('Waiting for approval');
    await app.inject({
      method: 'PUT',
      url: `/api/orders/${order.orderId}/status`,
      headers: manager.auth,
      payload: { status: 'Scheduled' },
    });
    expect(await label()).toBe('Approved, waiting for a train');
    const notes = (await get(order.customer, '/api/notifications')).json();
    expect(notes[0].message).toBe(
      `Order #${order.orderId}: Approved, waiting for a train. We will book it on a train to the ${store.cityName} store.`,
    );
    expect((await post(manager, `/api/orders/${order.orderId}/allocate-train`)).statusCode).toBe(200);
    expect(await label()).toBe('Booked on a train');
    await db.execute(
      sql`update train_trips set departure_date_time = now() - interval '10 hours', arrival_date_time = now() - interval '6 hours'
           where train_trip_id = ${trip.trainTripId}`,
    );
    expect(await label()).toBe(`At the ${store.cityName} store`);
    const stats = (await get(order.customer, '/api/dashboard/customer-stats')).json();
    expect(stats.recent_orders[0]).toMatchObject({
      order_id: order.orderId,
      status: 'Scheduled',
      status_label: `At the ${store.cityName} store`,
      customer_stage: 'at_store',
    });
  });
});
