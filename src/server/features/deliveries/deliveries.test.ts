import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createStore,
  createTruck,
  futureMonday,
  HOUR,
  insertDelivery,
} from '#server/test/scheduling-factories';

const { app } = await createTestApp();
const manager = await createUser(app, 'Manager');
const MONDAY = futureMonday(3);
const at = (day: number, hour: number) => new Date(MONDAY.getTime() + (day * 24 + hour) * HOUR);

/** A store with a 4-hour route, an available truck, two drivers and two assistants. */
async function scene() {
  const store = await createStore(app, { routeHours: 4 });
  const truck = await createTruck(app, store.storeId, { capacity: 100 });
  const [d1, d2] = [
    await createCrewMember(app, 'Driver', store.storeId),
    await createCrewMember(app, 'Driver', store.storeId),
  ];
  const [a1, a2] = [
    await createCrewMember(app, 'Assistant', store.storeId),
    await createCrewMember(app, 'Assistant', store.storeId),
  ];
  return { store, truck, d1: d1!, d2: d2!, a1: a1!, a2: a2! };
}

function schedule(
  params: { truck: number; route: number; start: Date; driver?: number | null; assistant?: number | null },
  user = manager,
) {
  const qs = new URLSearchParams({
    truck_id: String(params.truck),
    route_id: String(params.route),
    user_id: String(user.userId),
    delivery_date_time: params.start.toISOString(),
    driver_employee_id:
      params.driver === undefined || params.driver === null ? 'null' : String(params.driver),
    assistant_employee_id:
      params.assistant === undefined || params.assistant === null ? 'null' : String(params.assistant),
  });
  return app.inject({ method: 'POST', url: `/api/deliveries/deliveries?${qs}`, headers: user.auth });
}

const expectRefused = async (res: Awaited<ReturnType<typeof schedule>>, detail: RegExp | string) => {
  expect(res.statusCode, res.body).toBe(409);
  if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
  else expect(res.json().detail).toMatch(detail);
};

describe('POST /api/deliveries/deliveries', () => {
  it('schedules a truck on a route for its maximum time, crew optional, and lists it', async () => {
    const s = await scene();
    const res = await schedule({
      truck: s.truck.truckId,
      route: s.store.routeId,
      start: at(0, 3),
      driver: s.d1.employeeId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      route_id: s.store.routeId,
      truck_id: s.truck.truckId,
      plate_number: s.truck.plateNumber,
      store_city: s.store.cityName,
      delivery_date_time: at(0, 3).toISOString().replace('.000', ''),
      end_date_time: at(0, 7).toISOString().replace('.000', ''),
      status: 'Scheduled',
      driver_employee_id: s.d1.employeeId,
      driver_name: s.d1.name,
      assistant_employee_id: null,
      assistant_name: null,
      loaded_space: 0,
      order_count: 0,
      orders: [],
    });
    const list = await app.inject({
      url: `/api/deliveries/deliveries?route_id=${s.store.routeId}`,
      headers: manager.auth,
    });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0].delivery_id).toBe(res.json().delivery_id);
  });

  it('checks the caller, the ids and the time', async () => {
    const s = await scene();
    const other = await createUser(app, 'Manager');
    const forged = await app.inject({
      method: 'POST',
      url: `/api/deliveries/deliveries?truck_id=${s.truck.truckId}&route_id=${s.store.routeId}&user_id=${other.userId}&delivery_date_time=${encodeURIComponent(at(0, 3).toISOString())}`,
      headers: manager.auth,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().detail).toMatch(/^user_id \d+ is not the signed-in user/);
    expect((await schedule({ truck: 999_999, route: s.store.routeId, start: at(0, 3) })).json().detail).toBe(
      'truck_id: truck 999999 not found',
    );
    expect((await schedule({ truck: s.truck.truckId, route: 999_999, start: at(0, 3) })).json().detail).toBe(
      'route_id: route 999999 not found',
    );
    const past = await schedule({
      truck: s.truck.truckId,
      route: s.store.routeId,
      start: new Date(Date.now() - HOUR),
    });
    expect(past.statusCode).toBe(422);
    const wrongType = await schedule({
      truck: s.truck.truckId,
      route: s.store.routeId,
      start: at(0, 3),
      driver: s.a1.employeeId,
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().detail).toBe(
      `driver_employee_id: employee ${s.a1.employeeId} (${s.a1.name}) is not a driver (type: Assistant)`,
    );
    const noTime = await app.inject({
      method: 'POST',
      url: `/api/deliveries/deliveries?truck_id=${s.truck.truckId}&route_id=${s.store.routeId}&user_id=${manager.userId}`,
      headers: manager.auth,
    });
    expect(noTime.statusCode).toBe(422);
    expect(noTime.json().detail).toMatch(/delivery_date_time/);
    const driver = await createUser(app, 'Driver');
    expect(
      (await schedule({ truck: s.truck.truckId, route: s.store.routeId, start: at(0, 3) }, driver))
        .statusCode,
    ).toBe(403);
  });

  it('truck: not under repair and based at the route store, never on two deliveries at once', async () => {
    const s = await scene();
    const broken = await createTruck(app, s.store.storeId, {
      status: 'Under Repair',
      statusNote: 'Gearbox rebuilt at the Peliyagoda workshop',
    });
    await expectRefused(
      await schedule({ truck: broken.truckId, route: s.store.routeId, start: at(0, 3) }),
      `Truck ${broken.plateNumber} is Under Repair (Gearbox rebuilt at the Peliyagoda workshop) and cannot take new runs`,
    );
    // In Service is roadworthy (docs/decisions/0057): it takes runs
    const working = await createTruck(app, s.store.storeId, { status: 'In Service' });
    expect(
      (await schedule({ truck: working.truckId, route: s.store.routeId, start: at(0, 3) })).statusCode,
    ).toBe(201);
    const elsewhere = await createStore(app);
    const away = await createTruck(app, elsewhere.storeId);
    await expectRefused(
      await schedule({ truck: away.truckId, route: s.store.routeId, start: at(0, 3) }),
      `Truck ${away.plateNumber} is based at the ${elsewhere.cityName} store, but route ${s.store.routeName} starts at the ${s.store.cityName} store`,
    );
    expect(
      (await schedule({ truck: s.truck.truckId, route: s.store.routeId, start: at(1, 3) })).statusCode,
    ).toBe(201);
    await expectRefused(
      await schedule({ truck: s.truck.truckId, route: s.store.routeId, start: at(1, 6) }),
      new RegExp(
        `^Truck ${s.truck.plateNumber} is already on delivery \\d+ from .+, which overlaps this delivery`,
      ),
    );
    // back to back is fine for a truck
    expect(
      (await schedule({ truck: s.truck.truckId, route: s.store.routeId, start: at(1, 7) })).statusCode,
    ).toBe(201);
  });

  it('driver and assistant: never on two overlapping deliveries', async () => {
    const s = await scene();
    const other = await createTruck(app, s.store.storeId);
    const first = await schedule({
      truck: s.truck.truckId,
      route: s.store.routeId,
      start: at(2, 3),
      driver: s.d1.employeeId,
      assistant: s.a1.employeeId,
    });
    expect(first.statusCode, first.body).toBe(201);
    await expectRefused(
      await schedule({
        truck: other.truckId,
        route: s.store.routeId,
        start: at(2, 5),
        driver: s.d1.employeeId,
      }),
      new RegExp(`^Driver ${s.d1.name} is already on delivery \\d+`),
    );
    await expectRefused(
      await schedule({
        truck: other.truckId,
        route: s.store.routeId,
        start: at(2, 5),
        assistant: s.a1.employeeId,
      }),
      new RegExp(`^Assistant ${s.a1.name} is already on delivery \\d+`),
    );
    expect(
      (
        await schedule({
          truck: other.truckId,
          route: s.store.routeId,
          start: at(2, 5),
          driver: s.d2.employeeId,
          assistant: s.a2.employeeId,
        })
      ).statusCode,
    ).toBe(201);
    // a crew member's schedule: the deliveries they drive or assist on, no one else's
    for (const who of [s.d1, s.a1]) {
      const list = await app.inject({
        url: `/api/deliveries/deliveries?employee_id=${who.employeeId}`,
        headers: manager.auth,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.json().map((d: { delivery_id: number }) => d.delivery_id)).toEqual([
        first.json().delivery_id,
      ]);
    }
  });

  it('driver: needs the rest between two deliveries', async () => {
    const s = await scene();
    const other = await createTruck(app, s.store.storeId);
    await insertDelivery(app, {
      truckId: other.truckId,
      routeId: s.store.routeId,
      start: at(3, 2),
      hours: 4,
      driverId: s.d1.employeeId,
    });
    await expectRefused(
      await schedule({
        truck: s.truck.truckId,
        route: s.store.routeId,
        start: at(3, 6.5),
        driver: s.d1.employeeId,
      }),
      new RegExp(`^Driver ${s.d1.name} needs at least 60 minutes of rest between deliveries`),
    );
    expect(
      (
        await schedule({
          truck: s.truck.truckId,
          route: s.store.routeId,
          start: at(3, 7),
          driver: s.d1.employeeId,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('assistant: at most two consecutive deliveries, a third needs the rest', async () => {
    const s = await scene();
    const t2 = await createTruck(app, s.store.storeId);
    const t3 = await createTruck(app, s.store.storeId);
    const a = s.a1.employeeId;
    expect(
      (await schedule({ truck: s.truck.truckId, route: s.store.routeId, start: at(4, 0), assistant: a }))
        .statusCode,
    ).toBe(201);
    expect(
      (await schedule({ truck: t2.truckId, route: s.store.routeId, start: at(4, 4.5), assistant: a }))
        .statusCode,
    ).toBe(201);
    await expectRefused(
      await schedule({ truck: t3.truckId, route: s.store.routeId, start: at(4, 9), assistant: a }),
      new RegExp(`^Assistant ${s.a1.name} would be on 3 consecutive deliveries without a 60-minute rest`),
    );
    expect(
      (await schedule({ truck: t3.truckId, route: s.store.routeId, start: at(4, 9.5), assistant: a }))
        .statusCode,
    ).toBe(201);
  });

  it('weekly limits: 40 hours for a driver, 60 for an assistant', async () => {
    const s = await scene();
    const other = await createTruck(app, s.store.storeId);
    for (const day of [0, 1, 2]) {
      await insertDelivery(app, {
        truckId: other.truckId,
        routeId: s.store.routeId,
        start: at(day, 6),
        hours: 12,
        driverId: s.d2.employeeId,
      });
    }
    expect(
      (
        await schedule({
          truck: s.truck.truckId,
          route: s.store.routeId,
          start: at(3, 6),
          driver: s.d2.employeeId,
        })
      ).statusCode,
    ).toBe(201); // 36 + 4 = 40
    await expectRefused(
      await schedule({
        truck: s.truck.truckId,
        route: s.store.routeId,
        start: at(4, 6),
        driver: s.d2.employeeId,
      }),
      `Driver ${s.d2.name} would work 44 h in the week of ${MONDAY.toISOString().slice(0, 10)}, above the weekly limit of 40 h`,
    );
    // the next week starts afresh
    expect(
      (
        await schedule({
          truck: s.truck.truckId,
          route: s.store.routeId,
          start: at(7, 6),
          driver: s.d2.employeeId,
        })
      ).statusCode,
    ).toBe(201);

    for (const day of [0, 1, 2, 3, 4]) {
      await insertDelivery(app, {
        truckId: other.truckId,
        routeId: s.store.routeId,
        start: at(day, 8),
        hours: 11,
        assistantId: s.a2.employeeId,
      });
    }
    // 5 x 11 = 55 h; 4 more is 59, 4 after that 63
    expect(
      (
        await schedule({
          truck: s.truck.truckId,
          route: s.store.routeId,
          start: at(5, 3),
          assistant: s.a2.employeeId,
        })
      ).statusCode,
    ).toBe(201);
    await expectRefused(
      await schedule({
        truck: s.truck.truckId,
        route: s.store.routeId,
        start: at(6, 3),
        assistant: s.a2.employeeId,
      }),
      `Assistant ${s.a2.name} would work 63 h in the week of ${MONDAY.toISOString().slice(0, 10)}, above the weekly limit of 60 h`,
    );
  });

  it('never books one driver twice when two managers schedule at the same moment', async () => {
    const s = await scene();
    const trucks = [
      s.truck,
      await createTruck(app, s.store.storeId),
      await createTruck(app, s.store.storeId),
    ];
    const results = await Promise.all(
      trucks.map((t) =>
        schedule({ truck: t.truckId, route: s.store.routeId, start: at(5, 10), driver: s.d1.employeeId }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const sameTruck = await Promise.all(
      [0, 1].map(() => schedule({ truck: s.truck.truckId, route: s.store.routeId, start: at(6, 10) })),
    );
    expect(sameTruck.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('PUT /api/deliveries/{id}/crew', () => {
  it('sets the crew later under the same rules, and not once the delivery has started', async () => {
    const s = await scene();
    const created = (
      await schedule({ truck: s.truck.truckId, route: s.store.routeId, start: at(1, 12) })
    ).json();
    const other = await createTruck(app, s.store.storeId);
    await insertDelivery(app, {
      truckId: other.truckId,
      routeId: s.store.routeId,
      start: at(1, 13),
      hours: 2,
      driverId: s.d1.employeeId,
    });
    const put = (payload: Record<string, unknown>, id = created.delivery_id) =>
      app.inject({ method: 'PUT', url: `/api/deliveries/${id}/crew`, headers: manager.auth, payload });
    const busy = await put({ driver_employee_id: s.d1.employeeId, assistant_employee_id: null });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toMatch(new RegExp(`^Driver ${s.d1.name} is already on delivery`));
    const ok = await put({ driver_employee_id: s.d2.employeeId, assistant_employee_id: s.a1.employeeId });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ driver_name: s.d2.name, assistant_name: s.a1.name });
    // keeping the same crew does not clash with itself; clearing is allowed
    expect(
      (await put({ driver_employee_id: s.d2.employeeId, assistant_employee_id: s.a1.employeeId })).statusCode,
    ).toBe(200);
    expect((await put({ driver_employee_id: null, assistant_employee_id: null })).json()).toMatchObject({
      driver_employee_id: null,
      assistant_employee_id: null,
    });
    const started = await insertDelivery(app, {
      truckId: other.truckId,
      routeId: s.store.routeId,
      start: at(2, 1),
      hours: 2,
      driverId: s.d2.employeeId,
      assistantId: s.a2.employeeId,
      status: 'In Transit',
    });
    expect(
      (await put({ driver_employee_id: s.d2.employeeId, assistant_employee_id: null }, started)).json()
        .detail,
    ).toBe(`Delivery ${started} is In Transit: its crew can only change before it starts`);
    expect((await put({ driver_employee_id: null, assistant_employee_id: null }, 999_999)).statusCode).toBe(
      404,
    ); // a delivery without both crew members cannot start, whoever tries
    await expect(
      app.ctx.db.execute(
        sql`update deliveries set status = 'In Transit' where delivery_id = ${created.delivery_id}`,
      ),
    ).rejects.toThrow();
  });
});

describe('GET /api/deliveries/crew-options', () => {
  it('lists the store crew, the free ones first, and the rule the others would break', async () => {
    const s = await scene();
    const other = await createTruck(app, s.store.storeId);
    await insertDelivery(app, {
      truckId: other.truckId,
      routeId: s.store.routeId,
      start: at(2, 0),
      hours: 5,
      driverId: s.d1.employeeId,
    });
    const res = await app.inject({
      url: `/api/deliveries/crew-options?route_id=${s.store.routeId}&delivery_date_time=${encodeURIComponent(at(2, 5.5).toISOString())}`,
      headers: manager.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // drivers without a store (made by other tests) may work anywhere; this store's own come in order
    const mine = (list: Array<{ employee_id: number }>) =>
      list.filter((p) => [s.d1, s.d2, s.a1, s.a2].some((c) => c.employeeId === p.employee_id));
    expect(mine(body.drivers)).toEqual([
      expect.objectContaining({ employee_id: s.d2.employeeId, available: true, rule: null, week_hours: 0 }),
      expect.objectContaining({
        employee_id: s.d1.employeeId,
        available: false,
        rule: 'driver-rest',
        week_hours: 5,
        weekly_limit: 40,
        reason: expect.stringMatching(/needs at least 60 minutes of rest/),
      }),
    ]);
    expect(
      mine(body.assistants)
        .map((a) => a.employee_id)
        .sort(),
    ).toEqual([s.a1.employeeId, s.a2.employeeId].sort());
  });
});

describe('fleet lists', () => {
  it('trucks, routes and employees carry the fields the scheduler needs', async () => {
    const s = await scene();
    const trucks = (await app.inject({ url: '/api/Trucks/trucks', headers: manager.auth })).json();
    expect(trucks).toContainEqual({
      truck_id: s.truck.truckId,
      plate_number: s.truck.plateNumber,
      status: 'Available',
      capacity: 100,
      store_id: s.store.storeId,
      store_city: s.store.cityName,
      status_note: null,
      status_changed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      scheduled_runs: 0,
    });
    const routes = (await app.inject({ url: '/api/routes/routes', headers: manager.auth })).json();
    expect(routes).toContainEqual({
      route_id: s.store.routeId,
      name: s.store.routeName,
      start_location: s.store.cityName,
      end_location: s.store.town,
      covered_towns: [s.store.town],
      store_id: s.store.storeId,
      store_city: s.store.cityName,
      max_delivery_hours: 4,
    });
    const customer = await createUser(app, 'Customer');
    expect((await app.inject({ url: '/api/Trucks/trucks', headers: customer.auth })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/deliveries/deliveries', headers: customer.auth })).statusCode).toBe(
      403,
    );
  });
});
