import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared } from '#server/db/prepared';
import { trainTrips } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { OrderStatus } from '#shared/order-status';

export interface TripFilter {
  arrivalCityId?: number;
  /** Departures at or after this instant. */
  from?: Date;
  /** Departures before this instant. */
  before?: Date;
}

function where(filter: TripFilter): SQL {
  const parts = [sql`true`];
  if (filter.arrivalCityId !== undefined) parts.push(sql`t.arrival_city_id = ${filter.arrivalCityId}`);
  if (filter.from) parts.push(sql`t.departure_date_time >= ${filter.from.toISOString()}`);
  if (filter.before) parts.push(sql`t.departure_date_time < ${filter.before.toISOString()}`);
  return sql.join(parts, sql` and `);
}

/**
 * The board's default (departures from a day on, no city, no end) is prepared: its plan reads the
 * departure index whatever the day. Other filters keep custom plans.
 */
const isDefault = (filter: TripFilter) =>
  filter.arrivalCityId === undefined && filter.before === undefined && filter.from !== undefined;

export type TripRow = {
  train_trip_id: number;
  train_name: string;
  departure_city: string;
  arrival_city: string;
  departure_date_time: string;
  arrival_date_time: string;
  total_capacity: number;
  used_capacity: number;
  orders_count: number;
};

const tripColumns = sql`t.train_trip_id, t.train_name, dc.name as departure_city, ac.name as arrival_city,
  ${isoTimestamp('t.departure_date_time')} as departure_date_time,
  ${isoTimestamp('t.arrival_date_time')} as arrival_date_time,
  t.total_capacity::float8 as total_capacity, t.used_capacity::float8 as used_capacity,
  (select count(*) from train_allocations a where a.train_trip_id = t.train_trip_id)::int as orders_count`;

const tripJoins = sql`join cities dc on dc.city_id = t.departure_city_id
  join cities ac on ac.city_id = t.arrival_city_id`;

export async function countTrips(db: Executor, filter: TripFilter): Promise<number> {
  const res = await db.execute<{ n: number }>(
    isDefault(filter)
      ? prepared(sql`select count(*)::int as n from train_trips t where ${where(filter)}`)
      : sql`select count(*)::int as n from train_trips t where ${where(filter)}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** One page, earliest departure first. */
export async function listTrips(db: Executor, filter: TripFilter, limit: number, offset: number) {
  // the default board's first page is prepared, its page size in the text (see literalCount)
  const first = isDefault(filter) && offset === 0;
  const paging = first ? sql`limit ${literalCount(limit)}` : sql`limit ${limit} offset ${offset}`;
  const query = sql`select ${tripColumns}
        from (select * from train_trips t where ${where(filter)}
              order by t.departure_date_time, t.train_trip_id ${paging}) t
        ${tripJoins}
        order by t.departure_date_time, t.train_trip_id`;
  const res = await db.execute<TripRow>(first ? prepared(query) : query);
  return res.rows;
}

export async function findTrip(db: Executor, tripId: number): Promise<TripRow | undefined> {
  const res = await db.execute<TripRow>(
    sql`select ${tripColumns} from train_trips t ${tripJoins} where t.train_trip_id = ${tripId}`,
  );
  return res.rows[0];
}

export async function tripOrders(db: Executor, tripId: number) {
  const res = await db.execute<{
    order_id: number;
    customer_name: string;
    status: OrderStatus;
    schedule_date: string;
    allocated_space: number;
  }>(
    sql`select o.order_id, c.name as customer_name, o.status, to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date,
          a.space::float8 as allocated_space
        from train_allocations a
        join orders o on o.order_id = a.order_id
        join customers c on c.customer_id = o.customer_id
        where a.train_trip_id = ${tripId}
        order by o.schedule_date, o.order_id`,
  );
  return res.rows;
}

/** A city with a store (a train destination), by name in any case. */
export async function findStoreCity(db: Executor, name: string) {
  const res = await db.execute<{ city_id: number; name: string }>(
    sql`select ci.city_id, ci.name from cities ci join stores s on s.city_id = ci.city_id
        where lower(ci.name) = lower(${name.trim()}) and not ci.is_hub`,
  );
  return res.rows[0];
}

/** The central warehouse city (Kandy), where every trip departs. */
export async function findHubCityId(db: Executor): Promise<number | undefined> {
  const res = await db.execute<{ city_id: number }>(
    sql`select city_id from cities where is_hub order by city_id limit 1`,
  );
  return res.rows[0]?.city_id;
}

export async function insertTrip(db: Executor, values: typeof trainTrips.$inferInsert): Promise<number> {
  const [row] = await db.insert(trainTrips).values(values).returning({ id: trainTrips.trainTripId });
  return row!.id;
}

/** Locks one trip for a capacity change. */
export async function lockTrip(db: Executor, tripId: number) {
  const res = await db.execute<{ total_capacity: number; used_capacity: number }>(
    sql`select total_capacity::float8 as total_capacity, used_capacity::float8 as used_capacity
        from train_trips where train_trip_id = ${tripId} for update`,
  );
  return res.rows[0];
}

export async function setTripCapacity(db: Executor, tripId: number, totalCapacity: number) {
  await db.execute(
    sql`update train_trips set total_capacity = ${totalCapacity} where train_trip_id = ${tripId}`,
  );
}

export type LockedTrip = {
  train_trip_id: number;
  train_name: string;
  departure_date_time: string;
  arrival_date_time: string;
  total_capacity: number;
  used_capacity: number;
};

const lockedColumns = sql`train_trip_id, train_name,
  ${isoTimestamp('departure_date_time')} as departure_date_time, ${isoTimestamp('arrival_date_time')} as arrival_date_time,
  total_capacity::float8 as total_capacity, used_capacity::float8 as used_capacity`;

/**
 * The trips to a city that leave after `now` and arrive before `deadline`; with `lock`, their
 * rows are locked in id order (so concurrent allocations queue instead of deadlocking).
 */
export async function tripsToCity(
  db: Executor,
  cityId: number,
  now: Date,
  deadline: Date,
  lock: boolean,
): Promise<LockedTrip[]> {
  const res = await db.execute<LockedTrip>(
    sql`select ${lockedColumns} from train_trips
        where arrival_city_id = ${cityId} and departure_date_time > ${now.toISOString()}
          and arrival_date_time < ${deadline.toISOString()}
        order by train_trip_id ${lock ? sql`for update` : sql``}`,
  );
  return res.rows;
}
