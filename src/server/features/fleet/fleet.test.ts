import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withActor } from '#server/db/client';
import { approvedOrder, loadDirectly } from '#server/test/crew-factories';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createStore,
  createTrip,
  createTruck,
  futureMonday,
  HOUR,
  insertDelivery,
} from '#server/test/scheduling-factories';
import type { Delivery, Route, Truck } from '#shared/contract/deliveries';
import type { City } from '#shared/contract/fleet';
import type { Store } from '#shared/contract/stores';

// The fleet managed in the portal (docs/decisions/0057).
/** A store whose city a train reaches tomorrow, so its orders can be approved and loaded. */
async function storeWithTrain() {
  const s = await createStore(app);
  await createTrip(app, s.cityId, { departH: 20, capacity: 10_000 });
  return s;
}
const { app } = await createTestApp();
const admin = await createUser(app, 'Admin');
const manager = await createUser(app, 'Manager');
const warehouse = await createUser(app, 'Warehouse Manager');
const MONDAY = futureMonday(3);
const at = (day: number, hour: number) => new Date(MONDAY.getTime() + (day * 24 + hour) * HOUR);

type Who = { auth: { authorization: string } };
const call = (
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => app.inject({ method, url, headers: who.auth, payload: payload as Record<string, unknown> });
const expectDetail = (res: Awaited<ReturnType<typeof call>>, status: number, detail: string | RegExp) => {
  expect(res.statusCode, res.body).toBe(status);
  if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
  else expect(res.json().detail).toMatch(detail);
};
const auditOf = async (table: string, key: number) =>
  (
    await app.ctx.db.execute<{ operation: string; performed_by: number | null }>(
      sql`select operation, performed_by from audit_log where table_name = ${table} and row_key = ${String(key)}
          order by audit_id`,
    )
  ).rows;
let plates = 0;
const plate = () => `WP KP-${Date.now().toString().slice(-4)}${plates++}`;
const truckBody = (storeId: number, values: Record<string, unknown> = {}) => ({
  plate_number: plate(),
  capacity: 200,
  store_id: storeId,
  status: 'Available',
  ...values,
});

function schedule(truckId: number, routeId: number, start: Date) {
  const qs = new URLSearchParams({
    truck_id: String(truckId),
    route_id: String(routeId),
    user_id: String(manager.userId),
    delivery_date_time: start.toISOString(),
  });
  return app.inject({ method: 'POST', url: `/api/deliveries/deliveries?${qs}`, headers: manager.auth });
}

describe('trucks', () => {
  it('admins add one (plate written in capitals, unique in any case), audited; bad values are a 4xx naming the field', async () => {
    const s = await createStore(app);
    const res = await call(admin, 'POST', '/api/Trucks/trucks', {
      ...truckBody(s.storeId),
      plate_number: '  wp   ka-1234 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const truck = res.json() as Truck;
    expect(truck).toMatchObject({
      plate_number: 'WP KA-1234',
      capacity: 200,
      store_id: s.storeId,
      store_city: s.cityName,
      status: 'Available',
      status_note: null,
      scheduled_runs: 0,
    });
    expect(await auditOf('trucks', truck.truck_id)).toEqual([
      { operation: 'INSERT', performed_by: admin.userId },
    ]);
    const list = (await call(manager, 'GET', '/api/Trucks/trucks')).json() as Truck[];
    expect(list.find((t) => t.truck_id === truck.truck_id)?.plate_number).toBe('WP KA-1234');

    expectDetail(
      await call(admin, 'POST', '/api/Trucks/trucks', {
        ...truckBody(s.storeId),
        plate_number: 'Wp Ka-1234',
      }),
      409,
      `Plate WP KA-1234 is already truck #${truck.truck_id} (WP KA-1234, ${s.cityName} store)`,
    );
    expectDetail(
      await call(admin, 'POST', '/api/Trucks/trucks', truckBody(s.storeId, { capacity: 0 })),
      422,
      /capacity must be more than 0/,
    );
    expectDetail(
      await call(admin, 'POST', '/api/Trucks/trucks', truckBody(2_000_000)),
      422,
      'store_id: there is no store 2000000',
    );
    expectDetail(
      await call(admin, 'POST', '/api/Trucks/trucks', truckBody(s.storeId, { status: 'Under Repair' })),
      422,
      /status_note: say what is being repaired/,
    );
    expectDetail(
      await call(admin, 'POST', '/api/Trucks/trucks', truckBody(s.storeId, { plate_number: 'WP/12' })),
      422,
      /plate_number may hold only letters, digits, spaces and hyphens/,
    );
    // managers set the status only; warehouse managers nothing
    expect((await call(manager, 'POST', '/api/Trucks/trucks', truckBody(s.storeId))).statusCode).toBe(403);
    expect(
      (await call(manager, 'PUT', `/api/Trucks/trucks/${truck.truck_id}`, truckBody(s.storeId))).statusCode,
    ).toBe(403);
    expect(
      (
        await call(warehouse, 'PATCH', `/api/Trucks/trucks/${truck.truck_id}/status`, {
          status: 'In Service',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('an edit keeps the runs right: no store change while it has runs to do, no capacity below a load', async () => {
    const s = await storeWithTrain();
    const other = await createStore(app);
    const truck = await createTruck(app, s.storeId, { capacity: 300 });
    const deliveryId = await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: s.routeId,
      start: new Date(Date.now() + 30 * HOUR),
      hours: 4,
    });
    const order = await approvedOrder(app, s, manager, await createUser(app, 'Customer'));
    await loadDirectly(app, deliveryId, [order.orderId]);
    const loaded = (
      await app.ctx.db.execute<{ space: number }>(
        sql`select loaded_space::float8 as space from deliveries where delivery_id = ${deliveryId}`,
      )
    ).rows[0]!.space;
    const body = { plate_number: truck.plateNumber, capacity: 300, store_id: s.storeId, status: 'Available' };

    expectDetail(
      await call(admin, 'PUT', `/api/Trucks/trucks/${truck.truckId}`, { ...body, store_id: other.storeId }),
      409,
      `Truck ${truck.plateNumber} has delivery #${deliveryId} from the ${s.cityName} store not yet done: move it to another truck before moving the truck to the ${other.cityName} store`,
    );
    expectDetail(
      await call(admin, 'PUT', `/api/Trucks/trucks/${truck.truckId}`, { ...body, capacity: loaded - 0.5 }),
      409,
      `Truck ${truck.plateNumber} carries ${loaded} units of space on delivery #${deliveryId}: its capacity cannot go below that`,
    );
    // the database refuses it to any writer (migration 0029)
    const error = await app.ctx.db
      .execute(sql`update trucks set capacity = ${loaded - 0.5} where truck_id = ${truck.truckId}`)
      .then(() => null)
      .catch((err: unknown) => err);
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/its capacity is/);

    const res = await call(admin, 'PUT', `/api/Trucks/trucks/${truck.truckId}`, {
      ...body,
      plate_number: 'cp ke-7781',
      capacity: loaded,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plate_number: 'CP KE-7781', capacity: loaded, scheduled_runs: 1 });
    expect((await auditOf('trucks', truck.truckId)).map((a) => a.performed_by)).toContain(admin.userId);
  });

  it('Under Repair (with a note, by a manager) refuses new runs naming the note and flags the runs it has', async () => {
    const s = await createStore(app);
    const truck = await createTruck(app, s.storeId, { capacity: 300 });
    const spare = await createTruck(app, s.storeId, { capacity: 300 });
    const driver = await createCrewMember(app, 'Driver', s.storeId);
    const scheduled = await schedule(truck.truckId, s.routeId, at(1, 3));
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const runId = (scheduled.json() as Delivery).delivery_id;
    await app.ctx.db.execute(
      sql`update deliveries set driver_employee_id = ${driver.employeeId} where delivery_id = ${runId}`,
    );

    expectDetail(
      await call(manager, 'PATCH', `/api/Trucks/trucks/${truck.truckId}/status`, { status: 'Under Repair' }),
      422,
      /status_note: say what is being repaired/,
    );
    const res = await call(manager, 'PATCH', `/api/Trucks/trucks/${truck.truckId}/status`, {
      status: 'Under Repair',
      status_note: 'Radiator leak, back Thursday',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Under Repair',
      status_note: 'Radiator leak, back Thursday',
      scheduled_runs: 1,
    });
    expect(await auditOf('trucks', truck.truckId)).toEqual(
      expect.arrayContaining([{ operation: 'UPDATE', performed_by: manager.userId }]),
    );

    // new runs refused with the note, on scheduling and on moving a run onto it
    const refusal = `Truck ${truck.plateNumber} is Under Repair (Radiator leak, back Thursday) and cannot take new runs`;
    expectDetail(await schedule(truck.truckId, s.routeId, at(2, 3)), 409, refusal);
    const onSpare = await schedule(spare.truckId, s.routeId, at(3, 3));
    const spareRun = (onSpare.json() as Delivery).delivery_id;
    expectDetail(
      await call(manager, 'PUT', `/api/deliveries/${spareRun}/truck`, { truck_id: truck.truckId }),
      409,
      refusal,
    );

    // the run it already has is flagged in the manager's list, and the managers and its crew were told
    const list = (await call(manager, 'GET', `/api/deliveries/deliveries?truck_id=${truck.truckId}`)).json();
    expect(list.find((d: Delivery) => d.delivery_id === runId)).toMatchObject({
      truck_status: 'Under Repair',
      truck_status_note: 'Radiator leak, back Thursday',
    });
    const told = await app.ctx.db.execute<{
      employee_id: number | null;
      user_id: number | null;
      message: string;
    }>(
      sql`select employee_id, user_id, message from notifications where delivery_id = ${runId} and message like '%Radiator%'`,
    );
    expect(told.rows).toEqual(
      expect.arrayContaining([
        {
          employee_id: null,
          user_id: manager.userId,
          message: `Truck ${truck.plateNumber} is Under Repair (Radiator leak, back Thursday): delivery #${runId} is scheduled on it and needs another truck.`,
        },
        expect.objectContaining({ employee_id: driver.employeeId }),
      ]),
    );

    // the manager moves the run to the spare truck; the database refuses any writer the other way
    const moved = await call(manager, 'PUT', `/api/deliveries/${runId}/truck`, { truck_id: spare.truckId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ truck_id: spare.truckId, truck_status: 'Available' });
    const error = await app.ctx.db
      .execute(sql`update deliveries set truck_id = ${truck.truckId} where delivery_id = ${runId}`)
      .then(() => null)
      .catch((err: unknown) => err);
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/is Under Repair \(Radiator leak/);

    // back to work
    const back = await call(manager, 'PATCH', `/api/Trucks/trucks/${truck.truckId}/status`, {
      status: 'Available',
      status_note: '',
    });
    expect(back.json()).toMatchObject({ status: 'Available', status_note: null });
    expect((await schedule(truck.truckId, s.routeId, at(4, 3))).statusCode).toBe(201);
  });

  it('a run moves only to a truck of its store that is free and big enough', async () => {
    const s = await storeWithTrain();
    const truck = await createTruck(app, s.storeId, { capacity: 300 });
    const small = await createTruck(app, s.storeId, { capacity: 0.5 });
    const busy = await createTruck(app, s.storeId, { capacity: 300 });
    const away = await createTruck(app, (await createStore(app)).storeId);
    const run = (await schedule(truck.truckId, s.routeId, at(1, 3))).json() as Delivery;
    const order = await approvedOrder(app, s, manager, await createUser(app, 'Customer'));
    await loadDirectly(app, run.delivery_id, [order.orderId]);
    expect((await schedule(busy.truckId, s.routeId, at(1, 4))).statusCode).toBe(201);

    expectDetail(
      await call(manager, 'PUT', `/api/deliveries/${run.delivery_id}/truck`, { truck_id: small.truckId }),
      409,
      new RegExp(
        `^Truck ${small.plateNumber} can carry 0.5 units of space; delivery ${run.delivery_id} carries `,
      ),
    );
    expectDetail(
      await call(manager, 'PUT', `/api/deliveries/${run.delivery_id}/truck`, { truck_id: busy.truckId }),
      409,
      new RegExp(`^Truck ${busy.plateNumber} is already on delivery \\d+ from `),
    );
    expectDetail(
      await call(manager, 'PUT', `/api/deliveries/${run.delivery_id}/truck`, { truck_id: away.truckId }),
      409,
      new RegExp(`^Truck ${away.plateNumber} is based at the .+ store, but route `),
    );
    expect(
      (await call(admin, 'PUT', `/api/deliveries/${run.delivery_id}/truck`, { truck_id: 2_000_000 }))
        .statusCode,
    ).toBe(422);
  });

  it('is deleted only when no run ever referred to it', async () => {
    const s = await createStore(app);
    const used = await createTruck(app, s.storeId);
    const runId = await insertDelivery(app, {
      truckId: used.truckId,
      routeId: s.routeId,
      start: at(1, 3),
      hours: 4,
    });
    expectDetail(
      await call(admin, 'DELETE', `/api/Trucks/trucks/${used.truckId}`),
      409,
      `Truck ${used.plateNumber} cannot be deleted: it has delivery #${runId} and is kept for their history; set it Under Repair with a note to keep it off new runs`,
    );
    const mistake = await createTruck(app, s.storeId);
    expect((await call(admin, 'DELETE', `/api/Trucks/trucks/${mistake.truckId}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/Trucks/trucks/${mistake.truckId}`)).statusCode).toBe(404);
    expect(await auditOf('trucks', mistake.truckId)).toEqual([
      { operation: 'INSERT', performed_by: null },
      { operation: 'DELETE', performed_by: admin.userId },
    ]);
  });
});

describe('routes', () => {
  const routeBody = (storeId: number, values: Record<string, unknown> = {}) => ({
    name: `Coast ${Date.now()}${plates++}`,
    store_id: storeId,
    end_location: 'Beruwala',
    covered_towns: ['Kalutara', 'Beruwala'],
    max_delivery_hours: 3.5,
    ...values,
  });

  it('admins add and edit them (name unique at the store, sensible hours, towns); audited', async () => {
    const s = await createStore(app);
    const res = await call(admin, 'POST', '/api/routes/routes', routeBody(s.storeId, { name: 'Coast Road' }));
    expect(res.statusCode, res.body).toBe(201);
    const route = res.json() as Route;
    expect(route).toMatchObject({
      name: 'Coast Road',
      store_id: s.storeId,
      store_city: s.cityName,
      start_location: s.cityName,
      end_location: 'Beruwala',
      covered_towns: ['Kalutara', 'Beruwala'],
      max_delivery_hours: 3.5,
    });
    expect(await auditOf('routes', route.route_id)).toEqual([
      { operation: 'INSERT', performed_by: admin.userId },
    ]);
    expectDetail(
      await call(admin, 'POST', '/api/routes/routes', routeBody(s.storeId, { name: 'coast road' })),
      409,
      `The ${s.cityName} store already has a route named Coast Road (route #${route.route_id})`,
    );
    for (const [hours, message] of [
      [0, /max_delivery_hours must be at least 0.5/],
      [13, /max_delivery_hours must be at most 12 \(a working day\)/],
      [2.25, /max_delivery_hours must be in half hours/],
    ] as const) {
      expectDetail(
        await call(admin, 'POST', '/api/routes/routes', routeBody(s.storeId, { max_delivery_hours: hours })),
        422,
        message,
      );
    }
    expectDetail(
      await call(admin, 'POST', '/api/routes/routes', routeBody(s.storeId, { covered_towns: [] })),
      422,
      /covered_towns must name at least one town/,
    );
    expectDetail(
      await call(
        admin,
        'POST',
        '/api/routes/routes',
        routeBody(s.storeId, { covered_towns: ['Galle', 'galle'] }),
      ),
      422,
      /covered_towns must not repeat a town/,
    );
    expectDetail(
      await call(admin, 'POST', '/api/routes/routes', routeBody(2_000_000)),
      422,
      'store_id: there is no store 2000000',
    );
    expect((await call(manager, 'POST', '/api/routes/routes', routeBody(s.storeId))).statusCode).toBe(403);

    const edited = await call(
      admin,
      'PUT',
      `/api/routes/routes/${route.route_id}`,
      routeBody(s.storeId, {
        name: 'Coast Road',
        covered_towns: ['Kalutara', 'Beruwala', 'Aluthgama'],
        max_delivery_hours: 4,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      covered_towns: ['Kalutara', 'Beruwala', 'Aluthgama'],
      max_delivery_hours: 4,
    });
  });

  it('moves store, or is deleted, only while no order or run refers to it', async () => {
    const s = await storeWithTrain();
    const other = await createStore(app);
    const truck = await createTruck(app, s.storeId);
    const busy = (await call(admin, 'POST', '/api/routes/routes', routeBody(s.storeId))).json() as Route;
    expect((await schedule(truck.truckId, busy.route_id, at(1, 3))).statusCode).toBe(201);
    expectDetail(
      await call(admin, 'PUT', `/api/routes/routes/${busy.route_id}`, {
        ...routeBody(other.storeId),
        name: busy.name,
      }),
      409,
      `Route ${busy.name} cannot move to the ${other.cityName} store: it has 1 delivery from its present store; add a new route there instead`,
    );
    expectDetail(
      await call(admin, 'DELETE', `/api/routes/routes/${busy.route_id}`),
      409,
      `Route ${busy.name} cannot be deleted: it has 1 delivery, and is kept for their history`,
    );
    // the store's own route has an order placed on it
    await approvedOrder(app, s, manager, await createUser(app, 'Customer'));
    expectDetail(
      await call(admin, 'DELETE', `/api/routes/routes/${s.routeId}`),
      409,
      /^Route .+ cannot be deleted: it has orders, and is kept for their history$/,
    );
    const unused = (await call(admin, 'POST', '/api/routes/routes', routeBody(s.storeId))).json() as Route;
    const moved = await call(admin, 'PUT', `/api/routes/routes/${unused.route_id}`, {
      ...routeBody(other.storeId),
      name: unused.name,
    });
    expect(moved.json()).toMatchObject({ store_id: other.storeId, store_city: other.cityName });
    expect((await call(admin, 'DELETE', `/api/routes/routes/${unused.route_id}`)).statusCode).toBe(204);
    const routes = (await call(manager, 'GET', '/api/routes/routes')).json() as Route[];
    expect(routes.some((r) => r.route_id === unused.route_id)).toBe(false);
  });
});

describe('stores', () => {
  async function cityWithoutStore() {
    const name = `Kurunegala${Date.now()}${plates++}`;
    await app.ctx.db.execute(sql`insert into cities (name) values (${name})`);
    return name;
  }
  const storeBody = (city: string, values: Record<string, unknown> = {}) => ({
    city,
    address: '4 Station Road',
    near_station_name: `${city} Station`,
    contact_number: '+94 37 222 1100',
    ...values,
  });

  it('admins add one per served city and edit it; the cities list says which have one', async () => {
    const city = await cityWithoutStore();
    const res = await call(admin, 'POST', '/api/stores', storeBody(city.toUpperCase()));
    expect(res.statusCode, res.body).toBe(201);
    const store = res.json() as Store;
    expect(store).toMatchObject({ city, address: '4 Station Road', contact_number: '+94 37 222 1100' });
    expect(await auditOf('stores', store.store_id)).toEqual([
      { operation: 'INSERT', performed_by: admin.userId },
    ]);
    const cities = (await call(warehouse, 'GET', '/api/cities')).json() as City[];
    expect(cities.find((c) => c.name === city)).toMatchObject({ store_id: store.store_id });
    expect(cities.some((c) => c.name === 'Kandy')).toBe(false);

    expectDetail(
      await call(admin, 'POST', '/api/stores', storeBody(city)),
      409,
      `${city} already has its store (store #${store.store_id}, 4 Station Road): a city has one store`,
    );
    expectDetail(
      await call(admin, 'POST', '/api/stores', storeBody('Atlantis')),
      422,
      /^city: Atlantis is not one of the cities the trains serve \(/,
    );
    expectDetail(
      await call(admin, 'POST', '/api/stores', storeBody('Kandy')),
      422,
      'city: Kandy is the hub the trains leave from; stores are in the cities they serve',
    );
    expectDetail(
      await call(admin, 'POST', '/api/stores', storeBody(city, { address: ' ' })),
      422,
      /address is required/,
    );
    expect((await call(manager, 'POST', '/api/stores', storeBody(city))).statusCode).toBe(403);

    const edited = await call(
      admin,
      'PUT',
      `/api/stores/${store.store_id}`,
      storeBody(city, { address: '6 Station Road', contact_number: '' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ address: '6 Station Road', contact_number: null });
    // nothing belongs to it yet: it may still move to another city without a store
    const elsewhere = await cityWithoutStore();
    expect(
      (await call(admin, 'PUT', `/api/stores/${store.store_id}`, storeBody(elsewhere))).json(),
    ).toMatchObject({ city: elsewhere });
    expect((await call(admin, 'DELETE', `/api/stores/${store.store_id}`)).statusCode).toBe(204);
  });

  it('keeps its city, and is kept, while trucks, routes or staff belong to it', async () => {
    const s = await createStore(app);
    await createTruck(app, s.storeId);
    await createCrewMember(app, 'Driver', s.storeId);
    const elsewhere = await cityWithoutStore();
    expectDetail(
      await call(admin, 'PUT', `/api/stores/${s.storeId}`, storeBody(elsewhere)),
      409,
      `The ${s.cityName} store cannot move to ${elsewhere}: it has 1 truck, 1 route and 1 staff member; add a store in ${elsewhere} instead`,
    );
    expectDetail(
      await call(admin, 'DELETE', `/api/stores/${s.storeId}`),
      409,
      `The ${s.cityName} store cannot be deleted: it has 1 truck, 1 route and 1 staff member`,
    );
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a capacity cut and a load at once (PostgreSQL)', () => {
  /** A transaction that runs `first`, then holds its locks until `release` is called, then commits. */
  function held(first: (tx: Parameters<Parameters<typeof withActor>[2]>[0]) => Promise<unknown>) {
    let release!: () => void;
    let ready!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const started = new Promise<void>((r) => {
      ready = r;
    });
    const done = withActor(app.ctx.db, null, async (tx) => {
      await first(tx);
      ready();
      await gate;
    });
    return { started, release, done };
  }
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const overloaded = async (truckId: number) =>
    (
      await app.ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from deliveries d join trucks t on t.truck_id = d.truck_id
            where t.truck_id = ${truckId} and d.loaded_space > t.capacity`,
      )
    ).rows[0]!.n;

  it('a load written first: the cut waits for it, reads it and is refused; the truck never carries more than it holds', async () => {
    const s = await storeWithTrain();
    const truck = await createTruck(app, s.storeId, { capacity: 300 });
    const deliveryId = await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: s.routeId,
      start: new Date(Date.now() + 30 * HOUR),
      hours: 4,
    });
    const order = await approvedOrder(app, s, manager, await createUser(app, 'Customer'));
    const load = held((tx) =>
      tx.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveryId}, ${order.orderId})`,
      ),
    );
    await load.started;
    const cut = withActor(app.ctx.db, null, (tx) =>
      tx.execute(sql`update trucks set capacity = 0.5 where truck_id = ${truck.truckId}`),
    ).catch((err: unknown) => err);
    await pause(300);
    load.release();
    await load.done;
    const error = await cut;
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/its capacity is/);
    expect(await overloaded(truck.truckId)).toBe(0);
  });

  it('a cut written first: the load waits for it and is refused', async () => {
    const s = await storeWithTrain();
    const truck = await createTruck(app, s.storeId, { capacity: 300 });
    const deliveryId = await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: s.routeId,
      start: new Date(Date.now() + 30 * HOUR),
      hours: 4,
    });
    const order = await approvedOrder(app, s, manager, await createUser(app, 'Customer'));
    const cut = held((tx) =>
      tx.execute(sql`update trucks set capacity = 0.5 where truck_id = ${truck.truckId}`),
    );
    await cut.started;
    const loading = withActor(app.ctx.db, null, (tx) =>
      tx.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveryId}, ${order.orderId})`,
      ),
    ).catch((err: unknown) => err);
    await pause(300);
    cut.release();
    await cut.done;
    const error = await loading;
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/its capacity is/);
    expect(await overloaded(truck.truckId)).toBe(0);
  });
});
