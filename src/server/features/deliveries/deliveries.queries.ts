import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { deliveries } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { Delivery } from '#shared/contract/deliveries';
import type { DeliveryStatus } from '#shared/order-status';

export interface DeliveryFilter {
  status?: DeliveryStatus;
  routeId?: number;
  truckId?: number;
  /** Driven or assisted by this employee. */
  employeeId?: number;
  /** Deliveries starting at or after this instant. */
  from?: Date;
  /** Deliveries starting before this instant. */
  before?: Date;
  /** Only deliveries not yet Delivered (the default list). */
  openOnly?: boolean;
}

function where(f: DeliveryFilter): SQL {
  const parts = [sql`true`];
  if (f.status) parts.push(sql`d.status = ${f.status}`);
  if (f.openOnly) parts.push(sql`d.status in ('Scheduled', 'In Transit')`);
  if (f.routeId !== undefined) parts.push(sql`d.route_id = ${f.routeId}`);
  if (f.truckId !== undefined) parts.push(sql`d.truck_id = ${f.truckId}`);
  if (f.employeeId !== undefined)
    parts.push(sql`(d.driver_employee_id = ${f.employeeId} or d.assistant_employee_id = ${f.employeeId})`);
  if (f.from) parts.push(sql`d.delivery_date_time >= ${f.from.toISOString()}`);
  if (f.before) parts.push(sql`d.delivery_date_time < ${f.before.toISOString()}`);
  return sql.join(parts, sql` and `);
}

type DeliveryRow = Omit<Delivery, 'orders'>;

const person = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

const deliveryColumns = sql`d.delivery_id, d.route_id, r.name as route_name, r.end_location, ci.name as store_city,
  d.truck_id, tr.plate_number, tr.capacity::float8 as truck_capacity,
  tr.status as truck_status, tr.status_note as truck_status_note,
  ${isoTimestamp('d.delivery_date_time')} as delivery_date_time, ${isoTimestamp('d.end_date_time')} as end_date_time,
  d.status, d.driver_employee_id, ${person('de')} as driver_name,
  d.assistant_employee_id, ${person('ae')} as assistant_name, d.loaded_space::float8 as loaded_space,
  (select count(*) from delivery_orders x where x.delivery_id = d.delivery_id)::int as order_count,
  (select count(*) from delivery_failures f where f.delivery_id = d.delivery_id)::int as failed_order_count`;

const deliveryJoins = sql`join routes r on r.route_id = d.route_id
  join stores s on s.store_id = r.store_id
  join cities ci on ci.city_id = s.city_id
  join trucks tr on tr.truck_id = d.truck_id
  left join employees de on de.employee_id = d.driver_employee_id
  left join employees ae on ae.employee_id = d.assistant_employee_id`;

export async function countDeliveries(db: Executor, filter: DeliveryFilter): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from deliveries d where ${where(filter)}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** One page, earliest start first; joins run for the page's rows only. */
export async function listDeliveries(db: Executor, filter: DeliveryFilter, limit: number, offset: number) {
  const res = await db.execute<DeliveryRow>(
    sql`select ${deliveryColumns}
        from (select * from deliveries d where ${where(filter)}
              order by d.delivery_date_time, d.delivery_id limit ${limit} offset ${offset}) d
        ${deliveryJoins}
        order by d.delivery_date_time, d.delivery_id`,
  );
  return res.rows;
}

export async function findDelivery(db: Executor, deliveryId: number): Promise<DeliveryRow | undefined> {
  const res = await db.execute<DeliveryRow>(
    sql`select ${deliveryColumns} from deliveries d ${deliveryJoins} where d.delivery_id = ${deliveryId}`,
  );
  return res.rows[0];
}

export async function ordersOfDeliveries(db: Executor, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return [];
  const res = await db.execute<{
    delivery_id: number;
    order_id: number;
    customer_name: string;
    status: Delivery['orders'][number]['status'];
    schedule_date: string;
    space: number;
  }>(
    sql`select x.delivery_id, o.order_id, c.name as customer_name, o.status,
          to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date, x.space::float8 as space
        from delivery_orders x
        join orders o on o.order_id = x.order_id
        join customers c on c.customer_id = o.customer_id
        where x.delivery_id in (${sql.join(
          deliveryIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by x.delivery_id, o.order_id`,
  );
  return res.rows;
}

export type SlotRow = {
  delivery_id: number;
  truck_id: number;
  driver_employee_id: number | null;
  assistant_employee_id: number | null;
  start_at: string;
  end_at: string;
};

/**
 * The deliveries of these trucks or people that touch the window [from, to): what the roster
 * rules need to judge one more delivery (overlap, rest, consecutive runs, the week's hours).
 */
export async function slotsInWindow(
  db: Executor,
  who: { truckId?: number; employeeIds?: number[] },
  from: Date,
  to: Date,
): Promise<SlotRow[]> {
  const ors: SQL[] = [];
  if (who.truckId !== undefined) ors.push(sql`truck_id = ${who.truckId}`);
  const ids = who.employeeIds ?? [];
  if (ids.length > 0) {
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    ors.push(sql`driver_employee_id in (${list})`, sql`assistant_employee_id in (${list})`);
  }
  if (ors.length === 0) return [];
  const res = await db.execute<SlotRow>(
    sql`select delivery_id, truck_id, driver_employee_id, assistant_employee_id,
          ${isoTimestamp('delivery_date_time')} as start_at, ${isoTimestamp('end_date_time')} as end_at
        from deliveries
        where (${sql.join(ors, sql` or `)})
          and end_date_time > ${from.toISOString()} and delivery_date_time < ${to.toISOString()}`,
  );
  return res.rows;
}

export async function insertDelivery(db: Executor, values: typeof deliveries.$inferInsert): Promise<number> {
  const [row] = await db.insert(deliveries).values(values).returning({ id: deliveries.deliveryId });
  return row!.id;
}

export type LockedDelivery = {
  delivery_id: number;
  status: DeliveryStatus;
  route_id: number;
  route_name: string;
  truck_id: number;
  plate_number: string;
  truck_capacity: number;
  loaded_space: number;
  start_at: string;
  end_at: string;
  driver_employee_id: number | null;
  assistant_employee_id: number | null;
};

/** The delivery, its row locked (crew and load of one delivery change one at a time). */
export async function lockDelivery(db: Executor, deliveryId: number): Promise<LockedDelivery | undefined> {
  const res = await db.execute<LockedDelivery>(
    sql`select d.delivery_id, d.status, d.route_id, r.name as route_name, d.truck_id, tr.plate_number, tr.capacity::float8 as truck_capacity,
          d.loaded_space::float8 as loaded_space,
          ${isoTimestamp('d.delivery_date_time')} as start_at, ${isoTimestamp('d.end_date_time')} as end_at,
          d.driver_employee_id, d.assistant_employee_id
        from deliveries d join trucks tr on tr.truck_id = d.truck_id join routes r on r.route_id = d.route_id
        where d.delivery_id = ${deliveryId}
        for update of d`,
  );
  return res.rows[0];
}

export async function setCrew(
  db: Executor,
  deliveryId: number,
  driverId: number | null,
  assistantId: number | null,
) {
  await db.execute(
    sql`update deliveries set driver_employee_id = ${driverId}, assistant_employee_id = ${assistantId}
        where delivery_id = ${deliveryId}`,
  );
}

export async function setTruck(db: Executor, deliveryId: number, truckId: number) {
  await db.execute(sql`update deliveries set truck_id = ${truckId} where delivery_id = ${deliveryId}`);
}
