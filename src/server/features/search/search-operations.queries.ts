// Search over the big tables (orders, deliveries, train trips, the stock ledger). None of them
// is matched by text directly: a text finds the small things (customers, routes, trucks,
// cities, crew) through their trigram indexes, and the rows follow through the foreign-key
// indexes, a few per match. So the cost follows the matches shown, not the million orders.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount } from '#server/db/prepared';
import { SEARCH_OWN_RECENT_ORDERS } from '#shared/contract/search';
import { BUSINESS_TIME_ZONE } from '#shared/dates';
import {
  CANDIDATES,
  customersQuery,
  EXACT,
  type FoundRow,
  fold,
  holdsWord,
  lookUp,
  type Match,
  matches,
  matchesLoosely,
  score,
} from './search.queries';

/** How many customers, routes, cities... a text may reach before their rows are read. */
const VIA = 5;
/** Found through the exact number of something else (the order on a delivery, a trip). */
const LINKED = 2.5;

// Times read as every screen shows them (docs/decisions/0064): in Colombo time, "22 Nov 2026"
// and "22 Nov 2026, 14:30" (src/shared/dates.ts writes the same; 'Mon' is English whatever the locale)
const day = (column: string) =>
  sql.raw(`to_char(${column} at time zone '${BUSINESS_TIME_ZONE}', 'FMDD Mon YYYY')`);
const minute = (column: string) =>
  sql.raw(`to_char(${column} at time zone '${BUSINESS_TIME_ZONE}', 'FMDD Mon YYYY, HH24:MI')`);
/** A calendar date column (no time zone) as "22 Nov 2026". */
const date = (column: string) => sql.raw(`to_char(${column}, 'FMDD Mon YYYY')`);
const none = sql`select null::int as id, null::float8 as score where false`;
const number = (m: Match, build: (n: number) => SQL) => (m.number === null ? none : build(m.number));

export type OrderRow = FoundRow & {
  status: string;
  order_date: string;
  schedule_date: string;
  customer_name: string;
  city: string;
  delivery_address: string;
  products: string | null;
  delivery_id: number | null;
  delivery_status: string | null;
};

/** An OrderRow's fields past id and score, from `o` (orders), `c` (customers) and `d` (its delivery). */
const orderColumns = sql`o.status, ${day('o.order_date')} as order_date, ${date('o.schedule_date')} as schedule_date,
  c.name as customer_name, c.city, o.delivery_address, null::text as products,
  d.delivery_id, d.status as delivery_status`;

const orderDetails = (found: SQL, limit: number) => sql`
  select o.order_id as id, f.score, ${orderColumns}
    from (select id, max(score) as score from (${found}) x group by id) f
    join orders o on o.order_id = f.id
    join customers c on c.customer_id = o.customer_id
    left join delivery_orders dor on dor.order_id = o.order_id
    left join deliveries d on d.delivery_id = dor.delivery_id
   order by f.score desc, o.order_date desc, o.order_id desc
   limit ${literalCount(limit)}`;

/**
 * Staff: any order, by its number or through the best customers found by their name or address
 * (the customers kind's own query, read again inside this one: the pass is one statement).
 */
export function findOrders(db: Executor, m: Match): Promise<OrderRow[]> {
  const found = sql`
    ${number(m, (n) => sql`select order_id as id, ${EXACT}::float8 as score from orders where order_id = ${n}`)}
    union all
    select o.order_id, mc.score * 0.9
      from (select c.id as customer_id, c.score from (${customersQuery(m)}) c
             where c.score < ${EXACT} order by c.score desc, c.id limit ${literalCount(VIA)}) mc
      cross join lateral (select order_id from orders where customer_id = mc.customer_id
                           order by order_date desc, order_id desc limit ${literalCount(m.limit)}) o`;
  return lookUp<OrderRow>(db, m, orderDetails(found, m.limit), 'generic');
}

/**
 * How many of a customer's latest orders its text search reads (order numbers find any of its
 * orders). A big customer has tens of thousands: reading them all per keystroke costs seconds;
 * its full history (`/customer/history?q=`, the group's "see all" link) searches every order.
 */
export const CUSTOMER_RECENT = SEARCH_OWN_RECENT_ORDERS;
/** Matching own orders ranked (newest first found): their product lists are read for these only. */
const OWN_CANDIDATES = 40;

/** The products whose folded name and category hold query word i (or, typo pass, a correction). */
const productsOfWord = (m: Match, i: number) =>
  sql`array(select product_id from products where ${holdsWord(sql`search_text`, m, i)})`;

/**
 * A customer's own orders (the ownership is the first condition of the WHERE): by number (any
 * of them, a key lookup), or by words of the delivery address and the products on them among
 * its latest CUSTOMER_RECENT orders. Each word is in the address or names a product of the
 * order (the products are matched once, then looked up per order in the order lines' key).
 */
export function findOwnOrders(db: Executor, m: Match, customerId: number): Promise<OrderRow[]> {
  const products = sql`(select string_agg(p.name, ', ' order by p.name) from order_items oi
                          join products p on p.product_id = oi.product_id where oi.order_id = o.order_id)`;
  const columns = sql`o.order_id as id, o.status, ${day('o.order_date')} as order_date,
                      ${date('o.schedule_date')} as schedule_date, c.name as customer_name, c.city,
                      o.delivery_address, ${products} as products,
                      null::int as delivery_id, null::text as delivery_status`;
  if (m.number !== null) {
    return lookUp<OrderRow>(
      db,
      m,
      sql`select ${columns}, ${EXACT}::float8 as score
            from orders o join customers c on c.customer_id = o.customer_id
           where o.customer_id = ${customerId} and o.order_id = ${m.number}`,
      'generic',
    );
  }
  const address = fold('o.delivery_address');
  // each word's products are matched once (an uncorrelated subquery), then looked up per order
  const words = m.tokens.map((_, i) => {
    const inAddress = holdsWord(address, m, i, true);
    return sql`(${inAddress} or exists (select 1 from order_items oi where oi.order_id = o.order_id
                                          and oi.product_id = any(${productsOfWord(m, i)})))`;
  });
  const doc = sql`search_fold(x.delivery_address || ' ' || coalesce(x.products, ''))`;
  return lookUp<OrderRow>(
    db,
    m,
    sql`
    select x.*, ${score(doc, m, true)} as score
      from (select ${columns}, o.order_date as sort_date
              from (select order_id, order_date, schedule_date, status, delivery_address, customer_id
                      from orders where customer_id = ${customerId}
                     order by order_date desc, order_id desc limit ${literalCount(CUSTOMER_RECENT)}) o
              join customers c on c.customer_id = o.customer_id
             where ${sql.join(words, sql` and `)}
             order by o.order_date desc, o.order_id desc limit ${literalCount(OWN_CANDIDATES)}) x
     order by score desc, x.sort_date desc, x.id desc limit ${literalCount(m.limit)}`,
    'generic',
  );
}

/** How far back a crew member's own deliveries are searched (their work of the season, not years). */
export const CREW_DAYS = 90;

const crewOf = (employeeId: number, now: Date) => {
  const since = new Date(now.getTime() - CREW_DAYS * 86_400_000);
  return sql`(d.driver_employee_id = ${employeeId} or d.assistant_employee_id = ${employeeId})
             and d.delivery_date_time >= ${since} and d.delivery_date_time < ${'infinity'}::timestamptz`;
};

/**
 * A driver's or assistant's orders: those on their own deliveries, by number, customer or address.
 * One level (an order is on at most one delivery: the row found is the row shown, nothing is read
 * twice), the folded text computed once per own order (a lateral that is not pulled up), so the
 * plan is the same for every crew member and time and the statement is prepared (decision 0055).
 */
export function findCrewOrders(db: Executor, m: Match, employeeId: number, now: Date): Promise<OrderRow[]> {
  const doc = sql`c.doc`;
  return lookUp<OrderRow>(
    db,
    m,
    sql`
    select o.order_id as id,
           case when o.order_id = ${m.number ?? 0} then ${EXACT}::float8 else ${score(doc, m, true)} end as score,
           ${orderColumns}
      from deliveries d
      join delivery_orders dor on dor.delivery_id = d.delivery_id
      join orders o on o.order_id = dor.order_id
      cross join lateral (select c.name, c.city, ${fold(`c.name || ' ' || o.delivery_address`)} as doc
                            from customers c where c.customer_id = o.customer_id offset 0) c
     where ${crewOf(employeeId, now)} and (o.order_id = ${m.number ?? 0} or ${matchesLoosely(doc, m)})
     order by score desc, o.order_date desc, o.order_id desc
     limit ${literalCount(m.limit)}`,
    'generic',
  );
}

export type DeliveryRow = FoundRow & {
  status: string;
  delivery_date_time: string;
  route_name: string;
  end_location: string;
  plate_number: string;
  driver_name: string | null;
  assistant_name: string | null;
};

/** A DeliveryRow's fields past id and score, from `d`, `r` (route), `t` (truck), `dr` and `asst` (crew). */
const deliveryColumns = sql`d.status, ${minute('d.delivery_date_time')} as delivery_date_time,
  r.name as route_name, r.end_location, t.plate_number,
  dr.first_name || ' ' || dr.last_name as driver_name,
  asst.first_name || ' ' || asst.last_name as assistant_name`;

const deliveryDetails = (found: SQL, limit: number) => sql`
  select d.delivery_id as id, f.score, ${deliveryColumns}
    from (select id, max(score) as score from (${found}) x group by id) f
    join deliveries d on d.delivery_id = f.id
    join routes r on r.route_id = d.route_id
    join trucks t on t.truck_id = d.truck_id
    left join employees dr on dr.employee_id = d.driver_employee_id
    left join employees asst on asst.employee_id = d.assistant_employee_id
   order by f.score desc, d.delivery_date_time desc, d.delivery_id desc
   limit ${literalCount(limit)}`;

/** The next deliveries of a route, truck or person, then the latest past ones (index order both). */
function aroundNow(filter: SQL, now: Date, limit: number) {
  return sql`(select delivery_id from deliveries d where ${filter} and d.delivery_date_time >= ${now}
               order by d.delivery_date_time limit ${literalCount(limit)})
             union all
             (select delivery_id from deliveries d where ${filter} and d.delivery_date_time < ${now}
               order by d.delivery_date_time desc limit ${literalCount(limit)})`;
}

/**
 * Staff: deliveries by number, by the order on them, or through the routes, trucks and crew
 * that match (their upcoming deliveries first).
 */
export function findDeliveries(db: Executor, m: Match, now: Date): Promise<DeliveryRow[]> {
  const routeDoc = fold(`name || ' ' || end_location || ' ' || array_to_string(covered_towns, ' ')`);
  const crewDoc = sql`search_text`;
  const plate = fold('plate_number');
  const found = sql`
    ${number(
      m,
      (n) => sql`select delivery_id as id, ${EXACT}::float8 as score from deliveries where delivery_id = ${n}
                           union all
                           select delivery_id, ${LINKED}::float8 from delivery_orders where order_id = ${n}`,
    )}
    union all
    select x.delivery_id, mr.score * 0.9
      from (select route_id, ${score(routeDoc, m)} as score from routes where ${matches(routeDoc, m)}
             order by score desc limit ${literalCount(VIA)}) mr
      cross join lateral (${aroundNow(sql`d.route_id = mr.route_id`, now, m.limit)}) x
    union all
    select x.delivery_id, mt.score * 0.9
      from (select truck_id, ${score(plate, m)} as score from trucks
             where ${matches(plate, m)} or regexp_replace(${plate}, '[^a-z0-9]', '', 'g') like ${`%${m.compact}%`}
             order by score desc limit ${literalCount(VIA)}) mt
      cross join lateral (${aroundNow(sql`d.truck_id = mt.truck_id`, now, m.limit)}) x
    union all
    select x.delivery_id, me.score * 0.8
      from (select employee_id, ${score(crewDoc, m)} as score from employees
             where type in ('Driver', 'Assistant') and ${matches(crewDoc, m)}
             order by score desc limit ${literalCount(VIA)}) me
      cross join lateral (${aroundNow(sql`d.driver_employee_id = me.employee_id`, now, m.limit)}
                          union all
                          ${aroundNow(sql`d.assistant_employee_id = me.employee_id`, now, m.limit)}) x`;
  return lookUp<DeliveryRow>(db, m, deliveryDetails(found, m.limit), 'generic');
}

/**
 * A driver's or assistant's own deliveries, by number, an order on them, route, towns or truck.
 * One level, the folded text once per own delivery, prepared (as findCrewOrders).
 */
export function findCrewDeliveries(
  db: Executor,
  m: Match,
  employeeId: number,
  now: Date,
): Promise<DeliveryRow[]> {
  const doc = sql`f.doc`;
  const n = m.number ?? 0;
  const onIt = sql`exists (select 1 from delivery_orders x where x.delivery_id = d.delivery_id and x.order_id = ${n})`;
  return lookUp<DeliveryRow>(
    db,
    m,
    sql`
    select d.delivery_id as id,
           case when d.delivery_id = ${n} then ${EXACT}::float8 when ${onIt} then ${LINKED}::float8
                else ${score(doc, m, true)} end as score,
           ${deliveryColumns}
      from deliveries d
      join routes r on r.route_id = d.route_id
      join trucks t on t.truck_id = d.truck_id
      cross join lateral (select ${fold(
        `r.name || ' ' || r.end_location || ' ' || array_to_string(r.covered_towns, ' ') || ' ' || t.plate_number`,
      )} as doc offset 0) f
      left join employees dr on dr.employee_id = d.driver_employee_id
      left join employees asst on asst.employee_id = d.assistant_employee_id
     where ${crewOf(employeeId, now)} and (d.delivery_id = ${n} or ${matchesLoosely(doc, m)} or ${onIt})
     order by score desc, d.delivery_date_time desc, d.delivery_id desc
     limit ${literalCount(m.limit)}`,
    'generic',
  );
}

export type TripRow = FoundRow & {
  train_name: string;
  departure_city: string;
  arrival_city: string;
  departure_date_time: string;
  used_capacity: number;
  total_capacity: number;
};

/**
 * Train trips by number, by an order booked on them, by train name, or by the city they run
 * to or from (its next trips, then its latest).
 */
export function findTrips(db: Executor, m: Match, now: Date): Promise<TripRow[]> {
  const cityDoc = fold('name');
  const trainDoc = fold('train_name');
  const around = (column: string) => sql`
    select x.train_trip_id, mc.score * 0.9
      from (select city_id, ${score(cityDoc, m)} as score from cities where ${matches(cityDoc, m)}
             order by score desc limit ${literalCount(VIA)}) mc
      cross join lateral (
        (select train_trip_id from train_trips t where t.${sql.raw(column)} = mc.city_id
           and t.departure_date_time >= ${now} order by t.departure_date_time limit ${literalCount(m.limit)})
        union all
        (select train_trip_id from train_trips t where t.${sql.raw(column)} = mc.city_id
           and t.departure_date_time < ${now} order by t.departure_date_time desc limit ${literalCount(m.limit)})) x`;
  const found = sql`
    ${number(
      m,
      (
        n,
      ) => sql`select train_trip_id as id, ${EXACT}::float8 as score from train_trips where train_trip_id = ${n}
                           union all
                           select train_trip_id, ${LINKED}::float8 from train_allocations where order_id = ${n}`,
    )}
    union all ${around('arrival_city_id')}
    union all ${around('departure_city_id')}
    union all
    (select train_trip_id, ${score(sql`t.doc_`, m)} from
       (select train_trip_id, departure_date_time, ${trainDoc} as doc_ from train_trips
         where ${matches(trainDoc, m)} and departure_date_time >= ${now}
         order by departure_date_time limit ${literalCount(CANDIDATES)}) t
      order by 2 desc, t.departure_date_time limit ${literalCount(m.limit)})`;
  return lookUp<TripRow>(
    db,
    m,
    sql`
    select t.train_trip_id as id, f.score, t.train_name, dc.name as departure_city, ac.name as arrival_city,
           ${minute('t.departure_date_time')} as departure_date_time,
           t.used_capacity::float8 as used_capacity, t.total_capacity::float8 as total_capacity
      from (select id, max(score) as score from (${found}) x group by id) f
      join train_trips t on t.train_trip_id = f.id
      join cities dc on dc.city_id = t.departure_city_id
      join cities ac on ac.city_id = t.arrival_city_id
     order by f.score desc, t.departure_date_time < ${now}, abs(extract(epoch from t.departure_date_time - ${now}))
     limit ${literalCount(m.limit)}`,
    'generic',
  );
}

export type MovementRow = FoundRow & {
  product_id: number;
  product_name: string;
  delta: number;
  reason: string;
  order_id: number | null;
  note: string | null;
  created_at: string;
};

/**
 * Stock ledger rows by their number, by the order that moved them, or by the words of their note
 * as typed only. Not in the typo pass: corrections OR-ed over millions of ledger rows' notes
 * would cost per request what the rest of the search does, and the pass runs only when the
 * words as typed are in no note (the word dictionary holds the notes' words, migration 0018) or
 * were looked for already.
 */
export function findMovements(db: Executor, m: Match): Promise<MovementRow[]> {
  if (m.fuzzy) return Promise.resolve([]);
  const doc = fold('note');
  const found = sql`
    ${number(
      m,
      (
        n,
      ) => sql`select movement_id as id, ${EXACT}::float8 as score from stock_movements where movement_id = ${n}
                 union all
                 (select movement_id, ${LINKED}::float8 from stock_movements where order_id = ${n}
                   order by movement_id desc limit ${literalCount(m.limit)})`,
    )}
    union all
    (select movement_id, ${score(sql`s.doc_`, m)} from
       (select movement_id, ${doc} as doc_ from stock_movements
         where note is not null and ${matches(doc, m)} limit ${literalCount(CANDIDATES)}) s
      order by 2 desc, movement_id desc limit ${literalCount(m.limit)})`;
  return lookUp<MovementRow>(
    db,
    m,
    sql`
    select s.movement_id::int as id, f.score, s.product_id, p.name as product_name, s.delta, s.reason,
           s.order_id, s.note, ${day('s.created_at')} as created_at
      from (select id, max(score) as score from (${found}) x group by id) f
      join stock_movements s on s.movement_id = f.id
      join products p on p.product_id = s.product_id
     order by f.score desc, s.movement_id desc
     limit ${literalCount(m.limit)}`,
  );
}
