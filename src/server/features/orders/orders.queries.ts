import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { orderItems, orderStatusHistory, orders, stockMovements } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { OrderStatus } from '#shared/order-status';

/** Who is asking: a customer sees only its own orders (ownership is part of the WHERE). */
export interface OrderScope {
  customerId: number | null;
}

export interface OrderFilter extends OrderScope {
  status?: OrderStatus;
  q?: string;
}

function whereClause(filter: OrderFilter) {
  const parts = [sql`true`];
  if (filter.customerId !== null) parts.push(sql`o.customer_id = ${filter.customerId}`);
  if (filter.status) parts.push(sql`o.status = ${filter.status}`);
  const q = filter.q?.trim();
  const asId = q ? /^#?(\d{1,9})$/.exec(q) : null;
  if (asId) {
    // an order number: an index lookup, not a text scan
    parts.push(sql`o.order_id = ${Number(asId[1])}`);
  } else if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(o.customer_id in (select customer_id from customers where name ilike ${like})
        or o.order_id in (select i.order_id from order_items i
                          where i.product_id in (select product_id from products where name ilike ${like})))`,
    );
  }
  return sql.join(parts, sql` and `);
}

export type OrderSummaryRow = {
  order_id: number;
  customer_id: number;
  customer_name: string;
  order_date: string;
  schedule_date: string;
  delivery_date: string | null;
  status: OrderStatus;
  item_count: number;
  total: number;
};

const summaryColumns = sql`o.order_id, o.customer_id, c.name as customer_name,
  ${isoTimestamp('o.order_date')} as order_date,
  to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date,
  ${isoTimestamp('o.delivered_at')} as delivery_date,
  o.status,
  coalesce(t.item_count, 0)::int as item_count,
  (coalesce(t.subtotal, 0) + o.delivery_fee)::float8 as total`;

const totalsJoin = sql`left join lateral (
    select count(*) as item_count, sum(i.quantity * i.unit_price) as subtotal
    from order_items i where i.order_id = o.order_id) t on true`;

export async function countOrders(db: Executor, filter: OrderFilter): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders o join customers c on c.customer_id = o.customer_id
        where ${whereClause(filter)}`,
  );
  return res.rows[0]?.n ?? 0;
}

/** One page, newest first; the lateral totals run only for the rows of the page. */
export async function listOrders(db: Executor, filter: OrderFilter, limit: number, offset: number) {
  const res = await db.execute<OrderSummaryRow>(
    sql`select ${summaryColumns}
        from (select o.* from orders o join customers c on c.customer_id = o.customer_id
              where ${whereClause(filter)}
              order by o.order_date desc, o.order_id desc limit ${limit} offset ${offset}) o
        join customers c on c.customer_id = o.customer_id
        ${totalsJoin}
        order by o.order_date desc, o.order_id desc`,
  );
  return res.rows;
}

export async function statusCounts(db: Executor, scope: OrderScope) {
  const res = await db.execute<{ status: OrderStatus; n: number }>(
    sql`select o.status, count(*)::int as n from orders o
        where ${scope.customerId === null ? sql`true` : sql`o.customer_id = ${scope.customerId}`}
        group by o.status`,
  );
  return res.rows;
}

export async function findOrderHeader(db: Executor, orderId: number, scope: OrderScope) {
  const res = await db.execute<{
    order_id: number;
    customer_id: number;
    customer_name: string;
    customer_address: string;
    customer_city: string;
    order_date: string;
    schedule_date: string;
    status: OrderStatus;
    delivery_address: string;
    special_instructions: string | null;
    delivery_fee: number;
    delivered_at: string | null;
  }>(
    sql`select o.order_id, o.customer_id, c.name as customer_name, c.address as customer_address,
          coalesce(ci.name, nullif(c.city, ''), '') as customer_city,
          ${isoTimestamp('o.order_date')} as order_date,
          to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date, o.status, o.delivery_address,
          o.special_instructions, o.delivery_fee::float8 as delivery_fee,
          ${isoTimestamp('o.delivered_at')} as delivered_at
        from orders o
        join customers c on c.customer_id = o.customer_id
        left join cities ci on ci.city_id = coalesce(o.city_id, c.city_id)
        where o.order_id = ${orderId}
          ${scope.customerId === null ? sql`` : sql`and o.customer_id = ${scope.customerId}`}`,
  );
  return res.rows[0];
}

export async function findOrderItems(db: Executor, orderId: number) {
  const res = await db.execute<{
    product_id: number;
    product_name: string;
    quantity: number;
    unit_price: number;
    line_total: number;
  }>(
    sql`select i.product_id, p.name as product_name, i.quantity, i.unit_price::float8 as unit_price,
          (i.quantity * i.unit_price)::float8 as line_total
        from order_items i join products p on p.product_id = i.product_id
        where i.order_id = ${orderId} order by i.order_item_id`,
  );
  return res.rows;
}

export async function findStatusHistory(db: Executor, orderId: number) {
  const res = await db.execute<{
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    changed_at: string;
    changed_by: string | null;
    reason: string | null;
  }>(
    sql`select h.from_status, h.to_status, ${isoTimestamp('h.changed_at')} as changed_at, u.user_name as changed_by, h.reason
        from order_status_history h left join users u on u.user_id = h.changed_by
        where h.order_id = ${orderId} order by h.changed_at, h.history_id`,
  );
  return res.rows;
}

export async function findTrainLegs(db: Executor, orderId: number) {
  const res = await db.execute<{
    train_trip_id: number;
    train_name: string;
    departure_city: string;
    arrival_city: string;
    departure_date_time: string;
    arrival_date_time: string;
    space: number;
  }>(
    sql`select t.train_trip_id, t.train_name, dc.name as departure_city, ac.name as arrival_city,
          ${isoTimestamp('t.departure_date_time')} as departure_date_time, ${isoTimestamp('t.arrival_date_time')} as arrival_date_time,
          a.space::float8 as space
        from train_allocations a
        join train_trips t on t.train_trip_id = a.train_trip_id
        join cities dc on dc.city_id = t.departure_city_id
        join cities ac on ac.city_id = t.arrival_city_id
        where a.order_id = ${orderId} order by t.departure_date_time`,
  );
  return res.rows;
}

export async function findTruckDelivery(db: Executor, orderId: number) {
  const res = await db.execute<{
    delivery_id: number;
    route_name: string;
    plate_number: string;
    delivery_date_time: string;
    status: string;
    driver_name: string | null;
  }>(
    sql`select d.delivery_id, r.name as route_name, tr.plate_number,
          ${isoTimestamp('d.delivery_date_time')} as delivery_date_time, d.status,
          nullif(trim(coalesce(e.first_name, '') || ' ' || coalesce(e.last_name, '')), '') as driver_name
        from delivery_orders dor
        join deliveries d on d.delivery_id = dor.delivery_id
        join routes r on r.route_id = d.route_id
        join trucks tr on tr.truck_id = d.truck_id
        left join employees e on e.employee_id = d.driver_employee_id
        where dor.order_id = ${orderId}`,
  );
  return res.rows[0] ?? null;
}

export async function findAttachments(db: Executor, orderId: number) {
  const res = await db.execute<{
    attachment_id: number;
    file_name: string;
    content_type: string;
    size_bytes: number;
    uploaded_at: string;
  }>(
    sql`select attachment_id, file_name, content_type, size_bytes, ${isoTimestamp('uploaded_at')} as uploaded_at
        from order_attachments where order_id = ${orderId} order by attachment_id`,
  );
  return res.rows;
}

// ---- writes used by placing an order (all inside the caller's transaction) ----

export async function customerExists(db: Executor, customerId: number) {
  const res = await db.execute<{ customer_id: number; address: string; city_id: number | null }>(
    sql`select customer_id, address, city_id from customers where customer_id = ${customerId}`,
  );
  return res.rows[0];
}

/** Locks the product rows (in id order, so concurrent orders cannot deadlock) for the stock check. */
export async function lockProducts(db: Executor, productIds: number[]) {
  const res = await db.execute<{
    product_id: number;
    name: string;
    unit_price: number;
    available_units: number;
  }>(
    sql`select product_id, name, unit_price::float8 as unit_price, available_units from products
        where product_id in (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by product_id for update`,
  );
  return res.rows;
}

/** The route of the city's store whose covered towns (or end location) appear in the address. */
export async function findRouteForAddress(
  db: Executor,
  cityId: number,
  address: string,
): Promise<number | null> {
  const res = await db.execute<{ route_id: number }>(
    sql`select r.route_id from routes r join stores s on s.store_id = r.store_id
        where s.city_id = ${cityId}
          and exists (select 1 from unnest(r.covered_towns || r.end_location) town
                      where position(lower(town) in lower(${address})) > 0)
        order by r.route_id limit 1`,
  );
  return res.rows[0]?.route_id ?? null;
}

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert) {
  const [row] = await db
    .insert(orders)
    .values(values)
    .returning({ orderId: orders.orderId, status: orders.status });
  return row!;
}

export async function insertOrderLines(
  db: Executor,
  orderId: number,
  lines: Array<{ productId: number; quantity: number; unitPrice: number }>,
  createdBy: number,
) {
  await db.insert(orderItems).values(lines.map((l) => ({ orderId, ...l })));
  await db.insert(stockMovements).values(
    lines.map((l) => ({
      productId: l.productId,
      delta: -l.quantity,
      reason: 'order_reserved' as const,
      orderId,
      createdBy,
    })),
  );
}

export async function insertStatusChange(db: Executor, values: typeof orderStatusHistory.$inferInsert) {
  await db.insert(orderStatusHistory).values(values);
}

// ---- status changes (inside the caller's transaction) ----

/** Locks the order row for a status change; undefined when there is no such order. */
export async function lockOrderStatus(db: Executor, orderId: number) {
  const res = await db.execute<{ status: OrderStatus; customer_id: number }>(
    sql`select status, customer_id from orders where order_id = ${orderId} for update`,
  );
  return res.rows[0];
}

export async function setOrderStatus(db: Executor, orderId: number, status: OrderStatus, at: Date) {
  await db.execute(
    sql`update orders set status = ${status}, updated_at = ${at.toISOString()},
          delivered_at = case when ${status} = 'Delivered' then ${at.toISOString()}::timestamptz else delivered_at end
        where order_id = ${orderId}`,
  );
}
