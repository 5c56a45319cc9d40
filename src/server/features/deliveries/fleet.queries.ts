import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { Route, Truck } from '#shared/contract/deliveries';

const truckColumns = sql`t.truck_id, t.plate_number, t.status, t.capacity::float8 as capacity, t.store_id,
  ci.name as store_city, t.status_note, ${isoTimestamp('t.status_changed_at')} as status_changed_at,
  coalesce(open.n, 0)::int as scheduled_runs`;
// the runs not started yet, from the partial index of unfinished deliveries (migration 0030)
const truckJoins = sql`join stores s on s.store_id = t.store_id join cities ci on ci.city_id = s.city_id
  left join (select truck_id, count(*) as n from deliveries
              where status = 'Scheduled' group by truck_id) open on open.truck_id = t.truck_id`;

export async function listTrucks(db: Executor): Promise<Truck[]> {
  const res = await db.execute<Truck>(
    sql`select ${truckColumns} from trucks t ${truckJoins} order by ci.name, t.plate_number`,
  );
  return res.rows;
}

export async function findTruck(db: Executor, truckId: number): Promise<Truck | undefined> {
  const res = await db.execute<Truck>(
    sql`select ${truckColumns} from trucks t ${truckJoins} where t.truck_id = ${truckId}`,
  );
  return res.rows[0];
}

const routeColumns = sql`r.route_id, r.name, ci.name as start_location, r.end_location, r.covered_towns,
  r.store_id, ci.name as store_city, r.max_delivery_hours::float8 as max_delivery_hours`;

export async function listRoutes(db: Executor): Promise<Route[]> {
  const res = await db.execute<Route>(
    sql`select ${routeColumns}
        from routes r join stores s on s.store_id = r.store_id join cities ci on ci.city_id = s.city_id
        order by ci.name, r.name, r.route_id`,
  );
  return res.rows;
}

export async function findRoute(db: Executor, routeId: number): Promise<Route | undefined> {
  const res = await db.execute<Route>(
    sql`select ${routeColumns}
        from routes r join stores s on s.store_id = r.store_id join cities ci on ci.city_id = s.city_id
        where r.route_id = ${routeId}`,
  );
  return res.rows[0];
}

export type TruckRow = {
  truck_id: number;
  plate_number: string;
  status: string;
  status_note: string | null;
  capacity: number;
  store_id: number;
  store_city: string;
};

/** The truck, its row locked: every delivery of one truck is scheduled one at a time. */
export async function lockTruck(db: Executor, truckId: number): Promise<TruckRow | undefined> {
  const res = await db.execute<TruckRow>(
    sql`select t.truck_id, t.plate_number, t.status, t.status_note, t.capacity::float8 as capacity, t.store_id, ci.name as store_city
        from trucks t join stores s on s.store_id = t.store_id join cities ci on ci.city_id = s.city_id
        where t.truck_id = ${truckId}
        for update of t`,
  );
  return res.rows[0];
}

export type CrewRow = {
  employee_id: number;
  name: string;
  type: string;
  is_active: boolean;
  store_id: number | null;
  store_city: string | null;
  weekly_hour_limit: number | null;
};

const crewColumns = sql`e.employee_id, trim(e.first_name || ' ' || e.last_name) as name, e.type, e.is_active,
  e.store_id, ci.name as store_city, e.weekly_hour_limit::float8 as weekly_hour_limit`;
const crewJoins = sql`left join stores s on s.store_id = e.store_id left join cities ci on ci.city_id = s.city_id`;

/** Employees by id, their rows locked in id order (the roster of each person changes one at a time). */
export async function lockEmployees(db: Executor, ids: number[]): Promise<CrewRow[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<CrewRow>(
    sql`select ${crewColumns} from employees e ${crewJoins}
        where e.employee_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by e.employee_id for update of e`,
  );
  return res.rows;
}

/** Active drivers and assistants who could work from the store (its own staff and floaters). */
export async function crewOfStore(db: Executor, storeId: number): Promise<CrewRow[]> {
  const res = await db.execute<CrewRow>(
    sql`select ${crewColumns} from employees e ${crewJoins}
        where e.type in ('Driver', 'Assistant') and e.is_active
          and (e.store_id = ${storeId} or e.store_id is null)
        order by e.last_name, e.first_name, e.employee_id`,
  );
  return res.rows;
}
