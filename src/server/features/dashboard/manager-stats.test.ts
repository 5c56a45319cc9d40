import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createPendingOrder,
  createStore,
  createTrip,
  createTruck,
  DAY,
  insertDelivery,
} from '#server/test/scheduling-factories';
import { addDays, businessDate } from '#shared/dates';
import { priorityFor } from './manager-stats.service';

// This file's database holds only what it makes, so every figure is known.
const { app } = await createTestApp();
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');
const today = businessDate(new Date());

/** Moves an order's dates (the lead-time CHECK wants order_date 7 days before). */
async function redate(orderId: number, scheduleDate: string) {
  await db.execute(
    sql`update orders set order_date = (${scheduleDate}::date - 8)::timestamptz, schedule_date = ${scheduleDate}
        where order_id = ${orderId}`,
  );
}
async function deliver(orderId: number, scheduleDate: string, deliveredAt: string) {
  await redate(orderId, scheduleDate);
  await db.execute(
    sql`update orders set status = 'Delivered', delivered_at = ${deliveredAt} where order_id = ${orderId}`,
  );
}

describe('GET /api/dashboard/manager-stats', () => {
  it('computes every figure from the data, with priorities and alerts', async () => {
    const store = await createStore(app);
    const nearFull = await createTrip(app, store.cityId, { departH: 24, capacity: 10 });
    await createTrip(app, store.cityId, { departH: 48, capacity: 100 });
    await createTrip(app, store.cityId, { departH: -48, capacity: 100 }); // arrived
    await createTrip(app, store.cityId, { departH: -2, capacity: 100 }); // on the rails

    const high = (await createPendingOrder(app, store, { space: 1 })).orderId;
    await redate(high, addDays(today, 2));
    const medium = (await createPendingOrder(app, store, { space: 1 })).orderId;
    await redate(medium, addDays(today, 5));
    const low = (await createPendingOrder(app, store, { space: 1, days: 10 })).orderId;
    const booked = (await createPendingOrder(app, store, { space: 9.5 })).orderId;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/orders/${booked}/allocate-train`,
          headers: manager.auth,
        })
      ).statusCode,
    ).toBe(200);

    const lastWeek = addDays(today, -5);
    const [a, b, c, old] = [
      (await createPendingOrder(app, store, { space: 1 })).orderId,
      (await createPendingOrder(app, store, { space: 1 })).orderId,
      (await createPendingOrder(app, store, { space: 1 })).orderId,
      (await createPendingOrder(app, store, { space: 1 })).orderId,
    ];
    await deliver(a!, lastWeek, `${lastWeek}T10:00:00+05:30`);
    await deliver(b!, lastWeek, `${lastWeek}T23:59:00+05:30`);
    await deliver(c!, lastWeek, `${addDays(lastWeek, 1)}T00:30:00+05:30`); // late
    await deliver(old!, addDays(today, -45), `${addDays(today, -40)}T09:00:00+05:30`); // outside the window

    const truck = await createTruck(app, store.storeId);
    const driver = await createCrewMember(app, 'Driver', store.storeId);
    const assistant = await createCrewMember(app, 'Assistant', store.storeId);
    const noCrew = await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: store.routeId,
      start: new Date(Date.now() + 3 * DAY),
      hours: 4,
      driverId: driver.employeeId,
    });
    await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: store.routeId,
      start: new Date(Date.now() + 4 * DAY),
      hours: 4,
      driverId: driver.employeeId,
      assistantId: assistant.employeeId,
    });
    await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: store.routeId,
      start: new Date(Date.now() - 10 * DAY),
      hours: 4,
      driverId: driver.employeeId,
      assistantId: assistant.employeeId,
      status: 'Delivered',
    });

    const res = await app.inject({ url: '/api/dashboard/manager-stats', headers: manager.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      active_train_trips: 3,
      active_truck_routes: 2,
      pending_orders: 3,
      on_time_rate: 66.7,
      on_time_window_days: 30,
    });
    expect(body.upcoming_trips).toHaveLength(2);
    expect(body.upcoming_trips[0]).toMatchObject({
      id: nearFull.trainTripId,
      route: `Kandy → ${store.cityName}`,
      capacity: 95,
      used_capacity: 9.5,
      total_capacity: 10,
      status: 'Near Full',
    });
    expect(
      body.pending_orders_details.map((o: { id: number; priority: string; items: number }) => [
        o.id,
        o.priority,
        o.items,
      ]),
    ).toEqual([
      [high, 'High', 1],
      [medium, 'Medium', 1],
      [low, 'Low', 1],
    ]);
    expect(body.alerts).toEqual([
      expect.objectContaining({ type: 'order_without_train', severity: 'high', ref_id: high }),
      {
        type: 'delivery_without_crew',
        severity: 'medium',
        ref_id: noCrew,
        message: expect.stringMatching(new RegExp(`^Delivery ${noCrew} on .+ has no assistant$`)),
      },
      expect.objectContaining({
        type: 'trip_near_full',
        ref_id: nearFull.trainTripId,
        message: expect.stringMatching(/is 95 % booked$/),
      }),
    ]);
  });

  it('is for managers and admins', async () => {
    for (const role of ['Customer', 'Driver', 'Warehouse Manager']) {
      const user = await createUser(app, role);
      expect((await app.inject({ url: '/api/dashboard/manager-stats', headers: user.auth })).statusCode).toBe(
        403,
      );
    }
    const admin = await createUser(app, 'Admin');
    expect((await app.inject({ url: '/api/dashboard/manager-stats', headers: admin.auth })).statusCode).toBe(
      200,
    );
  });
});

describe('priority', () => {
  it('is High within 2 days (or overdue), Medium within 5, else Low', () => {
    expect([-1, 0, 2, 3, 5, 6].map(priorityFor)).toEqual(['High', 'High', 'High', 'Medium', 'Medium', 'Low']);
  });
});
