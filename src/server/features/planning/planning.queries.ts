import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared } from '#server/db/prepared';
import {
  deliveries,
  deliveryOrders,
  orderStatusHistory,
  planningProposals,
  trainAllocations,
} from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export type OrderRow = {
  order_id: number;
  status: string;
  city_id: number | null;
  city_name: string | null;
  route_id: number | null;
  schedule_date: string;
  space_cents: number;
  delivery_id: number | null;
  /** [{ trip, cents, arrival (ms) }] of its train booking. */
  legs: Array<{ trip: number; cents: number; arrival: number }>;
};

const orderColumns = sql`o.order_id, o.status, o.city_id, ci.name as city_name, o.route_id,
  to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date,
  -- its lines' space (order_lines_space, migrations/0043), in hundredths; float8, not int: up to
  -- 100 lines of 1,000,000 units x 1,000 space is past int's range in cents
  (select coalesce(l.space * 100, 0)::float8 from order_lines_space(o.order_id) l) as space_cents,
  x.delivery_id,
  coalesce((select json_agg(json_build_object('trip', a.train_trip_id, 'cents', round(a.space * 100)::int,
              'arrival', extract(epoch from t.arrival_date_time) * 1000))
            from train_allocations a join train_trips t on t.train_trip_id = a.train_trip_id
           where a.order_id = o.order_id), '[]'::json) as legs`;
const orderJoins = sql`left join cities ci on ci.city_id = o.city_id
  left join delivery_orders x on x.order_id = o.order_id`;

/**
 * The orders to plan: approved orders of the period not yet on a truck (with or without a train),
 * and the Pending orders the manager picked (whatever their state now: the planner says why not).
 */
export async function candidateOrders(
  db: Executor,
  from: string,
  to: string,
  pendingIds: number[],
): Promise<OrderRow[]> {
  const picked = pendingIds.length > 0 ? sql` or o.order_id in (${idList(pendingIds)})` : sql``;
  const res = await db.execute<OrderRow>(
    sql`select ${orderColumns} from orders o ${orderJoins}
        where (o.status = 'Scheduled' and o.schedule_date between ${from} and ${to} and x.delivery_id is null)${picked}
        order by o.schedule_date, o.order_id`,
  );
  return res.rows;
}

/** The orders of a proposal, their rows locked in id order (commit). */
export async function lockOrders(db: Executor, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<OrderRow>(
    sql`select ${orderColumns} from orders o ${orderJoins}
        where o.order_id in (${idList(ids)}) order by o.order_id for update of o`,
  );
  return res.rows;
}

export type TripRow = {
  train_trip_id: number;
  train_name: string;
  city_id: number;
  city_name: string;
  departure: string;
  arrival: string;
  total_capacity: number;
  used_capacity: number;
};

const tripColumns = sql`t.train_trip_id, t.train_name, t.arrival_city_id as city_id, ci.name as city_name,
  ${isoTimestamp('t.departure_date_time')} as departure, ${isoTimestamp('t.arrival_date_time')} as arrival,
  t.total_capacity::float8 as total_capacity, t.used_capacity::float8 as used_capacity`;

/** Trips that leave after now and arrive before `until`: the ones the planner may book. */
export async function openTrips(db: Executor, now: Date, until: Date): Promise<TripRow[]> {
  const res = await db.execute<TripRow>(
    sql`select ${tripColumns} from train_trips t join cities ci on ci.city_id = t.arrival_city_id
        where t.departure_date_time > ${now.toISOString()} and t.arrival_date_time < ${until.toISOString()}
        order by t.departure_date_time, t.train_trip_id`,
  );
  return res.rows;
}

export async function lockTrips(db: Executor, ids: number[]): Promise<TripRow[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<TripRow>(
    sql`select ${tripColumns} from train_trips t join cities ci on ci.city_id = t.arrival_city_id
        where t.train_trip_id in (${idList(ids)}) order by t.train_trip_id for update of t`,
  );
  return res.rows;
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

const truckSelect = (where: SQL) =>
  sql`select t.truck_id, t.plate_number, t.status, t.status_note, t.capacity::float8 as capacity, t.store_id, ci.name as store_city
      from trucks t join stores s on s.store_id = t.store_id join cities ci on ci.city_id = s.city_id
      where ${where} order by t.truck_id`;

export async function allTrucks(db: Executor): Promise<TruckRow[]> {
  return (await db.execute<TruckRow>(truckSelect(sql`true`))).rows;
}

export async function lockTrucks(db: Executor, ids: number[]): Promise<TruckRow[]> {
  if (ids.length === 0) return [];
  return (
    await db.execute<TruckRow>(sql`${truckSelect(sql`t.truck_id in (${idList(ids)})`)} for update of t`)
  ).rows;
}

export type RouteRow = {
  route_id: number;
  name: string;
  store_id: number;
  store_city: string;
  max_delivery_hours: number;
};

export async function allRoutes(db: Executor): Promise<RouteRow[]> {
  const res = await db.execute<RouteRow>(
    sql`select r.route_id, r.name, r.store_id, ci.name as store_city, r.max_delivery_hours::float8 as max_delivery_hours
        from routes r join stores s on s.store_id = r.store_id join cities ci on ci.city_id = s.city_id
        order by r.route_id`,
  );
  return res.rows;
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

const crewSelect = (where: SQL) =>
  sql`select e.employee_id, trim(e.first_name || ' ' || e.last_name) as name, e.type, e.is_active, e.store_id,
        ci.name as store_city, e.weekly_hour_limit::float8 as weekly_hour_limit
      from employees e left join stores s on s.store_id = e.store_id left join cities ci on ci.city_id = s.city_id
      where e.type in ('Driver', 'Assistant') and ${where} order by e.employee_id`;

export async function activeCrew(db: Executor): Promise<CrewRow[]> {
  return (await db.execute<CrewRow>(crewSelect(sql`e.is_active`))).rows;
}

export async function lockCrew(db: Executor, ids: number[]): Promise<CrewRow[]> {
  if (ids.length === 0) return [];
  return (
    await db.execute<CrewRow>(sql`${crewSelect(sql`e.employee_id in (${idList(ids)})`)} for update of e`)
  ).rows;
}

export type DeliveryRow = {
  delivery_id: number;
  truck_id: number;
  route_id: number;
  driver_employee_id: number | null;
  assistant_employee_id: number | null;
  start_at: string;
  end_at: string;
};

/** Every delivery overlapping the window (its truck and crew are taken then). */
export async function deliveriesInWindow(db: Executor, from: Date, to: Date): Promise<DeliveryRow[]> {
  const res = await db.execute<DeliveryRow>(
    sql`select delivery_id, truck_id, route_id, driver_employee_id, assistant_employee_id,
          ${isoTimestamp('delivery_date_time')} as start_at, ${isoTimestamp('end_date_time')} as end_at
        from deliveries
        where end_date_time > ${from.toISOString()} and delivery_date_time < ${to.toISOString()}
        order by delivery_date_time, delivery_id`,
  );
  return res.rows;
}

export type PendingRow = {
  order_id: number;
  customer_name: string;
  schedule_date: string;
  city: string | null;
  route_name: string | null;
  space: number;
};

/**
 * Pending orders requested in the period, by requested date (the manager picks which to plan).
 * The page comes from the partial index of Pending orders alone, and each order's space from
 * its lines as pending_order_lines keeps them (migrations/0028, decision 0054) times the products'
 * space per unit now, rounded up to hundredths by space_hundredths() as order_lines_space() and
 * order_space() round (migrations/0043; the two are held equal by rules-in-two-languages.test.ts).
 * Prepared: the same plan for any period (decision 0054).
 */
export async function pendingOrders(
  db: Executor,
  from: string,
  to: string,
  limit: number,
): Promise<PendingRow[]> {
  const res = await db.execute<PendingRow>(
    prepared(sql`select o.order_id, c.name as customer_name, to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date,
          ci.name as city, r.name as route_name, coalesce(s.space, 0)::float8 as space
        from (select order_id, customer_id, city_id, route_id, schedule_date from orders
               where status = 'Pending' and schedule_date between ${from} and ${to}
               order by schedule_date, order_id
               limit ${literalCount(limit)}) o
        join customers c on c.customer_id = o.customer_id
        left join cities ci on ci.city_id = o.city_id left join routes r on r.route_id = o.route_id
        left join pending_order_lines l on l.order_id = o.order_id
        left join lateral (
          select space_hundredths(sum(x.quantity * p.space_per_unit)) as space
            from unnest(l.product_ids, l.quantities) as x(product_id, quantity)
            join products p on p.product_id = x.product_id) s on true
        order by o.schedule_date, o.order_id`),
  );
  return res.rows;
}

// ---- proposals ----

/** What the API answers of a stored proposal: everything but the order list (migrations/0017). */
const answered = {
  proposalId: planningProposals.proposalId,
  status: planningProposals.status,
  createdAt: planningProposals.createdAt,
  committedAt: planningProposals.committedAt,
  expiresAt: planningProposals.expiresAt,
  body: planningProposals.body,
};

/**
 * The body is stored as the API writes it (`body` is a json column, which keeps its text as
 * given: migrations/0020_a): `bodyText` is that text, and a read of the answer sends it on as it
 * is (decision 0045).
 */
export async function insertProposal(
  db: Executor,
  values: Omit<typeof planningProposals.$inferInsert, 'body'>,
  bodyText: string,
) {
  const [row] = await db
    .insert(planningProposals)
    .values({ ...values, body: sql`${bodyText}::json` })
    .returning({ ...answered, body: sql<string>`${planningProposals.body}::text` });
  return row!;
}

const mine = (proposalId: number, userId: number) =>
  and(eq(planningProposals.proposalId, proposalId), eq(planningProposals.createdBy, userId));

/** A proposal of this manager (another manager's proposals are not theirs to see or apply). */
export async function findProposal(db: Executor, proposalId: number, userId: number, lock = false) {
  const query = db.select(answered).from(planningProposals).where(mine(proposalId, userId));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}
/**
 * The answer's columns, times as the answer writes them, with the body as its stored text (not
 * parsed). Prepared (decision 0045): a primary-key lookup, the same plan for any id.
 */
export async function findProposalText(db: Executor, proposalId: number, userId: number) {
  const res = await db.execute<{
    proposal_id: number;
    status: 'Open' | 'Committed';
    created_at: string;
    committed_at: string | null;
    expires_at: string;
    body: string;
  }>(
    prepared(sql`select proposal_id, status, ${isoTimestamp('created_at')} as created_at,
      ${isoTimestamp('committed_at')} as committed_at, ${isoTimestamp('expires_at')} as expires_at,
      body::text as body
      from planning_proposals where proposal_id = ${proposalId} and created_by = ${userId}`),
  );
  return res.rows[0];
}

/** The proposal to commit, locked, with the orders it looked at and their statuses then. */
export async function lockProposal(db: Executor, proposalId: number, userId: number) {
  const rows = await db
    .select({ ...answered, orders: planningProposals.orders })
    .from(planningProposals)
    .where(mine(proposalId, userId))
    .for('update');
  return rows[0];
}

/**
 * The manager's latest open proposal that has not expired at `now`: the open ones ending after
 * now are a short range of planning_proposals_open_idx (migrations/0032), newest first.
 */
export async function currentProposal(db: Executor, userId: number, now: Date) {
  const res = await db.execute<{ proposal_id: number; expires_at: string }>(
    sql`select proposal_id, ${isoTimestamp('expires_at')} as expires_at from planning_proposals
        where created_by = ${userId} and status = 'Open' and expires_at > ${now.toISOString()}
        order by created_at desc, proposal_id desc limit 1`,
  );
  return res.rows[0];
}

/**
 * Ends an open proposal now: a commit found that what it relied on changed, so no later commit
 * of it can be right (decision 0060). Only an open one that has not expired already.
 */
export async function expireProposal(db: Executor, proposalId: number, at: Date) {
  await db.execute(
    sql`update planning_proposals set expires_at = greatest(created_at, ${at.toISOString()}::timestamptz)
        where proposal_id = ${proposalId} and status = 'Open' and expires_at > ${at.toISOString()}`,
  );
}

export async function markCommitted(db: Executor, proposalId: number, at: Date, bodyText: string) {
  await db
    .update(planningProposals)
    .set({ status: 'Committed', committedAt: at, body: sql`${bodyText}::json` })
    .where(eq(planningProposals.proposalId, proposalId));
}

export async function deleteProposal(db: Executor, proposalId: number) {
  await db.delete(planningProposals).where(eq(planningProposals.proposalId, proposalId));
}

// ---- applying a proposal ----

const CHUNK = 5_000;

export async function insertBookings(
  db: Executor,
  rows: Array<{ orderId: number; trainTripId: number; space: number; createdBy: number; createdAt: Date }>,
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(trainAllocations).values(rows.slice(i, i + CHUNK));
  }
}

export async function insertPlannedDelivery(db: Executor, values: typeof deliveries.$inferInsert) {
  const [row] = await db.insert(deliveries).values(values).returning({ id: deliveries.deliveryId });
  return row!.id;
}

export async function loadOrders(db: Executor, rows: Array<{ deliveryId: number; orderId: number }>) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(deliveryOrders).values(rows.slice(i, i + CHUNK));
  }
}

/**
 * Approves the plan's Pending orders in two statements (the commit has locked them and checked
 * that each is still Pending): the status and one history row per order, as transitionOrder
 * writes them one by one.
 */
export async function approveOrders(
  db: Executor,
  rows: Array<{ orderId: number; reason: string }>,
  actorUserId: number,
  at: Date,
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await db.execute(
      sql`update orders set status = 'Scheduled', updated_at = ${at.toISOString()}
          where status = 'Pending' and order_id in (${idList(chunk.map((r) => r.orderId))})`,
    );
    await db.insert(orderStatusHistory).values(
      chunk.map((r) => ({
        orderId: r.orderId,
        fromStatus: 'Pending' as const,
        toStatus: 'Scheduled' as const,
        changedBy: actorUserId,
        changedAt: at,
        reason: r.reason,
      })),
    );
  }
}
