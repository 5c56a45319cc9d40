import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createPendingOrder, createStore, createTrip, HOUR } from '#server/test/scheduling-factories';

const { app } = await createTestApp();
const manager = await createUser(app, 'Manager');
const post = (payload: Record<string, unknown>, user = manager) =>
  app.inject({ method: 'POST', url: '/api/train-trips', headers: user.auth, payload });
const iso = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();

describe('POST /api/train-trips', () => {
  it('adds a trip from Kandy that starts empty', async () => {
    const store = await createStore(app);
    const res = await post({
      arrival_city: store.cityName.toUpperCase(),
      departure_date_time: iso(24),
      arrival_date_time: iso(28),
      total_capacity: 250.5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      departure_city: 'Kandy',
      arrival_city: store.cityName,
      train_name: `Kandy–${store.cityName} Goods`,
      total_capacity: 250.5,
      used_capacity: 0,
      free_capacity: 250.5,
      utilization_percent: 0,
      status: 'On Schedule',
      journey: 'Upcoming',
      orders_count: 0,
      orders: [],
    });
  });

  it('names each bad field', async () => {
    const store = await createStore(app);
    const base = {
      arrival_city: store.cityName,
      departure_date_time: iso(24),
      arrival_date_time: iso(28),
      total_capacity: 100,
    };
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ arrival_city: 'Atlantis' }, 422, /^arrival_city: there is no store in 'Atlantis'$/],
      [{ arrival_city: 'Kandy' }, 422, /arrival_city: there is no store in 'Kandy'/],
      [{ arrival_date_time: iso(20) }, 422, /arrival_date_time: the train must arrive after it departs/],
      [{ departure_date_time: iso(-1) }, 422, /departure_date_time: a new trip must depart in the future/],
      [{ departure_date_time: '2030-01-01T10:00' }, 422, /departure_date_time: must be an ISO date-time/],
      [{ total_capacity: 0 }, 422, /total_capacity: must be more than 0/],
      [{ total_capacity: 10.005 }, 422, /total_capacity: must have at most 2 decimals/],
    ];
    for (const [change, status, detail] of cases) {
      const res = await post({ ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().detail).toMatch(detail);
    }
  });

  it('is for managers and admins; warehouse staff may read the board', async () => {
    const store = await createStore(app);
    const body = {
      arrival_city: store.cityName,
      departure_date_time: iso(24),
      arrival_date_time: iso(28),
      total_capacity: 10,
    };
    expect((await post(body, await createUser(app, 'Customer'))).statusCode).toBe(403);
    expect((await post(body, await createUser(app, 'Warehouse Manager'))).statusCode).toBe(403);
    expect((await post(body, await createUser(app, 'Admin'))).statusCode).toBe(201);
    const warehouse = await createUser(app, 'Warehouse Manager');
    expect((await app.inject({ url: '/api/train-trips', headers: warehouse.auth })).statusCode).toBe(200);
    const driver = await createUser(app, 'Driver');
    expect((await app.inject({ url: '/api/train-trips', headers: driver.auth })).statusCode).toBe(403);
  });
});

describe('GET /api/train-trips', () => {
  it('filters by arrival city and departure period, earliest first, with the total', async () => {
    const store = await createStore(app);
    const base = new Date('2031-05-10T00:00:00Z');
    const late = await createTrip(app, store.cityId, { departH: 48, capacity: 100, base });
    const early = await createTrip(app, store.cityId, { departH: 2, capacity: 100, base });
    await createTrip(app, store.cityId, { departH: 24 * 30, capacity: 100, base });
    const res = await app.inject({
      url: `/api/train-trips?arrival_city=${store.cityName}&from=2031-05-10&to=2031-05-12&page_size=5`,
      headers: manager.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((t: { train_trip_id: number }) => t.train_trip_id)).toEqual([
      early.trainTripId,
      late.trainTripId,
    ]);
    const bad = await app.inject({ url: '/api/train-trips?arrival_city=Nowhere', headers: manager.auth });
    expect(bad.statusCode).toBe(422);
    const reversed = await app.inject({
      url: '/api/train-trips?from=2031-05-12&to=2031-05-10',
      headers: manager.auth,
    });
    expect(reversed.json().detail).toMatch(/^from: the period starts/);
  });

  it('shows booked space, utilisation, Near Full above 90 % and the orders on a trip', async () => {
    const store = await createStore(app);
    const trip = await createTrip(app, store.cityId, { departH: 24, capacity: 10 });
    const { orderId } = await createPendingOrder(app, store, { space: 9.5 });
    const allocate = await app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/allocate-train`,
      headers: manager.auth,
    });
    expect(allocate.statusCode).toBe(200);
    const res = await app.inject({ url: `/api/train-trips/${trip.trainTripId}`, headers: manager.auth });
    expect(res.json()).toMatchObject({
      used_capacity: 9.5,
      free_capacity: 0.5,
      utilization_percent: 95,
      status: 'Near Full',
      orders_count: 1,
      orders: [{ order_id: orderId, allocated_space: 9.5, status: 'Scheduled' }],
    });
    expect((await app.inject({ url: '/api/train-trips/999999', headers: manager.auth })).statusCode).toBe(
      404,
    );
  });
});

describe('PUT /api/train-trips/{id}', () => {
  it('never shrinks a trip below what is booked, in the API or in the database', async () => {
    const store = await createStore(app);
    const trip = await createTrip(app, store.cityId, { departH: 24, capacity: 20 });
    const { orderId } = await createPendingOrder(app, store, { space: 12 });
    await app.inject({ method: 'POST', url: `/api/orders/${orderId}/allocate-train`, headers: manager.auth });
    const put = (total_capacity: number) =>
      app.inject({
        method: 'PUT',
        url: `/api/train-trips/${trip.trainTripId}`,
        headers: manager.auth,
        payload: { total_capacity },
      });
    const shrink = await put(11.99);
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().detail).toBe(
      `Train trip ${trip.trainTripId} has 12 units of space booked; its capacity cannot go below that`,
    );
    expect((await put(12)).json()).toMatchObject({ total_capacity: 12, utilization_percent: 100 });
    await expect(
      app.ctx.db.execute(
        sql`update train_trips set total_capacity = 5 where train_trip_id = ${trip.trainTripId}`,
      ),
    ).rejects.toThrow();
    await expect(
      app.ctx.db.execute(
        sql`update train_trips set used_capacity = 0 where train_trip_id = ${trip.trainTripId}`,
      ),
    ).rejects.toThrow();
  });
});
