import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared } from '#server/db/prepared';
import { orderStatusHistory } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import { type CustomerStage, customerProgress } from '#shared/order-progress';
import type { OrderStatus } from '#shared/order-status';
import { searchTokens } from '#shared/search-fold';

/** Who is asking: a customer sees only its own orders (ownership is part of the WHERE). */
export interface OrderScope {
  customerId: number | null;
}

export interface OrderFilter extends OrderScope {
  status?: OrderStatus;
  q?: string;
}

/** A text search resolved to what it matches: customers by name, products by name. */
export interface TextMatch {
  customerIds: number[];
  productIds: number[];
  /**
   * A customer's own list also matches as global search does (decision 0041): every folded word
   * of the text in the order's delivery address or in a product of the order (`productIds` per
   * word: the products whose name or category holds it). The search box reads a customer's
   * latest orders by words; its "see all" link opens this list, which reads every order.
   */
  words?: Array<{
    word: string;
    productIds: number[];
    /**
     * The customer's delivery addresses that hold the word (`customer_delivery_addresses`,
     * decision 0049), when the customer has at most ADDRESS_LIST_MAX of them; else undefined and
     * each order's address is tested.
     */
    addresses?: string[];
  }>;
  /** How many delivery addresses the customer has (with `words[].addresses`). */
  addressCount?: number;
}

/** Above this many delivery addresses a customer's orders are tested one by one (decision 0049). */
export const ADDRESS_LIST_MAX = 100;

/** Above this many matches a text search's total is not counted further (see decision 0011). */
export const SEARCH_COUNT_CAP = 1_000;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An order number ("123" or "#123"), looked up by key instead of searched as text. */
export function orderNumberOf(q: string | undefined): number | null {
  const m = q ? /^#?(\d{1,9})$/.exec(q.trim()) : null;
  return m ? Number(m[1]) : null;
}

/**
 * The customers and products whose names contain `q` (trigram indexes, migration 0006). Staff
 * also match the customers whose folded name, address and city hold every word of `q`, as
 * global search finds customers and their orders (decision 0046): its "see all" link opens this
 * list with the words it searched. A customer's words are also tested on its few delivery
 * addresses (decision 0049): which of them hold each word, so the list reads no order for that.
 */
export async function resolveTextMatch(db: Executor, q: string, scope: OrderScope): Promise<TextMatch> {
  const like = likePattern(q);
  const tokens = searchTokens(q).slice(0, 8);
  const words = scope.customerId === null ? [] : tokens;
  const perWord = words.map(
    (word, i) => sql`union all
        select ${`w${i}`}, product_id, null from products where search_text like ${`%${word}%`}`,
  );
  // the customer's addresses (one more than the most listed: more means "too many to list")
  const addresses =
    words.length === 0
      ? sql``
      : sql`union all
        select 'n', count(*)::int, null from a
        ${sql.join(
          words.map(
            (word, i) => sql`union all
        select ${`a${i}`}, null, delivery_address from a where strpos(search_fold(delivery_address), ${word}) > 0`,
          ),
          sql` `,
        )}`;
  const customerWords =
    scope.customerId === null && tokens.length > 0
      ? sql`or (${sql.join(
          tokens.map((w) => sql`search_text like ${`%${w}%`}`),
          sql` and `,
        )})`
      : sql``;
  const res = await db.execute<{ kind: string; id: number | null; address: string | null }>(
    sql`${
      words.length === 0
        ? sql``
        : sql`with a as (select delivery_address from customer_delivery_addresses
                          where customer_id = ${scope.customerId} limit ${ADDRESS_LIST_MAX + 1})
        `
    }select 'c' as kind, customer_id as id, null::text as address from customers
         where (name ilike ${like} ${customerWords})
           ${scope.customerId === null ? sql`` : sql`and customer_id = ${scope.customerId}`}
        union all
        select 'p', product_id, null from products where name ilike ${like}
        ${sql.join(perWord, sql` `)}
        ${addresses}`,
  );
  const of = (kind: string) => res.rows.filter((r) => r.kind === kind).map((r) => r.id!);
  const addressCount = res.rows.find((r) => r.kind === 'n')?.id ?? undefined;
  const listed = addressCount !== undefined && addressCount <= ADDRESS_LIST_MAX;
  const addressesOf = (i: number) => res.rows.filter((r) => r.kind === `a${i}`).map((r) => r.address!);
  return {
    customerIds: of('c'),
    productIds: of('p'),
    ...(words.length > 0 && {
      words: words.map((word, i) => ({
        word,
        productIds: of(`w${i}`),
        ...(listed && { addresses: addressesOf(i) }),
      })),
      ...(listed && { addressCount }),
    }),
  };
}

/** A list of ids as one int[] parameter (a PostgreSQL array literal). */
const intArray = (ids: number[]) => sql`${`{${JSON.stringify(ids).slice(1, -1)}}`}::int[]`;

/**
 * The order has a line of one of `productIds`. `perOrder` (a customer's own list): looked up in
 * the order's own lines (the (order, product) key), never as a hashed set of every line of those
 * products: the planner prices the customer's orders as all read (bigcustomer1: 40,000) and
 * hashes the product's lines of every customer (205,000 for a common product: 40-250 ms), while
 * the page stops after a few dozen orders (decision 0046 part 3).
 */
function hasProduct(productIds: number[], perOrder: boolean) {
  const lines = sql`select 1 from order_items i where i.order_id = o.order_id and i.product_id = any(${intArray(productIds)})`;
  // a scalar subquery is never turned into a hashed subplan; EXISTS may be
  return perOrder ? sql`(${lines} limit 1) is not null` : sql`exists (${lines})`;
}

/** Texts as one text[] (a parameter each). */
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** A condition known before any order is read (true, false) or tested per order. */
type Cond = boolean | SQL;

function anyOf(parts: Cond[]): Cond {
  if (parts.includes(true)) return true;
  const tested = parts.filter((p): p is SQL => p !== false);
  if (tested.length === 0) return false;
  return tested.length === 1 ? tested[0]! : sql`(${sql.join(tested, sql` or `)})`;
}

function allOf(parts: Cond[]): Cond {
  if (parts.includes(false)) return false;
  const tested = parts.filter((p): p is SQL => p !== true);
  if (tested.length === 0) return true;
  return tested.length === 1 ? tested[0]! : sql`(${sql.join(tested, sql` and `)})`;
}

/**
 * A word in the order's delivery address. With the customer's addresses listed (decision 0049):
 * none holds it, false; all do, true; else the order's address is one of those that do. Else
 * tested on each order: strpos, not LIKE (the same test for a word of letters and digits, but
 * the planner prices a LIKE with a long pattern as matching almost nothing and reads all of a
 * big customer's orders then sorts them instead of walking its (customer, date) index and
 * stopping at the page; decision 0046 part 3).
 */
function inAddress(word: NonNullable<TextMatch['words']>[number], addressCount: number | undefined): Cond {
  if (word.addresses === undefined || addressCount === undefined)
    return sql`strpos(search_fold(o.delivery_address), ${word.word}) > 0`;
  if (word.addresses.length === 0) return false;
  if (word.addresses.length >= addressCount) return true;
  return sql`o.delivery_address = any(${textArray(word.addresses)})`;
}

/**
 * What a text search matches, on orders alone: the customers named, the products named (each
 * order's lines), and for a customer's own list every word in the address or a product of the
 * order. Worked out as far as the customer's addresses tell (decision 0049): `true` when every
 * order of the scope matches, `false` when none can; the product lookups of one alternative are
 * one lookup of all their products.
 */
function textCondition(filter: OrderFilter, match: TextMatch): Cond {
  const perOrder = filter.customerId !== null;
  // a customer's own list: its name matched is every order of the list
  const named =
    match.customerIds.length === 0
      ? false
      : perOrder && match.customerIds.includes(filter.customerId!)
        ? true
        : sql`o.customer_id = any(${intArray(match.customerIds)})`;
  const products = new Set(match.productIds);
  let words: Cond = false;
  if (match.words?.length) {
    const each = match.words.map((w) => ({
      address: inAddress(w, match.addressCount),
      products: w.productIds,
    }));
    if (each.length === 1) {
      // one word: its address test and its products are alternatives of the whole search
      words = each[0]!.address;
      for (const id of each[0]!.products) products.add(id);
    } else {
      words = allOf(
        each.map((w) => anyOf([w.address, w.products.length === 0 ? false : hasProduct(w.products, true)])),
      );
    }
  }
  return anyOf([named, products.size === 0 ? false : hasProduct([...products], perOrder), words]);
}

/** The text part of the list's WHERE when it is known without reading orders (true, false). */
export function knownTextCondition(filter: OrderFilter, match: TextMatch | null): boolean | null {
  if (orderNumberOf(filter.q) !== null || !match) return null;
  const cond = textCondition(filter, match);
  return typeof cond === 'boolean' ? cond : null;
}

/** The WHERE of the list: only what the filter needs, on orders alone (no join). */
function whereClause(filter: OrderFilter, match: TextMatch | null) {
  const parts = [sql`true`];
  if (filter.customerId !== null) parts.push(sql`o.customer_id = ${filter.customerId}`);
  if (filter.status) parts.push(sql`o.status = ${filter.status}`);
  const asId = orderNumberOf(filter.q);
  if (asId !== null) {
    // an order number: an index lookup, not a text scan
    parts.push(sql`o.order_id = ${asId}`);
  } else if (match) {
    const cond = textCondition(filter, match);
    if (cond !== true) parts.push(cond === false ? sql`false` : cond);
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
  status_label: string;
  customer_stage: CustomerStage;
};

/** What the customer's words for an order are made of (src/shared/order-progress.ts). */
type ProgressFactColumns = {
  delivered_items: number;
  returned_items: number;
  failed_delivery: boolean;
  last_arrival: string | null;
  city_name: string | null;
};

/**
 * The facts of the customer's words, read for the rows shown only (each an index probe, and only
 * for the statuses whose words need it): items delivered while the order is still open, items
 * sent back once it is closed, a failed delivery, its train legs' last arrival and its city.
 */
const progressColumns = sql`
  case when o.status in ('Scheduled', 'In Transit')
       then (select count(*) from item_confirmations ic where ic.order_id = o.order_id) else 0 end::int as delivered_items,
  case when o.status in ('Delivered', 'Cancelled')
       then (select count(*) from order_item_returns ir where ir.order_id = o.order_id) else 0 end::int as returned_items,
  case when o.status = 'Scheduled'
       then exists (select 1 from item_failures fl where fl.order_id = o.order_id) else false end as failed_delivery,
  case when o.status = 'Scheduled'
       then (select ${isoTimestamp('max(tt.arrival_date_time)')} from train_allocations ta
              join train_trips tt on tt.train_trip_id = ta.train_trip_id where ta.order_id = o.order_id) end as last_arrival,
  case when o.status = 'Scheduled' then (select ci.name from cities ci where ci.city_id = o.city_id) end as city_name`;

/** The facts of one order's words (the customer's notices). */
export async function findProgressFacts(db: Executor, orderId: number) {
  const res = await db.execute<ProgressFactColumns & { status: OrderStatus; item_count: number }>(
    sql`select o.status, (select count(*) from order_items i where i.order_id = o.order_id)::int as item_count,
          ${progressColumns}
        from orders o where o.order_id = ${orderId}`,
  );
  return res.rows[0];
}

/** The customer's words for one order now (its notices). */
export async function findProgress(db: Executor, orderId: number, now: Date) {
  const row = await findProgressFacts(db, orderId);
  if (!row) return undefined;
  const facts = progressFacts(row);
  return { facts, progress: customerProgress(facts, now) };
}

function progressFacts(row: ProgressFactColumns & { status: OrderStatus; item_count: number }) {
  return {
    status: row.status,
    items: row.item_count,
    delivered: row.status === 'Delivered' ? row.item_count - row.returned_items : row.delivered_items,
    returned: row.returned_items,
    failed: row.failed_delivery,
    lastArrival: row.last_arrival === null ? null : new Date(row.last_arrival),
    city: row.city_name,
  };
}

/**
 * A list row with the customer's words for its status. Written field by field: an object rest
 * (`const { facts..., ...summary } = row`) copied each row through V8's slow path, about 3 µs a
 * row, a tenth of the server's CPU for a page of 20 (docs/benchmarks.md, issue 27 part 0).
 */
function withProgress(
  row: Omit<OrderSummaryRow, 'status_label' | 'customer_stage'> & ProgressFactColumns,
  now: Date,
): OrderSummaryRow {
  const p = customerProgress(progressFacts(row), now);
  return {
    order_id: row.order_id,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    order_date: row.order_date,
    schedule_date: row.schedule_date,
    delivery_date: row.delivery_date,
    status: row.status,
    item_count: row.item_count,
    total: row.total,
    status_label: p.label,
    customer_stage: p.stage,
  };
}

const summaryColumns = sql`o.order_id, o.customer_id, c.name as customer_name,
  ${isoTimestamp('o.order_date')} as order_date,
  to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date,
  ${isoTimestamp('o.delivered_at')} as delivery_date,
  o.status,
  coalesce(t.item_count, 0)::int as item_count,
  (coalesce(t.subtotal, 0) + o.delivery_fee)::float8 as total,
  ${progressColumns}`;

const totalsJoin = sql`left join lateral (
    select count(*) as item_count, sum(i.quantity * i.unit_price) as subtotal
    from order_items i where i.order_id = o.order_id) t on true`;

/**
 * Orders per status from the counters the database keeps (migration 0006): the folded counts
 * plus the deltas not folded yet, as one statement answering `n`. `customerIds` null: all
 * customers. The landing page's figures read it as a scalar subquery (decision 0052).
 */
export function countersSum(customerIds: number[] | null, status: OrderStatus | undefined): SQL {
  const statusCond = status ? sql`and status = ${status}` : sql``;
  const folded =
    customerIds === null
      ? sql`select n from order_counts where customer_id = 0 ${statusCond}`
      : sql`select n from order_counts where customer_id = any(${intArray(customerIds)}) ${statusCond}`;
  const pending =
    customerIds === null
      ? sql`select delta from order_count_deltas where true ${statusCond}`
      : sql`select delta from order_count_deltas where customer_id = any(${intArray(customerIds)}) ${statusCond}`;
  return sql`select coalesce(sum(n), 0)::int as n from (${folded} union all ${pending}) x`;
}

/** countersSum in one read. */
export async function countFromCounters(
  db: Executor,
  customerIds: number[] | null,
  status: OrderStatus | undefined,
): Promise<number> {
  // prepared: index lookups on the counter tables whatever the customers and status
  const res = await db.execute<{ n: number }>(prepared(countersSum(customerIds, status)));
  return res.rows[0]?.n ?? 0;
}

/** Whether the list's total is counted by reading orders (a search by products or address words). */
export function countReadsOrders(filter: OrderFilter, match: TextMatch | null): boolean {
  return (
    orderNumberOf(filter.q) === null && !!match && (match.productIds.length > 0 || !!match.words?.length)
  );
}

/**
 * The list's total. Without a text search it comes from the counters; an order number is one
 * lookup; a search by customer name sums the matched customers' counters; a search that matches
 * products counts the matching orders up to SEARCH_COUNT_CAP + 1 (see decision 0011).
 */
export async function countOrders(
  db: Executor,
  filter: OrderFilter,
  match: TextMatch | null,
): Promise<{ total: number; capped: boolean }> {
  const scopeIds = filter.customerId === null ? null : [filter.customerId];
  if (orderNumberOf(filter.q) === null && !match) {
    return { total: await countFromCounters(db, scopeIds, filter.status), capped: false };
  }
  if (orderNumberOf(filter.q) === null && match && match.productIds.length === 0 && !match.words?.length) {
    return { total: await countFromCounters(db, match.customerIds, filter.status), capped: false };
  }
  const capped = (n: number) =>
    n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false };
  // known from the customer's addresses (decision 0049): none, or every order of the scope
  // (the counters; the same total as counting them up to the cap)
  const known = knownTextCondition(filter, match);
  if (known === false) return { total: 0, capped: false };
  if (known === true) return capped(await countFromCounters(db, scopeIds, filter.status));
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from orders o where ${whereClause(filter, match)}
        limit ${SEARCH_COUNT_CAP + 1}) x`,
  );
  return capped(res.rows[0]?.n ?? 0);
}

/** Where a keyset page starts: after this order (in the list's order), if the caller may see it. */
export async function findCursor(db: Executor, afterOrderId: number, scope: OrderScope) {
  const res = await db.execute<{ order_id: number }>(
    sql`select order_id from orders where order_id = ${afterOrderId}
        ${scope.customerId === null ? sql`` : sql`and customer_id = ${scope.customerId}`}`,
  );
  return res.rows.length > 0;
}

/**
 * One page, newest first. The page's order ids come from an index on orders alone (by date, by
 * status and date, by customer and date); customer names and totals are read only for those
 * rows. `after`: the keyset cursor (the last order of the previous page) instead of an offset.
 */
export async function listOrders(
  db: Executor,
  filter: OrderFilter,
  limit: number,
  offset: number,
  options: { match?: TextMatch | null; after?: number; now?: Date } = {},
): Promise<OrderSummaryRow[]> {
  // a search that no order can match (decision 0049) reads none; one that every order of the
  // scope matches is the plain list
  const known = knownTextCondition(filter, options.match ?? null);
  if (known === false) return [];
  const keyset =
    options.after === undefined
      ? sql``
      : sql`and (o.order_date, o.order_id) < (select order_date, order_id from orders where order_id = ${options.after})`;
  // A customer's own first page, unfiltered, is prepared (its page size in the text): its plan
  // walks the customer's index (customer, date) for a customer of two orders or of 40,000. So
  // is a search that every one of its orders matches (the same statement, decision 0049).
  // Other pages, status filters (skewed counts), searches (decision 0011), the staff list and
  // cursors keep custom plans.
  const plain =
    filter.customerId !== null &&
    !filter.status &&
    (options.match ? known === true : !filter.q) &&
    options.after === undefined &&
    offset === 0;
  const paging = plain ? sql`limit ${literalCount(limit)}` : sql`limit ${limit} offset ${offset}`;
  const query = sql`select ${summaryColumns}
        from (select o.order_id from orders o
              where ${whereClause(filter, options.match ?? null)} ${keyset}
              order by o.order_date desc, o.order_id desc ${paging}) p
        join orders o on o.order_id = p.order_id
        join customers c on c.customer_id = o.customer_id
        ${totalsJoin}
        order by o.order_date desc, o.order_id desc`;
  const res = await db.execute<Parameters<typeof withProgress>[0]>(plain ? prepared(query) : query);
  const now = options.now ?? new Date();
  return res.rows.map((r) => withProgress(r, now));
}

/** Orders per status of one customer or of all (customerId null), from the counters. */
export async function statusCounts(db: Executor, scope: OrderScope) {
  const customerId = scope.customerId ?? 0;
  const res = await db.execute<{ status: OrderStatus; n: number }>(
    sql`select status, sum(n)::int as n from (
          select status, n from order_counts where customer_id = ${customerId}
          union all
          select status, delta from order_count_deltas
           ${scope.customerId === null ? sql`` : sql`where customer_id = ${scope.customerId}`}) x
        group by status`,
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

/** The order's items, with what became of each (decision 0058): delivered, failed, sent back. */
export async function findOrderItems(db: Executor, orderId: number) {
  const res = await db.execute<{
    product_id: number;
    product_name: string;
    quantity: number;
    unit_price: number;
    line_total: number;
    delivered_at: string | null;
    delivered_on: number | null;
    returned_at: string | null;
    credit: number | null;
    failure_reason: string | null;
    failure_note: string | null;
    failed_at: string | null;
    failed_on: number | null;
  }>(
    sql`select i.product_id, p.name as product_name, i.quantity, i.unit_price::float8 as unit_price,
          (i.quantity * i.unit_price)::float8 as line_total,
          ${isoTimestamp('c.confirmed_at')} as delivered_at, c.delivery_id as delivered_on,
          ${isoTimestamp('r.returned_at')} as returned_at, r.credit::float8 as credit,
          f.reason as failure_reason, f.note as failure_note, ${isoTimestamp('f.failed_at')} as failed_at,
          f.delivery_id as failed_on
        from order_items i join products p on p.product_id = i.product_id
        left join item_confirmations c on c.order_id = i.order_id and c.product_id = i.product_id
        left join order_item_returns r on r.order_id = i.order_id and r.product_id = i.product_id
        left join lateral (
          select fl.reason, fl.note, fl.failed_at, fl.delivery_id from item_failures fl
           where fl.order_id = i.order_id and fl.product_id = i.product_id
           order by fl.failed_at desc, fl.item_failure_id desc limit 1) f on true
        where i.order_id = ${orderId} order by i.order_item_id`,
  );
  return res.rows;
}

/** Every delivery the order left with items not delivered, oldest first, with those items. */
export async function findDeliveryFailures(db: Executor, orderId: number) {
  const res = await db.execute<{
    delivery_id: number;
    failed_at: string;
    reason: string | null;
    note: string | null;
    delivered_items: number;
    failed_items: number;
    route_name: string;
    items: Array<{ product_name: string; quantity: number; reason: string; note: string | null }>;
  }>(
    sql`select f.delivery_id, ${isoTimestamp('f.failed_at')} as failed_at, f.reason, f.note, f.delivered_items,
          f.failed_items, r.name as route_name,
          coalesce((select json_agg(json_build_object('product_name', p.name, 'quantity', i.quantity,
                                                      'reason', fl.reason, 'note', fl.note) order by p.name)
                      from item_failures fl
                      join order_items i on i.order_id = fl.order_id and i.product_id = fl.product_id
                      join products p on p.product_id = fl.product_id
                     where fl.delivery_id = f.delivery_id and fl.order_id = f.order_id), '[]'::json) as items
        from delivery_failures f
        join deliveries d on d.delivery_id = f.delivery_id
        join routes r on r.route_id = d.route_id
        where f.order_id = ${orderId}
        order by f.failed_at, f.failure_id`,
  );
  return res.rows;
}

/** The order's status changes; `by_customer`: made by a user of the order's customer (`customerId`). */
export async function findStatusHistory(db: Executor, orderId: number, customerId: number) {
  const res = await db.execute<{
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    changed_at: string;
    changed_by: string | null;
    reason: string | null;
    by_customer: boolean;
  }>(
    sql`select h.from_status, h.to_status, ${isoTimestamp('h.changed_at')} as changed_at, u.user_name as changed_by, h.reason,
          coalesce(u.customer_id = ${customerId}, false) as by_customer
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

// ---- status changes (inside the caller's transaction) ----

export async function insertStatusChange(db: Executor, values: typeof orderStatusHistory.$inferInsert) {
  await db.insert(orderStatusHistory).values(values);
}

/** Locks the order row for a status change; undefined when there is no such order. */
export async function lockOrderStatus(db: Executor, orderId: number) {
  const res = await db.execute<{ status: OrderStatus; customer_id: number }>(
    sql`select status, customer_id from orders where order_id = ${orderId} for update`,
  );
  return res.rows[0];
}

export async function setOrderStatus(
  db: Executor,
  orderId: number,
  status: OrderStatus,
  at: Date,
  deliveredAt: Date = at,
) {
  await db.execute(
    sql`update orders set status = ${status}, updated_at = ${at.toISOString()},
          delivered_at = case when ${status} = 'Delivered' then ${deliveredAt.toISOString()}::timestamptz else delivered_at end
        where order_id = ${orderId}`,
  );
}
