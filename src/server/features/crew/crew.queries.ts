import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import { confirmationJoins, confirmerName, personName as person } from '#server/features/orders/index';
import type { ANY_FAILURE_REASONS, DeliveryItem, FailureReason } from '#shared/contract/crew';
import type { DeliveryStatus, OrderStatus } from '#shared/order-status';
import type { RunOnTheRoad } from './start-rules';

/** Who reported an item as not delivered, the way confirmerName says who confirmed one. */
const failerName = sql`coalesce(${person('fe')}, fu.user_name)`;

export async function employeeExists(db: Executor, employeeId: number): Promise<boolean> {
  const res = await db.execute(sql`select 1 from employees where employee_id = ${employeeId}`);
  return res.rows.length > 0;
}

/**
 * The other runs on the road (In Transit) that hold delivery `d`'s truck, driver or assistant, as
 * a JSON array: one probe of each partial unique index of migration 0029, so at most three rows.
 */
const onTheRoadOf =
  sql.raw(`coalesce((select json_agg(json_build_object('seat', x.seat, 'delivery_id', x.delivery_id,
      'route_name', x.route_name, 'started_at', x.started_at) order by x.n)
    from (select 'truck' as seat, 1 as n, o.delivery_id, o.route_id, coalesce(o.started_at, o.delivery_date_time) as started_at from deliveries o
           where o.status = 'In Transit' and o.truck_id = d.truck_id and o.delivery_id <> d.delivery_id
          union all
          select 'driver', 2, o.delivery_id, o.route_id, coalesce(o.started_at, o.delivery_date_time) as started_at from deliveries o
           where o.status = 'In Transit' and o.driver_employee_id = d.driver_employee_id and o.delivery_id <> d.delivery_id
          union all
          select 'assistant', 3, o.delivery_id, o.route_id, coalesce(o.started_at, o.delivery_date_time) as started_at from deliveries o
           where o.status = 'In Transit' and o.assistant_employee_id = d.assistant_employee_id
             and o.delivery_id <> d.delivery_id) y
    cross join lateral (select y.seat, y.n, y.delivery_id, ro.name as route_name,
                               to_char(y.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started_at
                          from routes ro where ro.route_id = y.route_id) x), '[]'::json)`);

/** An assignment as read; the service adds what is worked out from it (start_refusal...). */
export type AssignmentRow = {
  delivery_id: number;
  end_location: string;
  plate_number: string;
  driver_name: string | null;
  status: DeliveryStatus;
  order_count: number;
  delivery_date_time: string;
  end_date_time: string;
  route_name: string;
  route_towns: string[];
  store_city: string;
  assistant_name: string | null;
  crew_role: 'Driver' | 'Assistant';
  crew_mate_name: string | null;
  item_count: number;
  confirmed_count: number;
  started_at: string | null;
  completed_at: string | null;
  driver_employee_id: number | null;
  assistant_employee_id: number | null;
  truck_status: 'Available' | 'In Service' | 'Under Repair';
  truck_status_note: string | null;
  on_the_road: RunOnTheRoad[];
  failed_count: number;
};

/**
 * The items a delivery shows its crew (decision 0058): of each order on the truck, the items not
 * delivered on an earlier delivery; of each order that left it with items not delivered, the
 * items it handed over or failed.
 */
const itemCount = (delivery: string) =>
  sql.raw(`(
    (select count(*) from delivery_orders x join order_items oi on oi.order_id = x.order_id
      where x.delivery_id = ${delivery}
        and not exists (select 1 from item_confirmations c
                         where c.order_id = oi.order_id and c.product_id = oi.product_id and c.delivery_id <> x.delivery_id))
    + (select count(*) from delivery_failures f join item_confirmations c
          on c.delivery_id = f.delivery_id and c.order_id = f.order_id where f.delivery_id = ${delivery})
    + (select count(*) from delivery_failures f join item_failures fl
          on fl.delivery_id = f.delivery_id and fl.order_id = f.order_id where f.delivery_id = ${delivery}))::int`);

/**
 * The employee's deliveries as driver or assistant: on the road first, then the scheduled ones
 * soonest first, then those finished (delivered or failed) since `deliveredSince`, latest first.
 * A scheduled one carries the runs on the road that hold its truck or crew.
 */
export async function listAssignments(db: Executor, employeeId: number, deliveredSince: Date) {
  const res = await db.execute<AssignmentRow>(
    sql`select d.delivery_id, r.end_location, tr.plate_number, ${person('de')} as driver_name, d.status,
          ((select count(*) from delivery_orders x where x.delivery_id = d.delivery_id)
            + (select count(*) from delivery_failures f where f.delivery_id = d.delivery_id))::int as order_count,
          ${isoTimestamp('d.delivery_date_time')} as delivery_date_time, ${isoTimestamp('d.end_date_time')} as end_date_time,
          r.name as route_name, r.covered_towns as route_towns, ci.name as store_city, ${person('ae')} as assistant_name,
          case when d.driver_employee_id = ${employeeId} then 'Driver' else 'Assistant' end as crew_role,
          case when d.driver_employee_id = ${employeeId} then ${person('ae')} else ${person('de')} end as crew_mate_name,
          ${itemCount('d.delivery_id')} as item_count,
          (select count(*) from item_confirmations c where c.delivery_id = d.delivery_id)::int as confirmed_count,
          (select count(*) from item_failures f where f.delivery_id = d.delivery_id)::int as failed_count,
          case when d.started_at is null then null else ${isoTimestamp('d.started_at')} end as started_at,
          case when d.completed_at is null then null else ${isoTimestamp('d.completed_at')} end as completed_at,
          d.driver_employee_id, d.assistant_employee_id, tr.status as truck_status, tr.status_note as truck_status_note,
          case when d.status = 'Scheduled' then ${onTheRoadOf} else '[]'::json end as on_the_road
        from deliveries d
        join routes r on r.route_id = d.route_id
        join stores s on s.store_id = r.store_id
        join cities ci on ci.city_id = s.city_id
        join trucks tr on tr.truck_id = d.truck_id
        left join employees de on de.employee_id = d.driver_employee_id
        left join employees ae on ae.employee_id = d.assistant_employee_id
        where (d.driver_employee_id = ${employeeId} or d.assistant_employee_id = ${employeeId})
          and (d.status not in ('Delivered', 'Failed') or d.delivery_date_time >= ${deliveredSince.toISOString()}::timestamptz)
        order by case d.status when 'In Transit' then 0 when 'Scheduled' then 1 else 2 end,
          case when d.status in ('Delivered', 'Failed') then null else d.delivery_date_time end asc,
          d.delivery_date_time desc, d.delivery_id
        limit 200`,
  );
  return res.rows;
}

export type CrewDeliveryRow = {
  delivery_id: number;
  status: DeliveryStatus;
  driver_employee_id: number | null;
  assistant_employee_id: number | null;
  start_at: string;
  route_name: string;
};

/** The delivery's status and crew; `lock`: its row locked for this transaction. */
export async function findCrewDelivery(db: Executor, deliveryId: number, lock = false) {
  const res = await db.execute<CrewDeliveryRow>(
    sql`select d.delivery_id, d.status, d.driver_employee_id, d.assistant_employee_id,
          ${isoTimestamp('d.delivery_date_time')} as start_at, r.name as route_name
        from deliveries d join routes r on r.route_id = d.route_id
        where d.delivery_id = ${deliveryId} ${lock ? sql`for update of d` : sql``}`,
  );
  return res.rows[0];
}

export type StartRow = {
  plate_number: string;
  truck_status: string;
  truck_status_note: string | null;
  driver_name: string | null;
  assistant_name: string | null;
  order_count: number;
  on_the_road: RunOnTheRoad[];
};

/** What the start rules need besides the delivery row: its truck, crew names, load and the runs on the road. */
export async function startFacts(db: Executor, deliveryId: number): Promise<StartRow | undefined> {
  const res = await db.execute<StartRow>(
    sql`select tr.plate_number, tr.status as truck_status, tr.status_note as truck_status_note,
          ${person('de')} as driver_name, ${person('ae')} as assistant_name,
          (select count(*) from delivery_orders x where x.delivery_id = d.delivery_id)::int as order_count,
          ${onTheRoadOf} as on_the_road
        from deliveries d
        join trucks tr on tr.truck_id = d.truck_id
        left join employees de on de.employee_id = d.driver_employee_id
        left join employees ae on ae.employee_id = d.assistant_employee_id
        where d.delivery_id = ${deliveryId}`,
  );
  return res.rows[0];
}

export async function deliveryOrderIds(db: Executor, deliveryId: number): Promise<number[]> {
  const res = await db.execute<{ order_id: number }>(
    sql`select order_id from delivery_orders where delivery_id = ${deliveryId} order by order_id`,
  );
  return res.rows.map((r) => r.order_id);
}

export async function setDeliveryStatus(db: Executor, deliveryId: number, status: DeliveryStatus, at: Date) {
  await db.execute(
    sql`update deliveries set status = ${status},
          started_at = case when ${status} = 'In Transit' then ${at.toISOString()}::timestamptz else started_at end,
          completed_at = case when ${status} in ('Delivered', 'Failed') then ${at.toISOString()}::timestamptz else completed_at end
        where delivery_id = ${deliveryId}`,
  );
}

/** A delivery's items (see itemCount): its orders on the truck, then those that left it. */
export async function listDeliveryItems(db: Executor, deliveryId: number) {
  const res = await db.execute<DeliveryItem>(
    sql`with stops as (
          select x.order_id, true as on_truck from delivery_orders x where x.delivery_id = ${deliveryId}
          union all
          select f.order_id, false from delivery_failures f where f.delivery_id = ${deliveryId})
        select oi.order_id, oi.product_id, p.name as product_name, cust.name as customer_name, oi.quantity,
          coalesce(nullif(o.delivery_address, ''), cust.address) as delivery_address, cust.contact_number,
          o.special_instructions, o.status as order_status, c.confirmation_id is not null as confirmed,
          c.client_id::text as confirmation_id, c.recipient_name,
          case when c.confirmation_id is null then null else ${confirmerName} end as confirmed_by,
          case when c.confirmation_id is null then null else ${isoTimestamp('c.confirmed_at')} end as confirmed_at,
          fl.item_failure_id is not null as failed, fl.client_id::text as failure_id, fl.reason as failure_reason,
          fl.note as failure_note,
          case when fl.item_failure_id is null then null else ${failerName} end as failed_by,
          case when fl.item_failure_id is null then null else ${isoTimestamp('fl.failed_at')} end as failed_at
        from stops s
        join orders o on o.order_id = s.order_id
        join customers cust on cust.customer_id = o.customer_id
        join order_items oi on oi.order_id = o.order_id
        join products p on p.product_id = oi.product_id
        left join item_confirmations any_c on any_c.order_id = oi.order_id and any_c.product_id = oi.product_id
        left join item_confirmations c on c.confirmation_id = any_c.confirmation_id and c.delivery_id = ${deliveryId}
        left join users cu on cu.user_id = c.confirmed_by
        left join employees ce on ce.employee_id = cu.employee_id
        left join item_failures fl
          on fl.delivery_id = ${deliveryId} and fl.order_id = oi.order_id and fl.product_id = oi.product_id
        left join users fu on fu.user_id = fl.failed_by
        left join employees fe on fe.employee_id = fu.employee_id
        where (s.on_truck and (any_c.confirmation_id is null or c.confirmation_id is not null))
           or (not s.on_truck and (c.confirmation_id is not null or fl.item_failure_id is not null))
        order by o.order_id, p.name, oi.product_id`,
  );
  return res.rows;
}

export type StoredConfirmation = {
  confirmation_id: string;
  delivery_id: number;
  order_id: number;
  product_id: number;
  recipient_name: string | null;
  note: string | null;
  has_signature: boolean;
  confirmed_by: string | null;
  confirmed_at: string;
};

const confirmationColumns = sql`c.client_id::text as confirmation_id, c.delivery_id, c.order_id, c.product_id,
  c.recipient_name, c.note, c.signature is not null as has_signature, ${confirmerName} as confirmed_by,
  ${isoTimestamp('c.confirmed_at')} as confirmed_at`;

export async function findConfirmationByClientId(db: Executor, clientId: string) {
  const res = await db.execute<StoredConfirmation>(
    sql`select ${confirmationColumns} from item_confirmations c ${confirmationJoins} where c.client_id = ${clientId}::uuid`,
  );
  return res.rows[0];
}

export async function findConfirmationOfItem(
  db: Executor,
  deliveryId: number,
  orderId: number,
  productId: number,
) {
  const res = await db.execute<StoredConfirmation>(
    sql`select ${confirmationColumns} from item_confirmations c ${confirmationJoins}
        where c.delivery_id = ${deliveryId} and c.order_id = ${orderId} and c.product_id = ${productId}`,
  );
  return res.rows[0];
}

export type ItemOnDelivery = {
  on_delivery: boolean;
  has_item: boolean;
  product_name: string | null;
  /** The delivery that handed the item over, if any (this one or an earlier one). */
  delivered_on: number | null;
  /** The item's failure on this delivery, if reported. */
  failed_reason: string | null;
};

/** Whether the delivery carries the order, whether the order has that product, and what became of it. */
export async function findItemOnDelivery(
  db: Executor,
  deliveryId: number,
  orderId: number,
  productId: number,
) {
  const res = await db.execute<ItemOnDelivery>(
    sql`select exists (select 1 from delivery_orders where delivery_id = ${deliveryId} and order_id = ${orderId}) as on_delivery,
          exists (select 1 from order_items where order_id = ${orderId} and product_id = ${productId}) as has_item,
          (select name from products where product_id = ${productId}) as product_name,
          (select delivery_id from item_confirmations where order_id = ${orderId} and product_id = ${productId}) as delivered_on,
          (select reason from item_failures
            where delivery_id = ${deliveryId} and order_id = ${orderId} and product_id = ${productId}) as failed_reason`,
  );
  return res.rows[0]!;
}

export async function insertConfirmation(
  db: Executor,
  v: {
    deliveryId: number;
    orderId: number;
    productId: number;
    userId: number;
    at: Date;
    clientId: string | null;
    recipientName: string | null;
    signature: string | null;
    note: string | null;
  },
): Promise<boolean> {
  const res = await db.execute<{ confirmation_id: number }>(
    sql`insert into item_confirmations
          (delivery_id, order_id, product_id, confirmed_by, confirmed_at, client_id, recipient_name, signature, note)
        values (${v.deliveryId}, ${v.orderId}, ${v.productId}, ${v.userId}, ${v.at.toISOString()}::timestamptz,
          coalesce(${v.clientId}::uuid, gen_random_uuid()), ${v.recipientName}, ${v.signature}, ${v.note})
        on conflict do nothing returning confirmation_id`,
  );
  return res.rows.length > 0;
}

/** Items of the order still to settle on this delivery: not delivered (here or before), not failed here. */
export async function openItemCount(db: Executor, deliveryId: number, orderId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from order_items oi
        where oi.order_id = ${orderId}
          and not exists (select 1 from item_confirmations c
                           where c.order_id = oi.order_id and c.product_id = oi.product_id)
          and not exists (select 1 from item_failures f
                           where f.delivery_id = ${deliveryId} and f.order_id = oi.order_id and f.product_id = oi.product_id)
          and not exists (select 1 from order_item_returns r
                           where r.order_id = oi.order_id and r.product_id = oi.product_id)`,
  );
  return res.rows[0]?.n ?? 0;
}

/** Items of the order reported as not delivered on this delivery. */
export async function failedItemCount(db: Executor, deliveryId: number, orderId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from item_failures where delivery_id = ${deliveryId} and order_id = ${orderId}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** Items of the order delivered on any delivery. */
export async function deliveredItemCount(db: Executor, orderId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from item_confirmations where order_id = ${orderId}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** Whether the delivery handed over any item (it ends Delivered), or none (Failed). */
export async function handedOverAny(db: Executor, deliveryId: number): Promise<boolean> {
  const res = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from item_confirmations where delivery_id = ${deliveryId}) as any`,
  );
  return res.rows[0]?.any ?? false;
}

export async function confirmedItemCount(db: Executor, deliveryId: number, orderId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from item_confirmations where delivery_id = ${deliveryId} and order_id = ${orderId}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** Orders still on the truck that are not Delivered. */
export async function openOrderCount(db: Executor, deliveryId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from delivery_orders x join orders o on o.order_id = x.order_id
        where x.delivery_id = ${deliveryId} and o.status <> 'Delivered'`,
  );
  return res.rows[0]?.n ?? 0;
}

export async function orderStatusOf(db: Executor, orderId: number): Promise<OrderStatus | undefined> {
  const res = await db.execute<{ status: OrderStatus }>(
    sql`select status from orders where order_id = ${orderId}`,
  );
  return res.rows[0]?.status;
}

export async function removeOrderFromDelivery(db: Executor, deliveryId: number, orderId: number) {
  await db.execute(
    sql`delete from delivery_orders where delivery_id = ${deliveryId} and order_id = ${orderId}`,
  );
}

/** The order left the delivery with items not delivered (delete its delivery_orders row first). */
export async function insertFailure(
  db: Executor,
  v: {
    deliveryId: number;
    orderId: number;
    reason: FailureReason | null;
    note: string | null;
    userId: number;
    at: Date;
    deliveredItems: number;
    failedItems: number;
  },
) {
  await db.execute(
    sql`insert into delivery_failures (delivery_id, order_id, reason, note, failed_by, failed_at, delivered_items, failed_items)
        values (${v.deliveryId}, ${v.orderId}, ${v.reason}, ${v.note}, ${v.userId}, ${v.at.toISOString()}::timestamptz,
          ${v.deliveredItems}, ${v.failedItems})`,
  );
}

export type StoredItemFailure = {
  failure_id: string;
  delivery_id: number;
  order_id: number;
  product_id: number;
  reason: (typeof ANY_FAILURE_REASONS)[number];
  note: string | null;
  failed_by: string | null;
  failed_at: string;
};

const failureColumns = sql`fl.client_id::text as failure_id, fl.delivery_id, fl.order_id, fl.product_id, fl.reason,
  fl.note, ${failerName} as failed_by, ${isoTimestamp('fl.failed_at')} as failed_at`;
const failureJoins = sql`left join users fu on fu.user_id = fl.failed_by
  left join employees fe on fe.employee_id = fu.employee_id`;

export async function findItemFailureByClientId(db: Executor, clientId: string) {
  const res = await db.execute<StoredItemFailure>(
    sql`select ${failureColumns} from item_failures fl ${failureJoins} where fl.client_id = ${clientId}::uuid`,
  );
  return res.rows[0];
}

export async function findItemFailureOfItem(
  db: Executor,
  deliveryId: number,
  orderId: number,
  productId: number,
) {
  const res = await db.execute<StoredItemFailure>(
    sql`select ${failureColumns} from item_failures fl ${failureJoins}
        where fl.delivery_id = ${deliveryId} and fl.order_id = ${orderId} and fl.product_id = ${productId}`,
  );
  return res.rows[0];
}

/**
 * Reports items as not delivered on the delivery: `productIds`, or (null) every item of the order
 * still open there (a whole stop failed). Answers how many were written.
 */
export async function insertItemFailures(
  db: Executor,
  v: {
    deliveryId: number;
    orderId: number;
    productIds: number[] | null;
    reason: (typeof ANY_FAILURE_REASONS)[number];
    note: string | null;
    userId: number;
    at: Date;
    clientId?: string | null;
  },
): Promise<number> {
  const res = await db.execute<{ product_id: number }>(
    sql`insert into item_failures (delivery_id, order_id, product_id, reason, note, failed_by, failed_at, client_id)
        select ${v.deliveryId}, oi.order_id, oi.product_id, ${v.reason}, ${v.note}, ${v.userId},
               ${v.at.toISOString()}::timestamptz, coalesce(${v.clientId ?? null}::uuid, gen_random_uuid())
          from order_items oi
         where oi.order_id = ${v.orderId}
           ${v.productIds === null ? sql`` : sql`and oi.product_id = any(${`{${JSON.stringify(v.productIds).slice(1, -1)}}`}::int[])`}
           and not exists (select 1 from item_confirmations c where c.order_id = oi.order_id and c.product_id = oi.product_id)
           and not exists (select 1 from item_failures f
                            where f.delivery_id = ${v.deliveryId} and f.order_id = oi.order_id and f.product_id = oi.product_id)
           and not exists (select 1 from order_item_returns r where r.order_id = oi.order_id and r.product_id = oi.product_id)
         order by oi.product_id
        returning product_id`,
  );
  return res.rows.length;
}

/** The items of the order that failed on the delivery, for the messages. */
export async function failedItemsOf(db: Executor, deliveryId: number, orderId: number) {
  const res = await db.execute<{
    product_name: string;
    quantity: number;
    reason: string;
    note: string | null;
  }>(
    sql`select p.name as product_name, oi.quantity, fl.reason, fl.note
        from item_failures fl
        join order_items oi on oi.order_id = fl.order_id and oi.product_id = fl.product_id
        join products p on p.product_id = fl.product_id
        where fl.delivery_id = ${deliveryId} and fl.order_id = ${orderId}
        order by p.name, fl.product_id`,
  );
  return res.rows;
}

/** The order's item count and its city (store), for the messages. */
export async function orderShape(db: Executor, orderId: number) {
  const res = await db.execute<{ items: number; city: string | null }>(
    sql`select (select count(*) from order_items where order_id = o.order_id)::int as items, ci.name as city
        from orders o left join cities ci on ci.city_id = o.city_id where o.order_id = ${orderId}`,
  );
  return res.rows[0] ?? { items: 0, city: null };
}
