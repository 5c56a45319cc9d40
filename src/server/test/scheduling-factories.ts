// Factories for trains, trucks, routes, crews and deliveries (manager scheduling tests).
import { sql } from 'drizzle-orm';
import type { BuiltApp } from '../app';
import { withActor } from '../db/client';
import { deliveries, employees, trainTrips, trucks } from '../db/schema';
import { createProduct, createUser, daysFromNow, type TestUser } from './factories';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The Kandy hub every trip departs from (created once per database). */
export async function ensureHub(app: BuiltApp): Promise<number> {
  const res = await app.ctx.db.execute<{ city_id: number }>(
    sql`insert into cities (name, is_hub) values ('Kandy', true)
        on conflict ((lower(name))) do update set is_hub = true returning city_id`,
  );
  return res.rows[0]!.city_id;
}

export interface TestStore {
  cityId: number;
  cityName: string;
  storeId: number;
  /** A route of the store covering `town`, 4 hours long. */
  routeId: number;
  routeName: string;
  town: string;
}

/** A destination city with its store and one route (towns unique to this test). */
export async function createStore(app: BuiltApp, options: { routeHours?: number } = {}): Promise<TestStore> {
  await ensureHub(app);
  const cityName = unique('City');
  const town = unique('Town');
  const db = app.ctx.db;
  const city = await db.execute<{ city_id: number }>(
    sql`insert into cities (name) values (${cityName}) returning city_id`,
  );
  const cityId = city.rows[0]!.city_id;
  const store = await db.execute<{ store_id: number }>(
    sql`insert into stores (city_id, address, near_station_name) values (${cityId}, 'Station Road', ${`${cityName} Station`})
        returning store_id`,
  );
  const storeId = store.rows[0]!.store_id;
  const routeId = await createRoute(app, storeId, { towns: [town], hours: options.routeHours ?? 4 });
  return { cityId, cityName, storeId, routeId, routeName: `${town} route`, town };
}

export async function createRoute(
  app: BuiltApp,
  storeId: number,
  values: { towns: string[]; hours: number; name?: string },
): Promise<number> {
  const res = await app.ctx.db.execute<{ route_id: number }>(
    sql`insert into routes (store_id, name, end_location, covered_towns, max_delivery_hours)
        values (${storeId}, ${values.name ?? `${values.towns[0]} route`}, ${values.towns[0] ?? ''},
                ${`{${values.towns.join(',')}}`}, ${values.hours}) returning route_id`,
  );
  return res.rows[0]!.route_id;
}

export async function createTruck(
  app: BuiltApp,
  storeId: number,
  values: {
    capacity?: number;
    status?: 'Available' | 'In Service' | 'Under Repair';
    statusNote?: string;
  } = {},
) {
  const [row] = await app.ctx.db
    .insert(trucks)
    .values({
      plateNumber: unique('TR-'),
      capacity: values.capacity ?? 100,
      status: values.status ?? 'Available',
      // a truck Under Repair always says why (trucks_repair_note_ck, migration 0029)
      statusNote: values.statusNote ?? (values.status === 'Under Repair' ? 'Gearbox being rebuilt' : null),
      storeId,
    })
    .returning();
  return row!;
}

/** A driver or assistant of a store (no login). */
export async function createCrewMember(
  app: BuiltApp,
  type: 'Driver' | 'Assistant',
  storeId: number | null,
  weeklyHourLimit: number | null = null,
) {
  const [row] = await app.ctx.db
    .insert(employees)
    .values({ firstName: type, lastName: unique('N'), type, storeId, weeklyHourLimit })
    .returning();
  return { employeeId: row!.employeeId, name: `${row!.firstName} ${row!.lastName}` };
}

/** A trip from Kandy to the city; times are offsets in hours from `base` (default: now). */
export async function createTrip(
  app: BuiltApp,
  cityId: number,
  values: { departH: number; durationH?: number; capacity: number; base?: Date },
) {
  const hub = await ensureHub(app);
  const base = (values.base ?? new Date()).getTime();
  const departure = new Date(base + values.departH * HOUR);
  const [row] = await withActor(app.ctx.db, null, (tx) =>
    tx
      .insert(trainTrips)
      .values({
        trainName: unique('Train '),
        departureCityId: hub,
        arrivalCityId: cityId,
        departureDateTime: departure,
        arrivalDateTime: new Date(departure.getTime() + (values.durationH ?? 4) * HOUR),
        totalCapacity: values.capacity,
      })
      .returning(),
  );
  return row!;
}

/**
 * A Pending order to the store's town through the API: `space` units of train space (a product
 * of 0.5 space per unit), requested `days` from today.
 */
export async function createPendingOrder(
  app: BuiltApp,
  store: TestStore,
  values: { space: number; days?: number; customer?: TestUser },
) {
  const customer = values.customer ?? (await createUser(app, 'Customer'));
  const product = await createProduct(app, { spacePerUnit: 0.5, units: 100_000 });
  const res = await app.inject({
    method: 'POST',
    url: `/api/customers/${customer.customerId}/orders`,
    headers: customer.auth,
    payload: {
      scheduleDate: daysFromNow(values.days ?? 10),
      items: [{ productID: product.productId, quantity: Math.round(values.space * 2) }],
      deliveryAddress: `7 Temple Road, ${store.town}`,
      city: store.cityName,
    },
  });
  if (res.statusCode !== 201) throw new Error(`createPendingOrder: ${res.statusCode} ${res.body}`);
  return { orderId: (res.json() as { order_id: number }).order_id, customer, productId: product.productId };
}

/** A delivery row written directly (no rules): for setting up the roster around a test. */
export async function insertDelivery(
  app: BuiltApp,
  values: {
    truckId: number;
    routeId: number;
    start: Date;
    hours: number;
    driverId?: number | null;
    assistantId?: number | null;
    status?: 'Scheduled' | 'In Transit' | 'Delivered';
  },
) {
  const [row] = await withActor(app.ctx.db, null, (tx) =>
    tx
      .insert(deliveries)
      .values({
        truckId: values.truckId,
        routeId: values.routeId,
        driverEmployeeId: values.driverId ?? null,
        assistantEmployeeId: values.assistantId ?? null,
        deliveryDateTime: values.start,
        endDateTime: new Date(values.start.getTime() + values.hours * HOUR),
        status: values.status ?? 'Scheduled',
      })
      .returning(),
  );
  return row!.deliveryId;
}

/** Monday 00:00 UTC a few weeks ahead, so every slot of a roster test lies in the future. */
export function futureMonday(weeksAhead = 3): Date {
  const day = Math.floor((Date.now() + weeksAhead * 7 * DAY) / DAY);
  return new Date((day - ((day + 3) % 7)) * DAY);
}
