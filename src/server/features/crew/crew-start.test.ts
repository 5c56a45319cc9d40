import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { approvedOrder, crewScene, loadDirectly } from '#server/test/crew-factories';
import { createUser, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { HOUR, insertDelivery } from '#server/test/scheduling-factories';
import { START_WINDOW_MS } from '#shared/constants';
import type { Assignment } from '#shared/contract/crew';
import { businessDate, businessDateTime, businessTimeText } from '#shared/dates';

// One run on the road per truck, driver and assistant, and the start window
// (docs/decisions/0056).
const { app, setNow } = await createTestApp();
const manager = await createUser(app, 'Manager');
const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

type Auth = { auth: { authorization: string } };
const start = (who: Auth, deliveryId: number) =>
  app.inject({ method: 'POST', url: `/api/deliveries/${deliveryId}/start`, headers: who.auth });
const assignmentOf = async (who: TestUser, deliveryId: number): Promise<Assignment> => {
  const res = await app.inject({
    url: `/api/deliveries/assistant/${who.employeeId}/assignments`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Assignment[]).find((a) => a.delivery_id === deliveryId)!;
};
const one = async <T>(query: ReturnType<typeof sql>) =>
  (await app.ctx.db.execute<T & Record<string, unknown>>(query)).rows[0]!;
const deliveryRow = async (id: number) => {
  const row = await one<{
    truck_id: number;
    route_id: number;
    plate: string;
    route: string;
    end_at: string;
    status: string;
  }>(
    sql`select d.truck_id, d.route_id, t.plate_number as plate, r.name as route,
          to_char(d.end_date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as end_at, d.status
        from deliveries d join trucks t using (truck_id) join routes r using (route_id) where d.delivery_id = ${id}`,
  );
  return { ...row, end_at: new Date(row.end_at) };
};
const nameOf = async (employeeId: number | null) =>
  (
    await one<{ name: string }>(
      sql`select first_name || ' ' || last_name as name from employees where employee_id = ${employeeId}`,
    )
  ).name;
/** "09:10" when `at` is on the Colombo day of `now`, else the date too (start-rules.ts). */
const since = (at: Date, now: Date) =>
  businessDate(at) === businessDate(now) ? businessTimeText(at) : businessDateTime(at);

/** A second run at `startAt` on the scene's route, with its own crew unless given, one order loaded. */
async function secondRun(
  scene: Awaited<ReturnType<typeof crewScene>>,
  startAt: Date,
  seats: { truckId?: number; driver?: TestUser; assistant?: TestUser } = {},
) {
  const first = await deliveryRow(scene.deliveryId);
  const driver = seats.driver ?? (await createUser(app, 'Driver'));
  const assistant = seats.assistant ?? (await createUser(app, 'Driver Assistant'));
  const deliveryId = await insertDelivery(app, {
    truckId: seats.truckId ?? first.truck_id,
    routeId: first.route_id,
    start: startAt,
    hours: 4,
    driverId: driver.employeeId,
    assistantId: assistant.employeeId,
  });
  const customer = await createUser(app, 'Customer');
  const order = await approvedOrder(app, scene.store, manager, customer);
  await loadDirectly(app, deliveryId, [order.orderId]);
  return { deliveryId, driver, assistant };
}

/** Confirms every item of the run: it ends Delivered. */
async function finish(scene: Awaited<ReturnType<typeof crewScene>>) {
  for (const o of scene.orders) {
    for (const productId of o.productIds) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/deliveries/${scene.deliveryId}/confirm-item`,
        headers: scene.driver.auth,
        payload: { order_id: o.orderId, product_id: productId },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  expect((await deliveryRow(scene.deliveryId)).status).toBe('Delivered');
}

describe('the start window', () => {
  it(`opens ${START_WINDOW_MS / HOUR} hours before the planned time; before it the 409 says when, in Colombo time`, async () => {
    const now = new Date();
    setNow(now);
    const s = await crewScene(app, { manager, startInHours: 5 });
    const planned = new Date(Math.round((now.getTime() + 5 * HOUR) / 1000) * 1000);
    await app.ctx.db.execute(
      sql`update deliveries set delivery_date_time = ${planned.toISOString()}, end_date_time = ${new Date(planned.getTime() + 4 * HOUR).toISOString()}
          where delivery_id = ${s.deliveryId}`,
    );
    const opens = new Date(planned.getTime() - START_WINDOW_MS);
    const a = await assignmentOf(s.driver, s.deliveryId);
    expect(a).toMatchObject({
      start_opens_at: opens.toISOString(),
      start_refusal: null,
      blocking_delivery_id: null,
      truck_status: 'Available',
    });

    setNow(new Date(opens.getTime() - 60_000));
    const early = await start(s.driver, s.deliveryId);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(
      `Delivery #${s.deliveryId} is planned for ${businessDateTime(planned)} (Colombo time); it can start from ${businessDateTime(opens)}, 2 hours before`,
    );
    expect((await deliveryRow(s.deliveryId)).status).toBe('Scheduled');

    setNow(opens);
    const res = await start(s.driver, s.deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'In Transit', start_opens_at: null, start_refusal: null });
    setNow(null);
  });

  it('lets a run start late, after its planned time', async () => {
    const s = await crewScene(app, { manager, startInHours: 1 });
    setNow(new Date(Date.now() + 3 * HOUR));
    expect((await start(s.assistant, s.deliveryId)).statusCode).toBe(200);
    await finish(s);
    setNow(null);
  });
});

describe('one run on the road per truck, driver and assistant', () => {
  it('refuses a second run of the truck while the first is In Transit, naming it; the phone knows before the tap', async () => {
    const now = new Date();
    setNow(now);
    const s = await crewScene(app, { manager, startInHours: 0.5 });
    expect((await start(s.driver, s.deliveryId)).statusCode).toBe(200);
    const first = await deliveryRow(s.deliveryId);
    // the next run of the same truck, right after the first's planned end, now within its window
    const b = await secondRun(s, first.end_at);
    const later = new Date(first.end_at.getTime() - 30 * 60_000);
    setNow(later);
    const expected = `Truck ${first.plate} is on delivery #${s.deliveryId} (${first.route}), In Transit since ${since(now, later)} (Colombo time): finish it before starting delivery #${b.deliveryId}`;

    const known = await assignmentOf(b.driver, b.deliveryId);
    expect(known).toMatchObject({ start_refusal: expected, blocking_delivery_id: s.deliveryId });
    const refused = await start(b.driver, b.deliveryId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(expected);
    expect((await deliveryRow(b.deliveryId)).status).toBe('Scheduled');

    // the first run ends: the second may go
    await finish(s);
    expect(await assignmentOf(b.driver, b.deliveryId)).toMatchObject({
      start_refusal: null,
      blocking_delivery_id: null,
    });
    expect((await start(b.assistant, b.deliveryId)).statusCode).toBe(200);
    setNow(null);
  });

  it('refuses a run whose driver, or whose assistant, is on another run on the road', async () => {
    const now = new Date();
    setNow(now);
    const s = await crewScene(app, { manager, startInHours: 0.5 });
    expect((await start(s.assistant, s.deliveryId)).statusCode).toBe(200);
    const first = await deliveryRow(s.deliveryId);
    const other = await crewScene(app, { manager, startInHours: 0.5 });
    const otherTruck = (await deliveryRow(other.deliveryId)).truck_id;

    // the same driver on another truck (written directly: scheduling would refuse the overlap)
    const byDriver = await secondRun(s, new Date(now.getTime() + HOUR), {
      truckId: otherTruck,
      driver: s.driver,
    });
    const driverRefusal = `Driver ${await nameOf(s.driver.employeeId)} is on delivery #${s.deliveryId} (${first.route}), In Transit since ${since(now, now)} (Colombo time): finish it before starting delivery #${byDriver.deliveryId}`;
    expect((await assignmentOf(s.driver, byDriver.deliveryId)).start_refusal).toBe(driverRefusal);
    const asDriver = await start(byDriver.assistant, byDriver.deliveryId);
    expect(asDriver.statusCode).toBe(409);
    expect(asDriver.json().detail).toBe(driverRefusal);

    const byAssistant = await secondRun(s, new Date(now.getTime() + HOUR), {
      truckId: otherTruck,
      assistant: s.assistant,
    });
    const asAssistant = await start(byAssistant.driver, byAssistant.deliveryId);
    expect(asAssistant.statusCode).toBe(409);
    expect(asAssistant.json().detail).toBe(
      `Assistant ${await nameOf(s.assistant.employeeId)} is on delivery #${s.deliveryId} (${first.route}), In Transit since ${since(now, now)} (Colombo time): finish it before starting delivery #${byAssistant.deliveryId}`,
    );
    await finish(s);
    setNow(null);
  });

  it('is guaranteed by the database: a second run on the road for one truck is refused to any writer', async () => {
    const s = await crewScene(app, { manager, startInHours: 0.5 });
    expect((await start(s.driver, s.deliveryId)).statusCode).toBe(200);
    const first = await deliveryRow(s.deliveryId);
    const b = await secondRun(s, first.end_at);
    const error = await app.ctx.db
      .execute(sql`update deliveries set status = 'In Transit' where delivery_id = ${b.deliveryId}`)
      .then(() => null)
      .catch((err: unknown) => err);
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(/deliveries_truck_in_transit_uq/);
    await finish(s);
  });

  it.runIf(onPostgres)(
    'two starts at once for runs sharing a truck: exactly one goes on the road, the other gets the 409 naming it',
    async () => {
      for (let round = 0; round < 4; round++) {
        const s = await crewScene(app, { manager, startInHours: 0.5 });
        const first = await deliveryRow(s.deliveryId);
        // both runs within the window: the clock is set where the second's window is open
        const b = await secondRun(s, first.end_at);
        setNow(new Date(first.end_at.getTime() - 30 * 60_000));
        const [x, y] = await Promise.all([start(s.driver, s.deliveryId), start(b.driver, b.deliveryId)]);
        setNow(null);
        const codes = [x.statusCode, y.statusCode].sort();
        expect(codes, `${x.body} ${y.body}`).toEqual([200, 409]);
        const onTheRoad = await one<{ n: number }>(
          sql`select count(*)::int as n from deliveries where truck_id = ${first.truck_id} and status = 'In Transit'`,
        );
        expect(onTheRoad.n).toBe(1);
        const refused = x.statusCode === 409 ? x : y;
        const winner = x.statusCode === 200 ? s.deliveryId : b.deliveryId;
        expect(refused.json().detail).toMatch(
          new RegExp(
            `^Truck ${first.plate} is on delivery #${winner} \\(.+\\), In Transit since .+: finish it before starting delivery #\\d+$`,
          ),
        );
        // the refused run's orders stayed Scheduled: nothing of it was written
        const loser = winner === s.deliveryId ? b.deliveryId : s.deliveryId;
        const loserOrders = await one<{ n: number }>(
          sql`select count(*)::int as n from delivery_orders x join orders o using (order_id)
              where x.delivery_id = ${loser} and o.status <> 'Scheduled'`,
        );
        expect(loserOrders.n).toBe(0);
        await app.ctx.db.execute(
          sql`update deliveries set status = 'Delivered' where delivery_id = ${winner}`,
        );
      }
    },
  );
});

describe('a truck Under Repair', () => {
  it('cannot start a run; the 409 and the assignment name the truck and its note', async () => {
    const s = await crewScene(app, { manager, startInHours: 0.5 });
    const { truck_id: truckId, plate } = await deliveryRow(s.deliveryId);
    await app.ctx.db.execute(
      sql`update trucks set status = 'Under Repair', status_note = 'Brake pads worn, back on Friday' where truck_id = ${truckId}`,
    );
    const expected = `Truck ${plate} is Under Repair (Brake pads worn, back on Friday): delivery #${s.deliveryId} cannot start with it; ask the manager to move the run to another truck`;
    expect(await assignmentOf(s.driver, s.deliveryId)).toMatchObject({
      truck_status: 'Under Repair',
      truck_status_note: 'Brake pads worn, back on Friday',
      start_refusal: expected,
    });
    const res = await start(s.driver, s.deliveryId);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(expected);
    // the database refuses it to any writer too
    const error = await app.ctx.db
      .execute(sql`update deliveries set status = 'In Transit' where delivery_id = ${s.deliveryId}`)
      .then(() => null)
      .catch((err: unknown) => err);
    expect(String((error as { cause?: unknown })?.cause ?? error)).toMatch(
      /Truck .+ is Under Repair \(Brake pads worn, back on Friday\)/,
    );
  });
});
