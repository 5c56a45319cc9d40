import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { withActor } from './db/client';
import { approvedOrder, crewScene, loadDirectly } from './test/crew-factories';
import { expectFiguresEqualToRebuild } from './test/customer-orders-helpers';
import { createProduct, createUser, daysFromNow, type TestUser } from './test/factories';
import { createTestApp, TEST_JWT_SECRET } from './test/harness';
import { scaled } from './test/reliability-scale';
import {
  createCrewMember,
  createPendingOrder,
  createStore,
  createTrip,
  createTruck,
  futureMonday,
  HOUR,
  insertDelivery,
  type TestStore,
} from './test/scheduling-factories';

// The race catalogue of issue 24 (docs/reliability.md, "Suite 3: races"): each race sends many clients at
// once over HTTP and then checks what the race left behind in the database, and each names the
// lock or constraint that wins it. On PostgreSQL the calls of a round run at once, each on its own
// pooled connection (and, for orders, through two server instances on one database); on PGlite,
// one connection, they run one after the other: the same invariants must hold either way.
const t = await createTestApp();
const { app, database, setNow } = t;
const db = app.ctx.db;

/** A second server on the same database: its own placement batches, pool users and caches. */
const other = await buildApp({
  db: database.db,
  listen: database.listen,
  queries: database.queries,
  pingDatabase: database.ping,
  jwtSecret: TEST_JWT_SECRET,
  checkResponses: true,
});
await other.ready();
afterAll(async () => {
  await other.close();
});

const CLIENTS = scaled(12);
const ROUNDS = scaled(3);

const admin = await createUser(app, 'Admin');
const manager = await createUser(app, 'Manager');
const warehouse = await createUser(app, 'Warehouse Manager');

type Answer = Awaited<ReturnType<typeof app.inject>>;

/** Every answer is one of `allowed`; a refusal carries exactly `{detail}`; never a 5xx. */
function expectAnswers(answers: Answer[], allowed: number[], what: string) {
  for (const res of answers) {
    expect(allowed, `${what}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    if (res.statusCode >= 400) expect(Object.keys(res.json() as object), what).toEqual(['detail']);
  }
}
const ok = (answers: Answer[]) => answers.filter((r) => r.statusCode < 300);
const refused = (answers: Answer[]) => answers.filter((r) => r.statusCode >= 400);

const one = async <T>(query: ReturnType<typeof sql>) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows[0]!;
const count = async (query: ReturnType<typeof sql>) => (await one<{ n: number }>(query)).n;
const idList = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;

/** Every product's balance is its ledger's sum, no running balance is negative or wrong. */
async function ledgerHolds(productIds: number[]) {
  const bad = await count(sql`
    select count(*)::int as n from products p
     where p.product_id = any(${idList(productIds)})
       and (p.available_units < 0
            or p.available_units <> (select coalesce(sum(delta), 0) from stock_movements m where m.product_id = p.product_id)
            or exists (select 1 from (
                 select balance_after, sum(delta) over w as running
                   from stock_movements m where m.product_id = p.product_id
                 window w as (order by movement_id)) x
                where x.balance_after <> x.running or x.balance_after < 0))`);
  expect(bad, 'products whose ledger does not add up').toBe(0);
}

const unitsOf = (productId: number) =>
  count(sql`select available_units as n from products where product_id = ${productId}`);

const placeOn = (
  server: typeof app,
  buyer: TestUser,
  items: Array<{ productID: number; quantity: number }>,
) =>
  server.inject({
    method: 'POST',
    url: `/api/customers/${buyer.customerId}/orders`,
    headers: buyer.auth,
    payload: { scheduleDate: daysFromNow(10), items, deliveryAddress: '5 Lake Road, Kandy' },
  });

// the first makes the Customer role, the others at once
const buyers: TestUser[] = [await createUser(app, 'Customer')];
buyers.push(...(await Promise.all(Array.from({ length: CLIENTS - 1 }, () => createUser(app, 'Customer')))));

describe('race 1: orders for the last units (the products row lock of place_order(), CHECK available_units >= 0)', () => {
  // What wins: place_order() locks the wanted products FOR NO KEY UPDATE in id order before it
  // writes the reservations (migrations/0019_placement_lines_after_lock.sql), every ledger row
  // moves the balance through apply_stock_movement(), and products.available_units CHECK (>= 0)
  // (migrations/0001) refuses the one that would go below zero: 409, nothing of the order written.
  // Two server instances: their placement batches (advisory lock 7021001) and single placements
  // meet only at the product rows.
  it(`${CLIENTS} clients on two servers, ${ROUNDS} rounds: exactly the units available are sold, never below zero`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const available = Math.max(1, Math.floor(CLIENTS / 2) - round);
      const scarce = await createProduct(app, { units: available });
      const plenty = await createProduct(app, { units: 10_000 });
      const answers = await Promise.all(
        buyers.map((b, k) =>
          placeOn(k % 2 ? other : app, b, [
            { productID: plenty.productId, quantity: 1 },
            { productID: scarce.productId, quantity: 1 },
          ]),
        ),
      );
      expectAnswers(answers, [201, 409], `round ${round}`);
      expect(ok(answers), `round ${round}`).toHaveLength(available);
      for (const r of refused(answers)) expect(r.json().detail).toMatch(/^Not enough stock/);
      expect(await unitsOf(scarce.productId)).toBe(0);
      // a refused order left nothing behind: no order, no line, no reservation of the other product
      expect(
        await count(
          sql`select coalesce(sum(quantity), 0)::int as n from order_items where product_id = ${scarce.productId}`,
        ),
      ).toBe(available);
      expect(
        await count(
          sql`select count(distinct order_id)::int as n from order_items where product_id = ${plenty.productId}`,
        ),
      ).toBe(available);
      expect(await unitsOf(plenty.productId)).toBe(10_000 - available);
      await ledgerHolds([scarce.productId, plenty.productId]);
    }
  });
});

/** Pending orders of `space` units of train space each to the store's town, placed at once. */
async function pendingOrders(store: TestStore, count: number, space: number, days = 10) {
  const product = await createProduct(app, { spacePerUnit: 0.5, units: 100_000 });
  const answers = await Promise.all(
    Array.from({ length: count }, (_, k) =>
      app.inject({
        method: 'POST',
        url: `/api/customers/${buyers[k % buyers.length]!.customerId}/orders`,
        headers: buyers[k % buyers.length]!.auth,
        payload: {
          scheduleDate: daysFromNow(days),
          items: [{ productID: product.productId, quantity: space * 2 }],
          deliveryAddress: `7 Temple Road, ${store.town}`,
          city: store.cityName,
        },
      }),
    ),
  );
  for (const res of answers) expect(res.statusCode, res.body).toBe(201);
  return answers.map((res) => res.json().order_id as number);
}

describe('race 2: allocations onto one train trip (train_trips FOR UPDATE, CHECK used_capacity <= total_capacity)', () => {
  // What wins: allocate-train locks the order row, then the trips to its city FOR UPDATE in id
  // order (train-trips.queries tripsToCity); the planner's commit locks trucks, employees, orders,
  // then the trips FOR UPDATE in id order (planning.queries lockTrips) and verifies again. Under
  // both, used_capacity is kept by the train_allocations_*_book triggers and CHECK (used_capacity
  // <= total_capacity) (migrations/0004) refuses an overbooking whatever the writer.
  const used = (tripId: number) =>
    one<{ used: number; booked: number; total: number }>(
      sql`select t.used_capacity::float8 as used, t.total_capacity::float8 as total,
                 coalesce((select sum(space) from train_allocations a where a.train_trip_id = t.train_trip_id), 0)::float8 as booked
            from train_trips t where t.train_trip_id = ${tripId}`,
    );
  const allocate = (orderId: number) =>
    app.inject({ method: 'POST', url: `/api/orders/${orderId}/allocate-train`, headers: manager.auth });

  it(`${CLIENTS} managers allocate onto one trip in ${ROUNDS} rounds: it fills exactly, never past its capacity`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const store = await createStore(app);
      // room for a third of the orders, space 3 each
      const capacity = 3 * Math.floor(CLIENTS / 3) + 1;
      const trip = await createTrip(app, store.cityId, { departH: 24, capacity });
      const orders = await pendingOrders(store, CLIENTS, 3);
      const answers = await Promise.all(orders.map(allocate));
      expectAnswers(answers, [200, 409], `round ${round}`);
      expect(ok(answers)).toHaveLength(Math.floor(CLIENTS / 3));
      for (const r of refused(answers))
        expect(r.json().detail).toMatch(/^Only 1 of 3 units of space are free/);
      expect(await used(trip.trainTripId)).toEqual({
        used: capacity - 1,
        booked: capacity - 1,
        total: capacity,
      });
    }
  });

  it(`a planner commit against ${CLIENTS} allocations onto the same trip: one or the other, never both past capacity`, async () => {
    let nextDay = 9;
    for (let round = 0; round < ROUNDS; round++) {
      const days = nextDay++;
      const store = await createStore(app);
      const trip = await createTrip(app, store.cityId, { departH: 24, capacity: 30 });
      await createTruck(app, store.storeId, { capacity: 100 });
      await createCrewMember(app, 'Driver', store.storeId);
      await createCrewMember(app, 'Assistant', store.storeId);
      const planned = (await createPendingOrder(app, store, { space: 20, days })).orderId;
      const proposal = await app.inject({
        method: 'POST',
        url: '/api/planning/proposals',
        headers: manager.auth,
        payload: { from: daysFromNow(days), to: daysFromNow(days), pending_order_ids: [planned] },
      });
      expect(proposal.statusCode, proposal.body).toBe(201);
      const proposalId = proposal.json().proposal_id as number;
      // orders requested the day after the plan's period, for the same trip: 4 units each
      const others = await pendingOrders(store, CLIENTS, 4, days + 1);
      const [commit, ...allocations] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/planning/proposals/${proposalId}/commit`,
          headers: manager.auth,
        }),
        ...others.map(allocate),
      ]);
      expectAnswers([commit!], [200, 409], `round ${round} commit`);
      expectAnswers(allocations, [200, 409], `round ${round} allocations`);
      if (commit!.statusCode === 409) expect(commit!.json().detail).toMatch(/^Nothing was applied/);
      const committed = commit!.statusCode === 200 ? 1 : 0;
      const booked = await used(trip.trainTripId);
      expect(booked.used).toBe(booked.booked);
      expect(booked.used).toBeLessThanOrEqual(30);
      expect(booked.used).toBe(20 * committed + 4 * ok(allocations).length);
      // the trip was full for whoever lost: no room for another order of 4
      expect(booked.used).toBeGreaterThan(30 - 4);
      // the commit applied all of itself or nothing
      expect(
        await count(sql`select count(*)::int as n from train_allocations where order_id = ${planned}`),
      ).toBe(committed);
      expect(
        await count(
          sql`select count(*)::int as n from orders where order_id = ${planned} and status = 'Scheduled'`,
        ),
      ).toBe(committed);
    }
  });
});

describe('race 3: runs for one truck, one driver, one assistant (trucks and employees FOR UPDATE)', () => {
  // What wins: every writer of a run's truck or crew locks the truck row (fleet.queries lockTruck)
  // and the crew's employee rows in id order (lockEmployees) FOR UPDATE before it reads the slots
  // the roster rules check: scheduling (POST /api/deliveries/deliveries), a truck change (PUT
  // .../truck), a crew change (PUT .../crew) and the planner's commit. The second writer waits
  // for the first's commit and then sees its run: 409 naming it.
  const MONDAY = futureMonday(5);
  const at = (day: number, hour: number) => new Date(MONDAY.getTime() + (day * 24 + hour) * HOUR);
  const schedule = (
    truck: number,
    route: number,
    start: Date,
    crew: { driver?: number; assistant?: number } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/deliveries/deliveries?${new URLSearchParams({
        truck_id: String(truck),
        route_id: String(route),
        user_id: String(manager.userId),
        delivery_date_time: start.toISOString(),
        driver_employee_id: crew.driver === undefined ? 'null' : String(crew.driver),
        assistant_employee_id: crew.assistant === undefined ? 'null' : String(crew.assistant),
      })}`,
      headers: manager.auth,
    });
  const put = (deliveryId: number, what: 'truck' | 'crew', payload: object) =>
    app.inject({
      method: 'PUT',
      url: `/api/deliveries/${deliveryId}/${what}`,
      headers: manager.auth,
      payload,
    });

  /** Pairs of stored runs of one truck, driver or assistant whose times overlap: must be none. */
  const overlaps = (truckIds: number[], employeeIds: number[]) =>
    count(sql`
      select count(*)::int as n from deliveries a join deliveries b
        on a.delivery_id < b.delivery_id
       and a.delivery_date_time < b.end_date_time and b.delivery_date_time < a.end_date_time
       and (a.truck_id = b.truck_id and a.truck_id = any(${idList(truckIds)})
            or a.driver_employee_id = b.driver_employee_id and a.driver_employee_id = any(${idList(employeeIds)})
            or a.assistant_employee_id = b.assistant_employee_id and a.assistant_employee_id = any(${idList(employeeIds)})
            or a.driver_employee_id = b.assistant_employee_id and a.driver_employee_id = any(${idList(employeeIds)})
            or a.assistant_employee_id = b.driver_employee_id and a.assistant_employee_id = any(${idList(employeeIds)}))`);

  async function scene() {
    const store = await createStore(app, { routeHours: 4 });
    const truck = await createTruck(app, store.storeId, { capacity: 100 });
    const driver = await createCrewMember(app, 'Driver', store.storeId);
    const assistant = await createCrewMember(app, 'Assistant', store.storeId);
    const trucks = await Promise.all(
      Array.from({ length: CLIENTS }, () => createTruck(app, store.storeId, { capacity: 100 })),
    );
    return { store, truck, driver, assistant, trucks };
  }

  it(`${CLIENTS} clients per round contend for a truck, a driver and an assistant in ${ROUNDS} rounds: each goes to one run`, async () => {
    const s = await scene();
    const third = Math.max(1, Math.floor(CLIENTS / 3));
    for (let round = 0; round < ROUNDS; round++) {
      const day = 2 * round;
      // runs already scheduled an hour into each contended slot, on trucks of their own and without
      // the contended truck or person: a truck change and a crew change race the new schedules
      const moved = await insertDelivery(app, {
        truckId: s.trucks[0]!.truckId,
        routeId: s.store.routeId,
        start: at(day, 3),
        hours: 4,
      });
      const forDriver = await insertDelivery(app, {
        truckId: s.trucks[1]!.truckId,
        routeId: s.store.routeId,
        start: at(day, 11),
        hours: 4,
      });
      const forAssistant = await insertDelivery(app, {
        truckId: s.trucks[2]!.truckId,
        routeId: s.store.routeId,
        start: at(day, 17),
        hours: 4,
      });
      const truckRace = [
        put(moved, 'truck', { truck_id: s.truck.truckId }),
        ...Array.from({ length: third }, () => schedule(s.truck.truckId, s.store.routeId, at(day, 2))),
      ];
      const driverRace = [
        put(forDriver, 'crew', { driver_employee_id: s.driver.employeeId, assistant_employee_id: null }),
        ...Array.from({ length: third }, (_, k) =>
          schedule(s.trucks[3 + (k % (CLIENTS - 3))]!.truckId, s.store.routeId, at(day, 10), {
            driver: s.driver.employeeId,
          }),
        ),
      ];
      const assistantRace = [
        put(forAssistant, 'crew', {
          driver_employee_id: null,
          assistant_employee_id: s.assistant.employeeId,
        }),
        ...Array.from({ length: third }, (_, k) =>
          schedule(s.trucks[3 + ((k + third) % (CLIENTS - 3))]!.truckId, s.store.routeId, at(day, 16), {
            assistant: s.assistant.employeeId,
          }),
        ),
      ];
      const answers = await Promise.all([...truckRace, ...driverRace, ...assistantRace]);
      const [trucks, drivers, assistants] = [
        answers.slice(0, third + 1),
        answers.slice(third + 1, 2 * third + 2),
        answers.slice(2 * third + 2),
      ];
      for (const [name, race] of [
        ['truck', trucks],
        ['driver', drivers],
        ['assistant', assistants],
      ] as const) {
        expectAnswers(race, [200, 201, 409], `round ${round} ${name}`);
        expect(ok(race), `round ${round}: one ${name} winner`).toHaveLength(1);
      }
      for (const r of refused(answers))
        expect(r.json().detail).toMatch(/already|is on delivery|overlap|rest/i);
      // what is stored: the truck, the driver and the assistant each on exactly one run of the slot
      expect(
        await count(
          sql`select count(*)::int as n from deliveries where truck_id = ${s.truck.truckId}
                and delivery_date_time < ${at(day, 8)} and end_date_time > ${at(day, 2)}`,
        ),
      ).toBe(1);
      for (const [column, id, from] of [
        ['driver_employee_id', s.driver.employeeId, 10],
        ['assistant_employee_id', s.assistant.employeeId, 16],
      ] as const) {
        expect(
          await count(
            sql`select count(*)::int as n from deliveries where ${sql.identifier(column)} = ${id}
                  and delivery_date_time < ${at(day, from + 6)} and end_date_time > ${at(day, from)}`,
          ),
        ).toBe(1);
      }
    }
    expect(
      await overlaps(
        [s.truck.truckId, ...s.trucks.map((x) => x.truckId)],
        [s.driver.employeeId, s.assistant.employeeId],
      ),
    ).toBe(0);
  });

  it('two transactions that each check first: the one holding the truck and crew rows wins, the others wait and see its run', async () => {
    const s = await scene();
    const slot = at(8, 6);
    // a writer doing what scheduling does, by hand: lock, check the slot is free, write, and then
    // hold its commit while the clients arrive and check for themselves
    let release!: () => void;
    let locked!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const ready = new Promise<void>((r) => {
      locked = r;
    });
    const held = withActor(db, manager.userId, async (tx) => {
      await tx.execute(sql`select 1 from trucks where truck_id = ${s.truck.truckId} for update`);
      await tx.execute(
        sql`select 1 from employees where employee_id in (${s.driver.employeeId}, ${s.assistant.employeeId})
             order by employee_id for update`,
      );
      const clash = await tx.execute(
        sql`select 1 from deliveries where (truck_id = ${s.truck.truckId} or driver_employee_id = ${s.driver.employeeId}
              or assistant_employee_id = ${s.assistant.employeeId})
              and delivery_date_time < ${new Date(slot.getTime() + 4 * HOUR)} and end_date_time > ${slot}`,
      );
      expect(clash.rows).toHaveLength(0);
      await tx.execute(
        sql`insert into deliveries (truck_id, route_id, driver_employee_id, assistant_employee_id,
                                    delivery_date_time, end_date_time, status)
            values (${s.truck.truckId}, ${s.store.routeId}, ${s.driver.employeeId}, ${s.assistant.employeeId},
                    ${slot}, ${new Date(slot.getTime() + 4 * HOUR)}, 'Scheduled')`,
      );
      locked();
      await gate;
    });
    await Promise.race([ready, held]);
    let answered = 0;
    const counted = (p: Promise<Answer>) => p.finally(() => answered++);
    const clients = Array.from({ length: CLIENTS }, (_, k) =>
      counted(
        k % 3 === 0
          ? schedule(s.truck.truckId, s.store.routeId, new Date(slot.getTime() + HOUR))
          : k % 3 === 1
            ? schedule(s.trucks[k]!.truckId, s.store.routeId, new Date(slot.getTime() + 2 * HOUR), {
                driver: s.driver.employeeId,
              })
            : schedule(s.trucks[k]!.truckId, s.store.routeId, new Date(slot.getTime() - HOUR), {
                assistant: s.assistant.employeeId,
              }),
      ),
    );
    await new Promise((r) => setTimeout(r, 200));
    // nobody got past the held rows: none could have checked against a slot that looked free
    expect(answered).toBe(0);
    release();
    await held;
    const answers = await Promise.all(clients);
    expectAnswers(answers, [409], 'after the held run');
    expect(
      await overlaps(
        [s.truck.truckId, ...s.trucks.map((x) => x.truckId)],
        [s.driver.employeeId, s.assistant.employeeId],
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from deliveries where truck_id = any(${idList([s.truck.truckId, ...s.trucks.map((x) => x.truckId)])})`,
      ),
    ).toBe(1);
  });
});

describe('race 4: starts of two runs of one crew (partial unique indexes deliveries_*_in_transit_uq)', () => {
  // What wins: a start locks only its own delivery row, so two starts of two runs sharing a driver
  // and an assistant both pass the start rules; the partial unique indexes
  // deliveries_driver_in_transit_uq and deliveries_assistant_in_transit_uq (migrations/0029) refuse
  // the second, answered 409 naming the run on the road (crew.service startDelivery).
  const start = (who: TestUser, deliveryId: number) =>
    app.inject({ method: 'POST', url: `/api/deliveries/${deliveryId}/start`, headers: who.auth });

  it(`${CLIENTS} taps of one crew on two runs, ${ROUNDS} rounds: exactly one run on the road`, async () => {
    // one crew (a driver and an assistant with their logins); its scene's own run lies weeks ahead
    const s = await crewScene(app, { manager, startInHours: 24 * 21, orderCount: 0 });
    for (let round = 0; round < ROUNDS; round++) {
      // two runs of the crew on two trucks, the second right after the first: at 30 minutes
      // before the first ends, both are within their start window
      // (each round at the same hours: the runs of earlier rounds are off the road or never started)
      const begin = new Date(Date.now() + HOUR);
      const end = new Date(begin.getTime() + 4 * HOUR);
      const runs: number[] = [];
      for (const at of [begin, end]) {
        const truck = await createTruck(app, s.store.storeId, { capacity: 1_000 });
        const run = await insertDelivery(app, {
          truckId: truck.truckId,
          routeId: s.store.routeId,
          start: at,
          hours: 4,
          driverId: s.driver.employeeId,
          assistantId: s.assistant.employeeId,
        });
        const order = await approvedOrder(app, s.store, manager, buyers[round % buyers.length]!, 1);
        await loadDirectly(app, run, [order.orderId]);
        runs.push(run);
      }
      const [firstRun, second] = runs as [number, number];
      setNow(new Date(end.getTime() - 30 * 60_000));
      const answers = await Promise.all(
        Array.from({ length: CLIENTS }, (_, k) =>
          start(k % 2 ? s.driver : s.assistant, k % 4 < 2 ? firstRun : second),
        ),
      );
      setNow(null);
      expectAnswers(answers, [200, 409], `round ${round}`);
      expect(ok(answers), `round ${round}`).toHaveLength(1);
      const onTheRoad = await db.execute<{ delivery_id: number }>(
        sql`select delivery_id from deliveries where delivery_id in (${firstRun}, ${second}) and status = 'In Transit'`,
      );
      expect(onTheRoad.rows).toHaveLength(1);
      const winner = onTheRoad.rows[0]!.delivery_id;
      const loser = winner === firstRun ? second : firstRun;
      for (const r of refused(answers)) {
        expect(r.json().detail).toMatch(
          new RegExp(
            `^(Delivery #${winner} is already In Transit|(Driver|Assistant) .+ is on delivery #${winner} .+)$`,
          ),
        );
      }
      // the losing run and its orders were left as they were
      expect(
        await count(
          sql`select count(*)::int as n from delivery_orders x join orders o using (order_id)
               where x.delivery_id = ${loser} and o.status <> 'Scheduled'`,
        ),
      ).toBe(0);
      expect(
        await count(
          sql`select count(*)::int as n from deliveries where delivery_id = ${loser} and status = 'Scheduled' and started_at is null`,
        ),
      ).toBe(1);
      // off the road again for the next round
      await db.execute(sql`update deliveries set status = 'Delivered' where delivery_id = ${winner}`);
    }
  });
});

describe('race 5: confirmations of one item (the delivery row FOR UPDATE, unique index item_confirmations_line_uq)', () => {
  // What wins: confirm-item locks the delivery row FOR UPDATE (crew.queries findCrewDelivery with
  // lock) before it looks for a confirmation of the item, so the others find the first one and
  // answer it (200, replayed); underneath, item_confirmations_line_uq (order_id, product_id)
  // (migrations/0030) holds one confirmation per order line whatever the writer.
  it(`${CLIENTS} crew taps with their own confirmation ids on one item, ${ROUNDS} items: one confirmation each`, async () => {
    const s = await crewScene(app, { manager, orderCount: ROUNDS });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/deliveries/${s.deliveryId}/start`,
          headers: s.driver.auth,
        })
      ).statusCode,
    ).toBe(200);
    for (let round = 0; round < ROUNDS; round++) {
      const order = s.orders[round]!;
      const productId = order.productIds[0]!;
      const ids = Array.from({ length: CLIENTS }, (_, k) => (k % 3 === 2 ? undefined : randomUUID()));
      const answers = await Promise.all(
        ids.map((id, k) =>
          app.inject({
            method: 'POST',
            url: `/api/deliveries/${s.deliveryId}/confirm-item`,
            headers: (k % 2 ? s.driver : s.assistant).auth,
            payload: {
              order_id: order.orderId,
              product_id: productId,
              recipient_name: `Recipient ${k}`,
              ...(id ? { confirmation_id: id } : {}),
            },
          }),
        ),
      );
      expectAnswers(answers, [200, 201], `round ${round}`);
      const created = answers.filter((r) => r.statusCode === 201);
      expect(created).toHaveLength(1);
      const stored = created[0]!.json() as { confirmation_id: string; recipient_name: string };
      for (const r of answers)
        expect(r.json()).toMatchObject({
          confirmation_id: stored.confirmation_id,
          recipient_name: stored.recipient_name,
        });
      expect(
        await count(
          sql`select count(*)::int as n from item_confirmations where order_id = ${order.orderId} and product_id = ${productId}`,
        ),
      ).toBe(1);
    }
    expect(
      await count(sql`select count(*)::int as n from item_confirmations where delivery_id = ${s.deliveryId}`),
    ).toBe(ROUNDS);
  });
});

describe('race 6: registrations of one username (unique index users_name_lower_uq)', () => {
  // What wins: users_name_lower_uq on lower(user_name) (migrations/0001). The sign-up and the
  // admin's form each check the name first; two that both found it free meet the index, and the
  // loser's 23505 is answered 409 (auth.service registerPublicCustomer, users.service uniqueRace).
  // The sign-up writes its customer in the same transaction: a refused one leaves none.
  it(`${CLIENTS} sign-ups and admin creates of one username (in any case), ${ROUNDS} rounds: one account`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = unique('shop');
      const tag = unique('Race shop ');
      const spelled = (k: number) =>
        k % 3 === 0 ? name : k % 3 === 1 ? name.toUpperCase() : `S${name.slice(1)}`;
      const answers = await Promise.all(
        Array.from({ length: CLIENTS }, (_, k) =>
          k % 2
            ? app.inject({
                method: 'POST',
                url: '/api/users',
                headers: admin.auth,
                payload: {
                  username: spelled(k),
                  email: `${name}.${k}@example.test`,
                  role: 'Manager',
                  password: 'a-long-password',
                },
              })
            : app.inject({
                method: 'POST',
                url: '/api/auth/register_public_customer',
                remoteAddress: `10.24.${round}.${k + 1}`,
                payload: {
                  username: spelled(k),
                  password: 'a-long-password',
                  name: `${tag} ${k}`,
                  email: `${name}.${k}@example.test`,
                },
              }),
        ),
      );
      expectAnswers(answers, [201, 409], `round ${round}`);
      expect(ok(answers), `round ${round}`).toHaveLength(1);
      for (const r of refused(answers)) expect(r.json().detail).toMatch(/already (taken|registered)/);
      expect(await count(sql`select count(*)::int as n from users where lower(user_name) = ${name}`)).toBe(1);
      const winnerSignedUp = answers.findIndex((r) => r.statusCode === 201) % 2 === 0;
      // the refused sign-ups' customers were rolled back with them
      expect(await count(sql`select count(*)::int as n from customers where name like ${`${tag} %`}`)).toBe(
        winnerSignedUp ? 1 : 0,
      );
    }
  });
});

describe('race 7: a stock count against orders (the products row lock, CHECK available_units >= 0)', () => {
  // What wins: the count locks the product row FOR UPDATE (products.queries lockProduct) and
  // applies its difference to the balance it then reads; the orders lock the same row (FOR NO KEY
  // UPDATE, which FOR UPDATE excludes) for their reservations. Whoever is second sees the first's
  // movement: an order finds the counted units, a count that would go below zero after the
  // orders is refused (409), and CHECK (available_units >= 0) holds underneath.
  const countAs = (productId: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/products/${productId}`, headers: warehouse.auth, payload });

  it(`a count and ${CLIENTS - 1} orders for the last units, ${ROUNDS} rounds: the ledger adds up, never below zero`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const product = await createProduct(app, { units: 10 });
      // the shelf holds 4 of the 10 the screen showed; the orders want 2 each
      const shelf = 4 + round;
      const answers = await Promise.all([
        countAs(product.productId, { available_units: shelf, previous_units: 10, reason: 'Shelf count' }),
        ...buyers
          .slice(1)
          .map((b, k) => placeOn(k % 2 ? other : app, b, [{ productID: product.productId, quantity: 2 }])),
      ]);
      const [counted, ...orders] = answers;
      expectAnswers([counted!], [200, 409], `round ${round} count`);
      expectAnswers(orders, [201, 409], `round ${round} orders`);
      for (const r of refused(orders)) expect(r.json().detail).toMatch(/^Not enough stock/);
      const sold = 2 * ok(orders).length;
      const applied = counted!.statusCode === 200;
      if (!applied)
        expect(counted!.json().detail).toMatch(/orders reserved \d+ units since the count was read/);
      const units = await unitsOf(product.productId);
      expect(units).toBe(10 - sold + (applied ? shelf - 10 : 0));
      expect(units).toBeGreaterThanOrEqual(0);
      // the orders that lost found fewer than 2 units left
      if (refused(orders).length > 0) expect(units).toBeLessThan(2);
      expect(
        await count(
          sql`select count(*)::int as n from stock_movements where product_id = ${product.productId} and reason = 'manual_count'`,
        ),
      ).toBe(applied ? 1 : 0);
      await ledgerHolds([product.productId]);
    }
  });
});

describe('race 8: a product edit against cancels of its orders (the products row lock, trigger products_sales_space)', () => {
  // What wins: the product row. The edit's UPDATE holds it (FOR NO KEY UPDATE) and a cancel takes
  // the order's products the same way, in id order, before the order's status changes
  // (order-scheduling.queries lockProductsOfOrder, then returnStock gives the units back under
  // it), so the two run one after the other. The sales rollup's space follows an edit of the
  // space per unit (trigger products_sales_space, migrations/0039): either the edit sees the
  // order cancelled, or the cancel takes the space off at the new space per unit. Before, a
  // cancelled order left quantity x (old - new) space in its day's sales row (found here).
  // The trigger-kept figures equal a rebuild from the base rows afterwards.
  const cancelAs = (user: TestUser, orderId: number) =>
    app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: user.auth, payload: {} });
  const edit = (productId: number, name: string, k: number) =>
    app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/details`,
      headers: warehouse.auth,
      payload: {
        name,
        category: 'Household',
        unit_price: 10 + k,
        space_per_unit: 0.5 + k / 10,
        reorder_point: 5,
      },
    });

  it(`edits of a product and ${CLIENTS} cancels of its orders at once, ${ROUNDS} rounds: no deadlock, stock and figures exact`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const product = await createProduct(app, { units: 1_000, unitPrice: 10, spacePerUnit: 0.5 });
      const plenty = await createProduct(app, { units: 1_000 });
      const placed = await Promise.all(
        buyers.map((buyer) =>
          placeOn(app, buyer, [
            { productID: product.productId, quantity: 3 },
            { productID: plenty.productId, quantity: 1 },
          ]),
        ),
      );
      const orders = placed.map((res, k) => {
        expect(res.statusCode, res.body).toBe(201);
        return { id: res.json().order_id as number, buyer: buyers[k]! };
      });
      const edits = Math.max(2, Math.floor(CLIENTS / 3));
      const cancelling = orders.filter((_, k) => k % 4 !== 3);
      const answers = await Promise.all([
        ...cancelling.map(({ id, buyer }) => cancelAs(buyer, id)),
        ...Array.from({ length: edits }, (_, k) => edit(product.productId, `${unique('Edited ')} ${k}`, k)),
      ]);
      expectAnswers(answers, [200], `round ${round}`);
      const kept = orders.length - cancelling.length;
      expect(await unitsOf(product.productId)).toBe(1_000 - 3 * kept);
      expect(await unitsOf(plenty.productId)).toBe(1_000 - kept);
      expect(
        await count(
          sql`select count(*)::int as n from orders where order_id = any(${idList(cancelling.map((o) => o.id))}) and status = 'Cancelled'`,
        ),
      ).toBe(cancelling.length);
      await ledgerHolds([product.productId, plenty.productId]);
    }
    await expectFiguresEqualToRebuild(app, (a, b) => expect(a).toEqual(b));
  });
});
