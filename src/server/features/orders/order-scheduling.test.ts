import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createPendingOrder,
  createStore,
  createTrip,
  createTruck,
  DAY,
  insertDelivery,
} from '#server/test/scheduling-factories';

const { app } = await createTestApp();
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');

const allocate = (orderId: number, user = manager) =>
  app.inject({ method: 'POST', url: `/api/orders/${orderId}/allocate-train`, headers: user.auth });
const setStatus = (orderId: number, payload: Record<string, unknown>, user = manager) =>
  app.inject({ method: 'PUT', url: `/api/orders/${orderId}/status`, headers: user.auth, payload });
const used = async (tripId: number) =>
  (
    await db.execute<{ used: number; booked: number }>(
      sql`select used_capacity::float8 as used,
            (select coalesce(sum(space), 0)::float8 from train_allocations where train_trip_id = ${tripId}) as booked
          from train_trips where train_trip_id = ${tripId}`,
    )
  ).rows[0]!;
const orderStatus = async (orderId: number) =>
  (await db.execute<{ status: string }>(sql`select status from orders where order_id = ${orderId}`)).rows[0]!
    .status;
const lastHistory = async (orderId: number) =>
  (
    await db.execute<{ from_status: string; to_status: string; changed_by: number; reason: string | null }>(
      sql`select from_status, to_status, changed_by, reason from order_status_history
          where order_id = ${orderId} order by history_id desc limit 1`,
    )
  ).rows[0]!;

describe('POST /api/orders/{id}/allocate-train', () => {
  it('books an order that fits on the earliest trip before its date and sets it Scheduled', async () => {
    const store = await createStore(app);
    const later = await createTrip(app, store.cityId, { departH: 72, capacity: 100 });
    const first = await createTrip(app, store.cityId, { departH: 24, capacity: 100 });
    const { orderId } = await createPendingOrder(app, store, { space: 12.5 });
    const res = await allocate(orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      allocations: [
        {
          train_trip_id: first.trainTripId,
          train_name: first.trainName,
          departure_date_time: first.departureDateTime.toISOString().replace(/\.\d+Z$/, 'Z'),
          arrival_date_time: first.arrivalDateTime.toISOString().replace(/\.\d+Z$/, 'Z'),
          allocated_space: 12.5,
        },
      ],
    });
    expect(await used(first.trainTripId)).toEqual({ used: 12.5, booked: 12.5 });
    expect(await used(later.trainTripId)).toEqual({ used: 0, booked: 0 });
    expect(await orderStatus(orderId)).toBe('Scheduled');
    expect(await lastHistory(orderId)).toEqual({
      from_status: 'Pending',
      to_status: 'Scheduled',
      changed_by: manager.userId,
      reason: `Booked on train trip ${first.trainTripId}`,
    });
    // the customer's order detail shows the train leg
    const detail = (await app.inject({ url: `/api/orders/${orderId}`, headers: manager.auth })).json();
    expect(detail.train_legs).toMatchObject([{ train_trip_id: first.trainTripId, space: 12.5 }]);
  });

  it('spills what does not fit onto the next trip (an order on two trips)', async () => {
    const store = await createStore(app);
    const small = await createTrip(app, store.cityId, { departH: 24, capacity: 10 });
    const next = await createTrip(app, store.cityId, { departH: 48, capacity: 100 });
    const { orderId: filler } = await createPendingOrder(app, store, { space: 4 });
    expect((await allocate(filler)).statusCode).toBe(200);
    const { orderId } = await createPendingOrder(app, store, { space: 15 });
    const res = await allocate(orderId);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().allocations.map((a: { train_trip_id: number; allocated_space: number }) => a),
    ).toMatchObject([
      { train_trip_id: small.trainTripId, allocated_space: 6 },
      { train_trip_id: next.trainTripId, allocated_space: 9 },
    ]);
    expect(await used(small.trainTripId)).toEqual({ used: 10, booked: 10 });
    expect(await used(next.trainTripId)).toEqual({ used: 9, booked: 9 });
  });

  it('books nothing when the trips before the date cannot take it all, and says why', async () => {
    const store = await createStore(app);
    const a = await createTrip(app, store.cityId, { departH: 24, capacity: 5 });
    const b = await createTrip(app, store.cityId, { departH: 48, capacity: 3 });
    const afterDate = await createTrip(app, store.cityId, { departH: 24 * 12, capacity: 500 });
    const { orderId } = await createPendingOrder(app, store, { space: 10, days: 10 });
    const res = await allocate(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(
      new RegExp(
        `^Only 8 of 10 units of space are free on the 2 trip\\(s\\) to ${store.cityName} arriving before \\d{1,2} [A-Z][a-z]{2} \\d{4}; nothing was booked$`,
      ),
    );
    for (const trip of [a, b, afterDate])
      expect(await used(trip.trainTripId)).toEqual({ used: 0, booked: 0 });
    expect(await orderStatus(orderId)).toBe('Pending');
  });

  it('says when no trip to the city arrives before the date', async () => {
    const store = await createStore(app);
    await createTrip(app, store.cityId, { departH: -2, capacity: 500 }); // already left
    const { orderId } = await createPendingOrder(app, store, { space: 1 });
    const res = await allocate(orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(
      new RegExp(
        `^No train trip to ${store.cityName} leaves after now and arrives before .+ \\(order ${orderId} needs 1 units of space\\); nothing was booked$`,
      ),
    );
  });

  it('refuses an order already on a train or no longer open; books an approved order without a train', async () => {
    const store = await createStore(app);
    const trip = await createTrip(app, store.cityId, { departH: 24, capacity: 100 });
    const { orderId } = await createPendingOrder(app, store, { space: 2 });
    expect((await allocate(orderId)).statusCode).toBe(200);
    const again = await allocate(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(`Order ${orderId} is already booked on train trip ${trip.trainTripId}`);

    const { orderId: approved } = await createPendingOrder(app, store, { space: 2 });
    expect((await setStatus(approved, { status: 'Scheduled' })).statusCode).toBe(200);
    expect((await allocate(approved)).statusCode).toBe(200);
    expect(await lastHistory(approved)).toMatchObject({ from_status: 'Pending', to_status: 'Scheduled' });

    const { orderId: cancelled } = await createPendingOrder(app, store, { space: 2 });
    await setStatus(cancelled, { status: 'Cancelled', reason: 'duplicate' });
    expect((await allocate(cancelled)).json().detail).toBe(
      `Order ${cancelled} is Cancelled: only Pending or Scheduled orders can be booked on a train`,
    );
    expect((await allocate(999_999)).statusCode).toBe(404);
    expect((await allocate(orderId, await createUser(app, 'Customer'))).statusCode).toBe(403);
  });

  it('never pushes a trip past its capacity when managers allocate at the same moment', async () => {
    const store = await createStore(app);
    const trip = await createTrip(app, store.cityId, { departH: 24, capacity: 10 });
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push((await createPendingOrder(app, store, { space: 3 })).orderId);
    const results = await Promise.all(orders.map((id) => allocate(id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().detail).toMatch(/^Only 1 of 3 units of space are free/);
    }
    expect(await used(trip.trainTripId)).toEqual({ used: 9, booked: 9 });
  });

  it('previews the booking without making it', async () => {
    const store = await createStore(app);
    const trip = await createTrip(app, store.cityId, { departH: 24, capacity: 4 });
    const trip2 = await createTrip(app, store.cityId, { departH: 30, capacity: 40 });
    const { orderId } = await createPendingOrder(app, store, { space: 6 });
    const res = await app.inject({ url: `/api/orders/${orderId}/allocation-preview`, headers: manager.auth });
    expect(res.json()).toMatchObject({
      order_id: orderId,
      destination_city: store.cityName,
      space: 6,
      can_allocate: true,
      reason: null,
      booked: [],
      plan: [
        { train_trip_id: trip.trainTripId, allocated_space: 4 },
        { train_trip_id: trip2.trainTripId, allocated_space: 2 },
      ],
    });
    expect(await used(trip.trainTripId)).toEqual({ used: 0, booked: 0 });
  });
});

describe('PUT /api/orders/{id}/status', () => {
  it('approves a pending order, with the actor and reason in the history', async () => {
    const store = await createStore(app);
    const { orderId } = await createPendingOrder(app, store, { space: 1 });
    const res = await setStatus(orderId, { status: 'Scheduled', reason: '  Checked credit  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_id: orderId, status: 'Scheduled', previous_status: 'Pending' });
    expect(await lastHistory(orderId)).toEqual({
      from_status: 'Pending',
      to_status: 'Scheduled',
      changed_by: manager.userId,
      reason: 'Checked credit',
    });
  });

  it('refuses every other transition with a 409 that names it', async () => {
    const store = await createStore(app);
    const { orderId } = await createPendingOrder(app, store, { space: 1 });
    const delivered = await setStatus(orderId, { status: 'Delivered' });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().detail).toBe(
      `Order ${orderId} cannot go from Pending to Delivered: an order becomes Delivered when the crew has confirmed every item`,
    );
    await setStatus(orderId, { status: 'Scheduled' });
    expect((await setStatus(orderId, { status: 'In Transit' })).json().detail).toBe(
      `Order ${orderId} cannot go from Scheduled to In Transit here: an order goes In Transit when its truck delivery starts`,
    );
    expect((await setStatus(orderId, { status: 'Scheduled' })).json().detail).toBe(
      `Order ${orderId} is already Scheduled`,
    );
    await setStatus(orderId, { status: 'Cancelled' });
    expect((await setStatus(orderId, { status: 'Scheduled' })).json().detail).toBe(
      `Order ${orderId} cannot go from Cancelled to Scheduled`,
    );
    const bad = await setStatus(orderId, { status: 'Lost' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/status/);
    expect(
      (await setStatus(orderId, { status: 'Cancelled' }, await createUser(app, 'Customer'))).statusCode,
    ).toBe(403);
  });

  it('cancelling returns the stock, frees the train space and takes the order off its truck', async () => {
    const store = await createStore(app);
    const trip = await createTrip(app, store.cityId, { departH: 24, capacity: 50 });
    const { orderId, productId } = await createPendingOrder(app, store, { space: 20 });
    const units = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select available_units as n from products where product_id = ${productId}`,
        )
      ).rows[0]!.n;
    expect(await units()).toBe(100_000 - 40);
    expect((await allocate(orderId)).statusCode).toBe(200);
    const truck = await createTruck(app, store.storeId, { capacity: 30 });
    const deliveryId = await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: store.routeId,
      start: new Date(Date.now() + 3 * DAY),
      hours: 4,
    });
    const load = await app.inject({
      method: 'PUT',
      url: `/api/deliveries/${deliveryId}/orders`,
      headers: manager.auth,
      payload: { order_ids: [orderId] },
    });
    expect(load.statusCode).toBe(200);
    expect(load.json()).toMatchObject({ loaded_space: 20, order_count: 1 });

    const res = await setStatus(orderId, { status: 'Cancelled', reason: 'Customer closed the shop' });
    expect(res.statusCode).toBe(200);
    expect(await units()).toBe(100_000);
    const ledger = await db.execute<{ delta: number; reason: string; note: string | null }>(
      sql`select delta, reason, note from stock_movements where order_id = ${orderId} order by movement_id`,
    );
    expect(ledger.rows).toEqual([
      { delta: -40, reason: 'order_reserved', note: null },
      { delta: 40, reason: 'order_cancelled', note: 'Customer closed the shop' },
    ]);
    expect(await used(trip.trainTripId)).toEqual({ used: 0, booked: 0 });
    const delivery = (
      await app.inject({ url: `/api/deliveries/${deliveryId}`, headers: manager.auth })
    ).json();
    expect(delivery).toMatchObject({ loaded_space: 0, order_count: 0, orders: [] });
    expect(await lastHistory(orderId)).toMatchObject({
      from_status: 'Scheduled',
      to_status: 'Cancelled',
      changed_by: manager.userId,
      reason: 'Customer closed the shop',
    });
  });
});
