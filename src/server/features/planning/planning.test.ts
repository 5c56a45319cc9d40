import { sql } from 'drizzle-orm';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { asciiJson, responseJsonSchema } from '#server/http/serializer';
import { createUser, daysFromNow } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createPendingOrder,
  createStore,
  createTrip,
  createTruck,
  HOUR,
  insertDelivery,
  type TestStore,
} from '#server/test/scheduling-factories';
import { proposalSchema } from '#shared/contract/planning';

const { app } = await createTestApp();
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');

// every test plans its own day, so the orders of one test never enter another's proposal
let nextDay = 8;
const ownDay = () => daysFromNow(nextDay++);

const propose = (payload: Record<string, unknown>, user = manager) =>
  app.inject({ method: 'POST', url: '/api/planning/proposals', headers: user.auth, payload });
const commit = (id: number, user = manager) =>
  app.inject({ method: 'POST', url: `/api/planning/proposals/${id}/commit`, headers: user.auth });
const approve = async (orderId: number) => {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/status`,
    headers: manager.auth,
    payload: { status: 'Scheduled' },
  });
  expect(res.statusCode).toBe(200);
};

const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows;
const statusOf = async (orderId: number) =>
  (await rows<{ status: string }>(sql`select status from orders where order_id = ${orderId}`))[0]!.status;
const bookingsOf = (orderIds: number[]) =>
  rows<{ order_id: number; train_trip_id: number; space: number }>(
    sql`select order_id, train_trip_id, space::float8 as space from train_allocations
        where order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by order_id, train_trip_id`,
  );
const deliveriesOfTruck = (truckId: number) =>
  rows<{
    delivery_id: number;
    driver_employee_id: number;
    assistant_employee_id: number;
    loaded_space: number;
  }>(
    sql`select delivery_id, driver_employee_id, assistant_employee_id, loaded_space::float8 as loaded_space
        from deliveries where truck_id = ${truckId} order by delivery_id`,
  );

/** A store with a trip, a truck, a driver and an assistant; an approved and a pending order on `day`. */
async function world(options: { tripCapacity?: number; truckCapacity?: number } = {}) {
  const day = ownDay();
  const store: TestStore = await createStore(app);
  const trip = await createTrip(app, store.cityId, { departH: 24, capacity: options.tripCapacity ?? 100 });
  const truck = await createTruck(app, store.storeId, { capacity: options.truckCapacity ?? 100 });
  const driver = await createCrewMember(app, 'Driver', store.storeId);
  const assistant = await createCrewMember(app, 'Assistant', store.storeId);
  const days = nextDay - 1;
  const approved = (await createPendingOrder(app, store, { space: 10, days })).orderId;
  await approve(approved);
  const pending = (await createPendingOrder(app, store, { space: 20, days })).orderId;
  return { day, store, trip, truck, driver, assistant, approved, pending };
}

describe('POST /api/planning/proposals', () => {
  it('plans approved orders and the picked pending ones onto a trip, a truck and a crew; stores it; changes nothing else', async () => {
    const w = await world();
    const notPicked = (await createPendingOrder(app, w.store, { space: 5, days: nextDay - 1 })).orderId;
    const res = await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ status: 'Open', from: w.day, to: w.day, committed_at: null });
    expect(
      p.bookings.map((b: { order_id: number; train_trip_id: number; space: number }) => [
        b.order_id,
        b.train_trip_id,
        b.space,
      ]),
    ).toEqual([
      [w.approved, w.trip.trainTripId, 10],
      [w.pending, w.trip.trainTripId, 20],
    ]);
    expect(p.deliveries).toHaveLength(1);
    expect(p.deliveries[0]).toMatchObject({
      delivery_id: null,
      route_id: w.store.routeId,
      truck_id: w.truck.truckId,
      driver_employee_id: w.driver.employeeId,
      driver_name: w.driver.name,
      assistant_employee_id: w.assistant.employeeId,
      order_ids: [w.approved, w.pending],
      load: 30,
    });
    expect(p.unplanned).toEqual([]);
    expect(p.figures).toMatchObject({
      orders_total: 2,
      orders_planned: 2,
      orders_on_time: 2,
      orders_unplanned: 0,
      train_bookings: 2,
      deliveries: 1,
      trucks_used: 1,
      // the picked pending order; the approved one is approved already
      orders_to_approve: 1,
    });
    // the orders it looked at, with their statuses, are kept for the commit but not answered
    expect(p).not.toHaveProperty('orders');
    const [kept] = await rows<{ orders: { order_id: number; status: string; planned: boolean }[] }>(
      sql`select orders from planning_proposals where proposal_id = ${p.proposal_id}`,
    );
    expect(
      kept!.orders.map((o) => [o.order_id, o.status, o.planned]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [w.approved, 'Scheduled', true],
      [w.pending, 'Pending', true],
    ]);
    expect(kept!.orders.map((o) => o.order_id)).not.toContain(notPicked);
    // the audit log leaves the body and the order list out
    const [audit] = await rows<{ new_row: Record<string, unknown> }>(
      sql`select new_row from audit_log where table_name = 'planning_proposals' and operation = 'INSERT'
          and row_key = ${String(p.proposal_id)}`,
    );
    expect(Object.keys(audit!.new_row)).not.toContain('orders');
    expect(Object.keys(audit!.new_row)).not.toContain('body');
    const board = p.trips.find((t: { train_trip_id: number }) => t.train_trip_id === w.trip.trainTripId);
    expect(board).toMatchObject({ used_before: 0, used_after: 30, total_capacity: 100, new_orders: 2 });
    const driverRow = p.crew.find((c: { employee_id: number }) => c.employee_id === w.driver.employeeId);
    expect(driverRow).toMatchObject({ role: 'driver', hours_before: 0, hours_after: 4, weekly_limit: 40 });
    expect(driverRow.items).toEqual([
      expect.objectContaining({ kind: 'planned', key: 1, delivery_id: null }),
    ]);

    // nothing applied yet
    expect(await bookingsOf([w.approved, w.pending])).toEqual([]);
    expect(await statusOf(w.pending)).toBe('Pending');
    expect(await deliveriesOfTruck(w.truck.truckId)).toEqual([]);
    const again = await app.inject({
      url: `/api/planning/proposals/${p.proposal_id}`,
      headers: manager.auth,
    });
    expect(again.json()).toEqual(p);
  });

  it('matches what the single-order endpoints would allow', async () => {
    const w = await world();
    const p = (await propose({ from: w.day, to: w.day })).json();
    const preview = (
      await app.inject({ url: `/api/orders/${w.approved}/allocation-preview`, headers: manager.auth })
    ).json();
    expect(preview.can_allocate).toBe(true);
    expect(
      preview.plan.map((l: { train_trip_id: number; allocated_space: number }) => [
        l.train_trip_id,
        l.allocated_space,
      ]),
    ).toEqual(p.bookings.map((b: { train_trip_id: number; space: number }) => [b.train_trip_id, b.space]));
    const d = p.deliveries[0];
    const options = (
      await app.inject({
        url: `/api/deliveries/crew-options?route_id=${d.route_id}&delivery_date_time=${d.delivery_date_time}`,
        headers: manager.auth,
      })
    ).json();
    expect(
      options.drivers.find((o: { employee_id: number }) => o.employee_id === d.driver_employee_id),
    ).toMatchObject({
      available: true,
    });
    expect(
      options.assistants.find((o: { employee_id: number }) => o.employee_id === d.assistant_employee_id),
    ).toMatchObject({ available: true });
  });

  it('lists every order it cannot plan with the reason', async () => {
    const day = ownDay();
    const store = await createStore(app);
    await createTruck(app, store.storeId);
    const noTrip = (await createPendingOrder(app, store, { space: 10, days: nextDay - 1 })).orderId;
    await approve(noTrip);
    const res = await propose({ from: day, to: day });
    expect(res.json().unplanned).toContainEqual({
      order_id: noTrip,
      stage: 'train',
      reason: expect.stringContaining(`No train trip to ${store.cityName}`),
    });

    // a trip, but no crew at the store
    await createTrip(app, store.cityId, { departH: 24, capacity: 100 });
    const again = (await propose({ from: day, to: day })).json();
    expect(again.unplanned).toContainEqual({
      order_id: noTrip,
      stage: 'crew',
      reason: expect.stringContaining('No eligible driver'),
    });
    expect(again.bookings.map((b: { order_id: number }) => b.order_id)).toContain(noTrip);
    expect(again.figures).toMatchObject({ orders_planned: 0, orders_unplanned: 1 });
  });

  it('refuses a period that makes no sense, and other portals', async () => {
    const bad = [
      [{ from: daysFromNow(9), to: daysFromNow(8) }, 'to: the period must end'],
      [{ from: daysFromNow(2), to: daysFromNow(40) }, 'at most 31 days'],
      [{ from: daysFromNow(-3) }, 'from: the period cannot start before today'],
      [{ from: '2031-02-30' }, 'from'],
      [{ extra: 1 }, 'extra'],
      [{ pending_order_ids: [0] }, 'pending_order_ids'],
    ] as const;
    for (const [payload, detail] of bad) {
      const res = await propose(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toContain(detail);
    }
    const customer = await createUser(app, 'Customer');
    expect((await propose({}, customer)).statusCode).toBe(403);
  });

  it('defaults to the next 7 days', async () => {
    const p = (await propose({})).json();
    expect(p.from).toBe(daysFromNow(1, new Date(Date.now() + 5.5 * HOUR)));
    expect(p.to).toBe(daysFromNow(7, new Date(Date.now() + 5.5 * HOUR)));
  });
});

describe('POST /api/planning/proposals/{id}/commit', () => {
  it('applies exactly the proposal: bookings, approvals, deliveries with crews and loads', async () => {
    const w = await world();
    const p = (await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] })).json();
    const res = await commit(p.proposal_id);
    expect(res.statusCode).toBe(200);
    const done = res.json();
    expect(done.status).toBe('Committed');
    expect(done.committed_at).not.toBeNull();
    const deliveryId = done.deliveries[0].delivery_id;
    expect(deliveryId).toEqual(expect.any(Number));
    expect(
      done.trucks.find((t: { truck_id: number }) => t.truck_id === w.truck.truckId).items[0].delivery_id,
    ).toBe(deliveryId);

    expect(await bookingsOf([w.approved, w.pending])).toEqual(
      p.bookings.map((b: { order_id: number; train_trip_id: number; space: number }) => ({
        order_id: b.order_id,
        train_trip_id: b.train_trip_id,
        space: b.space,
      })),
    );
    expect(await statusOf(w.pending)).toBe('Scheduled');
    expect(await statusOf(w.approved)).toBe('Scheduled');
    const history = await rows<{
      from_status: string;
      to_status: string;
      changed_by: number;
      reason: string;
    }>(
      sql`select from_status, to_status, changed_by, reason from order_status_history
          where order_id = ${w.pending} order by history_id desc limit 1`,
    );
    expect(history[0]).toMatchObject({
      from_status: 'Pending',
      to_status: 'Scheduled',
      changed_by: manager.userId,
      reason: expect.stringContaining(`Planned with proposal ${p.proposal_id}`),
    });
    expect(await deliveriesOfTruck(w.truck.truckId)).toEqual([
      {
        delivery_id: deliveryId,
        driver_employee_id: w.driver.employeeId,
        assistant_employee_id: w.assistant.employeeId,
        loaded_space: 30,
      },
    ]);
    const trip = await rows<{ used: number }>(
      sql`select used_capacity::float8 as used from train_trips where train_trip_id = ${w.trip.trainTripId}`,
    );
    expect(trip[0]!.used).toBe(30);

    // the orders show their trains and their truck
    const detail = (await app.inject({ url: `/api/orders/${w.pending}`, headers: manager.auth })).json();
    expect(detail.train_legs).toMatchObject([{ train_trip_id: w.trip.trainTripId, space: 20 }]);
    const delivery = (
      await app.inject({ url: `/api/deliveries/${deliveryId}`, headers: manager.auth })
    ).json();
    expect(delivery.orders.map((o: { order_id: number }) => o.order_id).sort()).toEqual(
      [w.approved, w.pending].sort((a, b) => a - b),
    );

    // kept as the record of what was applied
    const stored = (
      await app.inject({ url: `/api/planning/proposals/${p.proposal_id}`, headers: manager.auth })
    ).json();
    expect(stored).toEqual(done);

    // once only
    const twice = await commit(p.proposal_id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toContain('already committed');
    const discard = await app.inject({
      method: 'DELETE',
      url: `/api/planning/proposals/${p.proposal_id}`,
      headers: manager.auth,
    });
    expect(discard.statusCode).toBe(409);
  });

  it('answers 409 naming what changed, and applies nothing', async () => {
    const w = await world({ tripCapacity: 40 });
    const p = (await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] })).json();
    expect(p.deliveries).toHaveLength(1);
    const planned = p.deliveries[0];

    // an order cancelled, the trip filled by another booking, the driver booked elsewhere
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/orders/${w.approved}/status`,
      headers: manager.auth,
      payload: { status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const other = (await createPendingOrder(app, w.store, { space: 25, days: nextDay - 1 })).orderId;
    const allocate = await app.inject({
      method: 'POST',
      url: `/api/orders/${other}/allocate-train`,
      headers: manager.auth,
    });
    expect(allocate.statusCode).toBe(200);
    const otherTruck = await createTruck(app, w.store.storeId);
    await insertDelivery(app, {
      truckId: otherTruck.truckId,
      routeId: w.store.routeId,
      start: new Date(planned.delivery_date_time),
      hours: 2,
      driverId: w.driver.employeeId,
    });

    const res = await commit(p.proposal_id);
    expect(res.statusCode).toBe(409);
    const detail: string = res.json().detail;
    expect(detail).toContain('Nothing was applied');
    expect(detail).toContain(`Order ${w.approved} was Scheduled and is now Cancelled`);
    expect(detail).toContain(`Train trip ${w.trip.trainTripId}`);
    expect(detail).toContain(`Driver ${w.driver.name} is already on delivery`);

    expect(await bookingsOf([w.approved, w.pending])).toEqual([]);
    expect(await statusOf(w.pending)).toBe('Pending');
    expect(await deliveriesOfTruck(w.truck.truckId)).toEqual([]);
    const kept = (
      await app.inject({ url: `/api/planning/proposals/${p.proposal_id}`, headers: manager.auth })
    ).json();
    expect(kept.status).toBe('Open');
  });

  it('two commits of overlapping proposals: the second finds the trip taken and applies nothing', async () => {
    const w = await world({ tripCapacity: 30 });
    const first = (await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] })).json();
    const second = (await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] })).json();
    const [a, b] = await Promise.all([commit(first.proposal_id), commit(second.proposal_id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await bookingsOf([w.approved, w.pending])).toHaveLength(2);
    expect(await deliveriesOfTruck(w.truck.truckId)).toHaveLength(1);
  });
});

describe('GET /api/planning/proposals/{id}', () => {
  // the answer is the stored text sent on as it is (decision 0045): it must be byte for byte what
  // the route's serializer writes for its value, and what zod's contract keeps of it, with the
  // characters outside ASCII escaped
  const compiled = fastJson(responseJsonSchema(proposalSchema) as never) as (v: unknown) => string;
  const contractBytes = (text: string) => {
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    const value = JSON.parse(text);
    expect(asciiJson(compiled(value))).toBe(text);
    // zod drops any key the contract does not name, at every depth, and writes its order
    expect(asciiJson(JSON.stringify(proposalSchema.parse(value)))).toBe(text);
    return value;
  };
  const read = (id: number) => app.inject({ url: `/api/planning/proposals/${id}`, headers: manager.auth });

  it('answers the stored body as the contract writes it, before and after the commit', async () => {
    const w = await world();
    // outside ASCII (a dash, Sinhala, an astral character), quotes, a backslash, a line separator
    const trainName = `Kandy–Colombo "Tea" \\ ශ්‍රී 😀 \u2028 ${w.trip.trainTripId}`;
    await db.execute(
      sql`update train_trips set train_name = ${trainName} where train_trip_id = ${w.trip.trainTripId}`,
    );
    const created = await propose({ from: w.day, to: w.day, pending_order_ids: [w.pending] });
    expect(created.statusCode).toBe(201);
    const res = await read(created.json().proposal_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(created.body);
    const value = contractBytes(res.body);
    expect(value).toMatchObject({ status: 'Open', committed_at: null, from: w.day, to: w.day });
    expect(value.deliveries).toHaveLength(1);
    expect(value.bookings).toHaveLength(2);
    expect(value.bookings[0].train_name).toBe(trainName);
    expect(
      value.trips.find((t: { train_trip_id: number }) => t.train_trip_id === w.trip.trainTripId),
    ).toMatchObject({ train_name: trainName });
    // stored as that text (json keeps it), the four leading fields come from the columns
    const [stored] = await rows<{ body: string; kind: string }>(
      sql`select body::text as body, pg_typeof(body)::text as kind from planning_proposals
          where proposal_id = ${value.proposal_id}`,
    );
    expect(stored!.kind).toBe('json');
    expect(res.body.endsWith(stored!.body.slice(1))).toBe(true);

    const done = await commit(value.proposal_id);
    expect(done.statusCode).toBe(200);
    const after = await read(value.proposal_id);
    expect(after.body).toBe(done.body);
    const committed = contractBytes(after.body);
    expect(committed.status).toBe('Committed');
    expect(committed.committed_at).toEqual(expect.any(String));
    expect(committed.deliveries[0].delivery_id).toEqual(expect.any(Number));
    expect({ ...committed, status: 'Open', committed_at: null }).toEqual({
      ...value,
      deliveries: value.deliveries.map((d: object) => ({
        ...d,
        delivery_id: committed.deliveries[0].delivery_id,
      })),
      trucks: committed.trucks,
      crew: committed.crew,
    });
  });

  it('answers 404 for a proposal that is not there', async () => {
    const res = await read(2_000_000_000);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Proposal 2000000000 not found' });
  });
});

describe('proposals belong to their manager', () => {
  it('DELETE discards an open proposal; another manager cannot see or apply it', async () => {
    const w = await world();
    const p = (await propose({ from: w.day, to: w.day })).json();
    const otherManager = await createUser(app, 'Manager');
    expect((await commit(p.proposal_id, otherManager)).statusCode).toBe(404);
    const url = `/api/planning/proposals/${p.proposal_id}`;
    expect((await app.inject({ url, headers: otherManager.auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url, headers: otherManager.auth })).statusCode).toBe(404);
    const res = await app.inject({ method: 'DELETE', url, headers: manager.auth });
    expect(res.statusCode).toBe(204);
    expect((await app.inject({ url, headers: manager.auth })).statusCode).toBe(404);
    expect(await bookingsOf([w.approved])).toEqual([]);
  });
});

describe('GET /api/planning/pending-orders', () => {
  it('lists the Pending orders of the period by requested date', async () => {
    const w = await world();
    const res = await app.inject({
      url: `/api/planning/pending-orders?from=${w.day}&to=${w.day}`,
      headers: manager.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: w.day, to: w.day });
    expect(body.orders).toContainEqual(
      expect.objectContaining({
        order_id: w.pending,
        schedule_date: w.day,
        city: w.store.cityName,
        space: 20,
      }),
    );
    expect(body.orders.map((o: { order_id: number }) => o.order_id)).not.toContain(w.approved);
  });
});
