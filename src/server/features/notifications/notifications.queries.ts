import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared } from '#server/db/prepared';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { Language } from '#shared/contract/auth';
import type { Notification } from '#shared/contract/notifications';
import {
  approvedNotice,
  assignmentNotice,
  type Localized,
  lateNotice,
  onTrainNotice,
  type Seat,
  startingSoonNotice,
} from './notices';

/** Who a notification is for: a crew member, a customer (all its logins) or one user. */
export type Recipient = { employeeId: number } | { customerId: number } | { userId: number };

export interface NewNotification {
  to: Recipient;
  type: 'Alert' | 'Info';
  /** The text, or the text in each language (written in the recipient's: decision 0082). */
  message: string | Localized;
  at: Date;
  deliveryId?: number | null;
  orderId?: number | null;
  /** The support request it is about (the web links to it). */
  requestId?: number | null;
  /** Set for events a sweep may find twice: written once per recipient. */
  eventKey?: string | null;
}

/** Whose notifications a caller reads: any of its user, employee and customer. */
export interface NotificationScope {
  userId?: number | null;
  employeeId?: number | null;
  customerId?: number | null;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const ON_EVENT_CONFLICT = sql`on conflict (coalesce(employee_id, 0), coalesce(user_id, 0), coalesce(customer_id, 0), event_key)
  where event_key is not null do nothing`;

/**
 * The language of a person's login, as a SQL expression: a crew member's or a customer's (a
 * customer may have several logins: the one that chose a language and signed in last), or a
 * user's own. NULL when none chose one (English is written).
 */
export function recipientLanguage(column: 'employee_id' | 'customer_id' | 'user_id', id: SQL): SQL {
  return sql`(select u.language from users u where u.${sql.raw(column)} = ${id} and u.deleted_at is null
    order by u.language is null, u.last_login_at desc nulls last, u.user_id limit 1)`;
}

const recipientKey = (to: Recipient) =>
  'employeeId' in to ? `e${to.employeeId}` : 'customerId' in to ? `c${to.customerId}` : `u${to.userId}`;

/** The language of each recipient (keyed by recipientKey), in one query per kind of recipient. */
async function recipientLanguages(db: Executor, recipients: Recipient[]): Promise<Map<string, Language>> {
  const found = new Map<string, Language>();
  const kinds = [
    ['employee_id', 'e', recipients.flatMap((r) => ('employeeId' in r ? [r.employeeId] : []))],
    ['customer_id', 'c', recipients.flatMap((r) => ('customerId' in r ? [r.customerId] : []))],
    ['user_id', 'u', recipients.flatMap((r) => ('userId' in r ? [r.userId] : []))],
  ] as const;
  for (const [column, prefix, ids] of kinds) {
    if (ids.length === 0) continue;
    const res = await db.execute<{ id: number; language: Language | null }>(
      sql`select r.id, ${recipientLanguage(column, sql`r.id`)} as language
          from (select value::int as id from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb)) as r`,
    );
    for (const row of res.rows) if (row.language) found.set(`${prefix}${row.id}`, row.language);
  }
  return found;
}

export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  const localized = rows.filter((n) => typeof n.message === 'function');
  const languages =
    localized.length > 0
      ? await recipientLanguages(
          db,
          localized.map((n) => n.to),
        )
      : undefined;
  const values = rows.map((n) => {
    const to = n.to as { employeeId?: number; customerId?: number; userId?: number };
    const message =
      typeof n.message === 'function' ? n.message(languages?.get(recipientKey(n.to)) ?? 'en') : n.message;
    return sql`(${to.employeeId ?? null}::int, ${to.customerId ?? null}::int, ${to.userId ?? null}::int, ${n.type},
      ${message}, ${n.at.toISOString()}::timestamptz, ${n.deliveryId ?? null}::int, ${n.orderId ?? null}::int, ${n.eventKey ?? null},
      ${n.requestId ?? null}::int)`;
  });
  await db.execute(
    sql`insert into notifications (employee_id, customer_id, user_id, type, message, created_at, delivery_id, order_id, event_key,
          request_id)
        values ${sql.join(values, sql`, `)} ${ON_EVENT_CONFLICT}`,
  );
}

/** The scope as a WHERE condition on notifications n; false when the caller has no identity. */
function scopeCondition(scope: NotificationScope): SQL {
  const parts: SQL[] = [];
  if (scope.userId != null) parts.push(sql`n.user_id = ${scope.userId}`);
  if (scope.employeeId != null) parts.push(sql`n.employee_id = ${scope.employeeId}`);
  if (scope.customerId != null) parts.push(sql`n.customer_id = ${scope.customerId}`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

// The list and the unread count are prepared: whoever asks, their plan is the recipient indexes
// (user, employee, customer) combined, then the newest first.
export async function listNotifications(db: Executor, scope: NotificationScope, limit: number) {
  const res = await db.execute<Notification>(
    prepared(sql`select n.notification_id, n.type, n.message, ${isoTimestamp('n.created_at')} as timestamp,
          n.read_at is not null as read, n.delivery_id, n.order_id, n.request_id
        from notifications n where ${scopeCondition(scope)}
        order by n.created_at desc, n.notification_id desc limit ${literalCount(limit)}`),
  );
  return res.rows;
}

export async function countUnread(db: Executor, scope: NotificationScope): Promise<number> {
  const res = await db.execute<{ n: number }>(
    prepared(
      sql`select count(*)::int as n from notifications n where ${scopeCondition(scope)} and n.read_at is null`,
    ),
  );
  return res.rows[0]?.n ?? 0;
}

/** Marks one of the caller's notifications read; false when it is not the caller's (or does not exist). */
export async function markRead(db: Executor, scope: NotificationScope, id: number, at: Date) {
  const res = await db.execute<{ notification_id: number }>(
    sql`update notifications n set read_at = coalesce(n.read_at, ${at.toISOString()}::timestamptz)
        where n.notification_id = ${id} and ${scopeCondition(scope)} returning n.notification_id`,
  );
  return res.rows.length > 0;
}

export async function markAllRead(db: Executor, scope: NotificationScope, at: Date): Promise<number> {
  const res = await db.execute<{ notification_id: number }>(
    sql`update notifications n set read_at = ${at.toISOString()}::timestamptz
        where ${scopeCondition(scope)} and n.read_at is null returning n.notification_id`,
  );
  return res.rows.length;
}

/**
 * Sri Lanka time (UTC+05:30, no daylight saving) of a timestamptz column, for messages: by default
 * as the screens write it, "22 Nov 2026, 14:30" (src/shared/dates.ts; 'Mon' is English whatever the locale).
 */
export const lkTime = (column: string, format = 'FMDD Mon YYYY, HH24:MI') =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '330 minutes', '${format}')`);

/** Users whose role reaches the manager portal (roles.ts portalForRole, in SQL). */
const MANAGER_USERS = sql`select u.user_id from users u join roles ro on ro.role_id = u.role_id
  where u.is_active and lower(ro.role_name) like '%manager%'
    and lower(ro.role_name) not like '%admin%' and lower(ro.role_name) not like '%warehouse%'`;

export async function managerUserIds(db: Executor): Promise<number[]> {
  const res = await db.execute<{ user_id: number }>(MANAGER_USERS);
  return res.rows.map((r) => r.user_id);
}

/**
 * The events time makes, not a request (issue 9): a delivery starting within `soonMs`, a
 * delivery on the road past its route's maximum time, an order whose train has left. Each is
 * written once per recipient (event_key), so every server may sweep.
 */
export async function sweepTimedEvents(db: Executor, now: Date, soonMs: number): Promise<void> {
  const nowIso = now.toISOString();
  const soon = new Date(now.getTime() + soonMs).toISOString();
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  // a delivery starting soon: each crew member told in their language, once (event_key)
  const starting = await db.execute<{
    employee_id: number;
    delivery_id: number;
    route: string;
    start_at: string;
    plate: string;
    orders: number;
    event_key: string;
  }>(
    sql`select m.employee_id, d.delivery_id, r.name as route, ${isoTimestamp('d.delivery_date_time')} as start_at,
               tr.plate_number as plate,
               (select count(*)::int from delivery_orders x where x.delivery_id = d.delivery_id) as orders,
               'delivery:' || d.delivery_id || ':starting:' || ${lkTime('d.delivery_date_time', 'YYYYMMDDHH24MI')} as event_key
          from deliveries d
          join routes r on r.route_id = d.route_id
          join trucks tr on tr.truck_id = d.truck_id
          cross join lateral (values (d.driver_employee_id), (d.assistant_employee_id)) m (employee_id)
         where d.status = 'Scheduled' and d.delivery_date_time > ${nowIso}::timestamptz
           and d.delivery_date_time <= ${soon}::timestamptz and m.employee_id is not null
           and not exists (select 1 from notifications n where n.employee_id = m.employee_id
                             and n.event_key = 'delivery:' || d.delivery_id || ':starting:' || ${lkTime('d.delivery_date_time', 'YYYYMMDDHH24MI')})`,
  );
  await insertNotifications(
    db,
    starting.rows.map((row) => ({
      to: { employeeId: row.employee_id },
      type: 'Alert' as const,
      message: startingSoonNotice({
        deliveryId: row.delivery_id,
        route: row.route,
        startAt: new Date(row.start_at),
        plate: row.plate,
        orders: row.orders,
      }),
      at: now,
      deliveryId: row.delivery_id,
      eventKey: row.event_key,
    })),
  );
  const lateMessage = sql`'Delivery #' || d.delivery_id || ' on ' || r.name || ' is running past its route''s maximum time of '
      || trim(to_char(r.max_delivery_hours, 'FM990.0')) || ' h (planned end ' || ${lkTime('d.end_date_time', 'HH24:MI')} || ').'`;
  const lateWhere = sql`d.status = 'In Transit' and d.end_date_time < ${nowIso}::timestamptz
    and d.end_date_time > ${dayAgo}::timestamptz`;
  // the crew, each in their language (decision 0082), and every manager (English)
  const late = await db.execute<{
    employee_id: number;
    delivery_id: number;
    route: string;
    hours: string;
    end_at: string;
  }>(
    sql`select m.employee_id, d.delivery_id, r.name as route, trim(to_char(r.max_delivery_hours, 'FM990.0')) as hours,
               ${isoTimestamp('d.end_date_time')} as end_at
          from deliveries d join routes r on r.route_id = d.route_id
          cross join lateral (values (d.driver_employee_id), (d.assistant_employee_id)) m (employee_id)
         where ${lateWhere} and m.employee_id is not null
           and not exists (select 1 from notifications n where n.employee_id = m.employee_id
                             and n.event_key = 'delivery:' || d.delivery_id || ':late')`,
  );
  await insertNotifications(
    db,
    late.rows.map((row) => ({
      to: { employeeId: row.employee_id },
      type: 'Alert' as const,
      message: lateNotice({
        deliveryId: row.delivery_id,
        route: row.route,
        hours: row.hours,
        plannedEnd: new Date(row.end_at),
      }),
      at: now,
      deliveryId: row.delivery_id,
      eventKey: `delivery:${row.delivery_id}:late`,
    })),
  );
  await db.execute(
    sql`insert into notifications (user_id, type, message, created_at, delivery_id, event_key)
        select mu.user_id, 'Alert', ${lateMessage}, ${nowIso}::timestamptz, d.delivery_id, 'delivery:' || d.delivery_id || ':late'
          from deliveries d join routes r on r.route_id = d.route_id
          cross join (${MANAGER_USERS}) mu
         where ${lateWhere}
        ${ON_EVENT_CONFLICT}`,
  );
  // the customer of an order whose train left, in the customer's language
  const trains = await db.execute<{
    customer_id: number;
    order_id: number;
    train: string;
    city: string;
    arrival: string;
    event_key: string;
  }>(
    sql`select o.customer_id, o.order_id, t.train_name as train, c.name as city,
               ${isoTimestamp('t.arrival_date_time')} as arrival,
               'order:' || o.order_id || ':train:' || t.train_trip_id as event_key
          from train_allocations a
          join train_trips t on t.train_trip_id = a.train_trip_id
          join cities c on c.city_id = t.arrival_city_id
          join orders o on o.order_id = a.order_id
         where t.departure_date_time <= ${nowIso}::timestamptz and t.departure_date_time > ${dayAgo}::timestamptz
           and o.status = 'Scheduled'
           and not exists (select 1 from notifications n where n.customer_id = o.customer_id
                             and n.event_key = 'order:' || o.order_id || ':train:' || t.train_trip_id)`,
  );
  const trainRows: NewNotification[] = trains.rows.map((row) => ({
    to: { customerId: row.customer_id },
    type: 'Info',
    message: onTrainNotice({
      orderId: row.order_id,
      train: row.train,
      city: row.city,
      arrival: new Date(row.arrival),
    }),
    at: now,
    orderId: row.order_id,
    eventKey: row.event_key,
  }));
  for (let i = 0; i < trainRows.length; i += 2000)
    await insertNotifications(db, trainRows.slice(i, i + 2000));
}

/**
 * Tells each order's customer it was approved (bulk approvals: the dispatch planner), in the
 * customer's words of src/shared/order-progress.ts and language: booked on a train, or waiting
 * for one. One statement reads them all; the texts go in one insert per 2,000.
 */
export async function insertApprovalNotices(db: Executor, orderIds: number[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const res = await db.execute<{ customer_id: number; order_id: number; booked: boolean }>(
    sql`select o.customer_id, o.order_id,
               exists (select 1 from train_allocations a where a.order_id = o.order_id) as booked
          from orders o where o.order_id in (${idList(orderIds)}) order by o.order_id`,
  );
  const rows: NewNotification[] = res.rows.map((row) => ({
    to: { customerId: row.customer_id },
    type: 'Info',
    message: approvedNotice(row.order_id, row.booked),
    at,
    orderId: row.order_id,
  }));
  for (let i = 0; i < rows.length; i += 2000) await insertNotifications(db, rows.slice(i, i + 2000));
}

const person = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

/**
 * "New assignment" for the driver and the assistant of new deliveries (the dispatch planner
 * commits hundreds at once): one statement reads them all, each is written in its recipient's
 * language, in one insert; the same text as notifyCrewChange writes.
 */
export async function insertAssignmentNotices(db: Executor, deliveryIds: number[], at: Date): Promise<void> {
  if (deliveryIds.length === 0) return;
  const res = await db.execute<{
    employee_id: number;
    delivery_id: number;
    route: string;
    end_location: string;
    start_at: string;
    plate: string;
    seat: Seat;
    mate: string | null;
  }>(
    sql`select m.employee_id, d.delivery_id, r.name as route, r.end_location, ${isoTimestamp('d.delivery_date_time')} as start_at,
               tr.plate_number as plate, m.seat, m.mate
          from deliveries d
          join routes r on r.route_id = d.route_id
          join trucks tr on tr.truck_id = d.truck_id
          left join employees de on de.employee_id = d.driver_employee_id
          left join employees ae on ae.employee_id = d.assistant_employee_id
          cross join lateral (values (d.driver_employee_id, 'driver', ${person('ae')}),
                                     (d.assistant_employee_id, 'assistant', ${person('de')})) m (employee_id, seat, mate)
         where d.delivery_id in (${idList(deliveryIds)}) and m.employee_id is not null
         order by d.delivery_id, m.seat desc`,
  );
  const rows = res.rows.map((row) => ({
    to: { employeeId: row.employee_id },
    type: 'Alert' as const,
    message: assignmentNotice(
      {
        deliveryId: row.delivery_id,
        route: row.route,
        end: row.end_location,
        startAt: new Date(row.start_at),
        plate: row.plate,
      },
      row.seat,
      row.mate,
    ),
    at,
    deliveryId: row.delivery_id,
  }));
  // a statement's parameters are limited (65,535): 10 a row
  for (let i = 0; i < rows.length; i += 2000) await insertNotifications(db, rows.slice(i, i + 2000));
}
