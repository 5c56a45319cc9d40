import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { City } from '#shared/contract/fleet';
import type { DeliveryStatus } from '#shared/order-status';

// ---- cities

/** The cities the trains serve (not the hub), with their store. */
export async function listCities(db: Executor): Promise<City[]> {
  const res = await db.execute<City>(
    sql`select c.city_id, c.name, s.store_id from cities c left join stores s on s.city_id = c.city_id
        where not c.is_hub order by c.name`,
  );
  return res.rows;
}

export async function findCityByName(db: Executor, name: string) {
  const res = await db.execute<{ city_id: number; name: string; is_hub: boolean }>(
    sql`select city_id, name, is_hub from cities where lower(name) = lower(${name})`,
  );
  return res.rows[0];
}

// ---- stores

export type StoreRow = { store_id: number; city_id: number; city: string; address: string };

export async function lockStore(db: Executor, storeId: number): Promise<StoreRow | undefined> {
  const res = await db.execute<StoreRow>(
    sql`select s.store_id, s.city_id, c.name as city, s.address from stores s join cities c using (city_id)
        where s.store_id = ${storeId} for update of s`,
  );
  return res.rows[0];
}

export async function storeOfCity(db: Executor, cityId: number): Promise<StoreRow | undefined> {
  const res = await db.execute<StoreRow>(
    sql`select s.store_id, s.city_id, c.name as city, s.address from stores s join cities c using (city_id)
        where s.city_id = ${cityId}`,
  );
  return res.rows[0];
}

/** What refers to a store: its trucks, routes and staff. */
export async function storeReferences(db: Executor, storeId: number) {
  const res = await db.execute<{ trucks: number; routes: number; staff: number }>(
    sql`select (select count(*) from trucks where store_id = ${storeId})::int as trucks,
               (select count(*) from routes where store_id = ${storeId})::int as routes,
               (select count(*) from employees where store_id = ${storeId})::int as staff`,
  );
  return res.rows[0]!;
}

export interface StoreValues {
  cityId: number;
  address: string;
  nearStationName: string;
  contactNumber: string | null;
}

export async function insertStore(db: Executor, v: StoreValues): Promise<number> {
  const res = await db.execute<{ store_id: number }>(
    sql`insert into stores (city_id, address, near_station_name, contact_number)
        values (${v.cityId}, ${v.address}, ${v.nearStationName}, ${v.contactNumber}) returning store_id`,
  );
  return res.rows[0]!.store_id;
}

export async function updateStore(db: Executor, storeId: number, v: StoreValues) {
  await db.execute(
    sql`update stores set city_id = ${v.cityId}, address = ${v.address}, near_station_name = ${v.nearStationName},
          contact_number = ${v.contactNumber}
        where store_id = ${storeId}`,
  );
}

export async function deleteStore(db: Executor, storeId: number) {
  await db.execute(sql`delete from stores where store_id = ${storeId}`);
}

// ---- routes

export type RouteRow = { route_id: number; store_id: number; name: string };

export async function lockRoute(db: Executor, routeId: number): Promise<RouteRow | undefined> {
  const res = await db.execute<RouteRow>(
    sql`select route_id, store_id, name from routes where route_id = ${routeId} for update`,
  );
  return res.rows[0];
}

/** Another route of the store with this name, any case. */
export async function routeNamed(db: Executor, storeId: number, name: string, exceptRouteId: number | null) {
  const res = await db.execute<RouteRow>(
    sql`select route_id, store_id, name from routes
        where store_id = ${storeId} and lower(name) = lower(${name}) and route_id <> ${exceptRouteId ?? 0}`,
  );
  return res.rows[0];
}

/**
 * What refers to a route: its deliveries (counted, from their route index) and whether any order
 * names it (orders have no index on route_id: one probe, stopped at the first row).
 */
export async function routeReferences(db: Executor, routeId: number) {
  const res = await db.execute<{ deliveries: number; has_orders: boolean }>(
    sql`select (select count(*) from deliveries where route_id = ${routeId})::int as deliveries,
               exists (select 1 from orders where route_id = ${routeId}) as has_orders`,
  );
  return res.rows[0]!;
}

export interface RouteValues {
  storeId: number;
  name: string;
  endLocation: string;
  coveredTowns: string[];
  maxDeliveryHours: number;
}

const townArray = (towns: string[]) =>
  sql`array[${sql.join(
    towns.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;

export async function insertRoute(db: Executor, v: RouteValues): Promise<number> {
  const res = await db.execute<{ route_id: number }>(
    sql`insert into routes (store_id, name, end_location, covered_towns, max_delivery_hours)
        values (${v.storeId}, ${v.name}, ${v.endLocation}, ${townArray(v.coveredTowns)}, ${v.maxDeliveryHours})
        returning route_id`,
  );
  return res.rows[0]!.route_id;
}

export async function updateRoute(db: Executor, routeId: number, v: RouteValues) {
  await db.execute(
    sql`update routes set store_id = ${v.storeId}, name = ${v.name}, end_location = ${v.endLocation},
          covered_towns = ${townArray(v.coveredTowns)}, max_delivery_hours = ${v.maxDeliveryHours}
        where route_id = ${routeId}`,
  );
}

export async function deleteRoute(db: Executor, routeId: number) {
  await db.execute(sql`delete from routes where route_id = ${routeId}`);
}

// ---- trucks

export type TruckRecord = {
  truck_id: number;
  plate_number: string;
  status: string;
  status_note: string | null;
  capacity: number;
  store_id: number;
  store_city: string;
};

/** The truck, its row locked (scheduling locks it too: a status change and a new run take turns). */
export async function lockTruckRecord(db: Executor, truckId: number): Promise<TruckRecord | undefined> {
  const res = await db.execute<TruckRecord>(
    sql`select t.truck_id, t.plate_number, t.status, t.status_note, t.capacity::float8 as capacity, t.store_id,
          c.name as store_city
        from trucks t join stores s on s.store_id = t.store_id join cities c on c.city_id = s.city_id
        where t.truck_id = ${truckId} for update of t`,
  );
  return res.rows[0];
}

/** The truck with this plate (any case), other than `exceptTruckId`. */
export async function truckWithPlate(db: Executor, plate: string, exceptTruckId: number | null) {
  const res = await db.execute<TruckRecord>(
    sql`select t.truck_id, t.plate_number, t.status, t.status_note, t.capacity::float8 as capacity, t.store_id,
          c.name as store_city
        from trucks t join stores s on s.store_id = t.store_id join cities c on c.city_id = s.city_id
        where upper(t.plate_number) = upper(${plate}) and t.truck_id <> ${exceptTruckId ?? 0}`,
  );
  return res.rows[0];
}

export type OpenRun = {
  delivery_id: number;
  status: DeliveryStatus;
  start_at: string;
  loaded_space: number;
};

/** The truck's runs not finished (neither Delivered nor Failed), soonest first. */
export async function openRunsOfTruck(db: Executor, truckId: number): Promise<OpenRun[]> {
  const res = await db.execute<OpenRun>(
    sql`select delivery_id, status, ${isoTimestamp('delivery_date_time')} as start_at, loaded_space::float8 as loaded_space
        from deliveries where truck_id = ${truckId} and status in ('Scheduled', 'In Transit')
        order by delivery_date_time, delivery_id`,
  );
  return res.rows;
}

/** How many runs the truck has had, and the latest (a truck with history is not deleted). */
export async function truckHistory(db: Executor, truckId: number) {
  const res = await db.execute<{ runs: number; latest: number | null }>(
    sql`select count(*)::int as runs, max(delivery_id) as latest from deliveries where truck_id = ${truckId}`,
  );
  return res.rows[0]!;
}

export interface TruckValues {
  plateNumber: string;
  capacity: number;
  storeId: number;
  status: string;
  statusNote: string | null;
}

export async function insertTruck(db: Executor, v: TruckValues, at: Date): Promise<number> {
  const res = await db.execute<{ truck_id: number }>(
    sql`insert into trucks (plate_number, capacity, store_id, status, status_note, status_changed_at)
        values (${v.plateNumber}, ${v.capacity}, ${v.storeId}, ${v.status}, ${v.statusNote}, ${at.toISOString()})
        returning truck_id`,
  );
  return res.rows[0]!.truck_id;
}

/** Every field; status_changed_at moves only when the status or its note changes. */
export async function updateTruck(db: Executor, truckId: number, v: TruckValues, at: Date) {
  await db.execute(
    sql`update trucks set plate_number = ${v.plateNumber}, capacity = ${v.capacity}, store_id = ${v.storeId},
          status = ${v.status}, status_note = ${v.statusNote},
          status_changed_at = case when status is distinct from ${v.status} or status_note is distinct from ${v.statusNote}
                                   then ${at.toISOString()}::timestamptz else status_changed_at end
        where truck_id = ${truckId}`,
  );
}

export async function setTruckStatus(
  db: Executor,
  truckId: number,
  status: string,
  note: string | null,
  at: Date,
) {
  await db.execute(
    sql`update trucks set status = ${status}, status_note = ${note}, status_changed_at = ${at.toISOString()}
        where truck_id = ${truckId}`,
  );
}

export async function deleteTruck(db: Executor, truckId: number) {
  await db.execute(sql`delete from trucks where truck_id = ${truckId}`);
}

export async function crewOfRun(db: Executor, deliveryId: number) {
  const res = await db.execute<{ driver_employee_id: number | null; assistant_employee_id: number | null }>(
    sql`select driver_employee_id, assistant_employee_id from deliveries where delivery_id = ${deliveryId}`,
  );
  return res.rows[0] ?? { driver_employee_id: null, assistant_employee_id: null };
}
