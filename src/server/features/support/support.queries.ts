import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { supportRequests } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type {
  SupportMessage,
  SupportRequest,
  SupportRequestDetail,
  SupportSide,
  SupportStatus,
} from '#shared/contract/support';

export async function orderBelongsTo(db: Executor, orderId: number, customerId: number) {
  const res = await db.execute<{ ok: number }>(
    sql`select 1 as ok from orders where order_id = ${orderId} and customer_id = ${customerId}`,
  );
  return res.rows.length > 0;
}

export async function insertSupportRequest(db: Executor, values: typeof supportRequests.$inferInsert) {
  const [row] = await db
    .insert(supportRequests)
    .values(values)
    .returning({ requestId: supportRequests.requestId });
  return row!.requestId;
}

const REQUEST_COLUMNS = sql`s.request_id, s.customer_id, c.name as customer_name, s.order_id, s.subject, s.message,
  s.status, ${isoTimestamp('s.created_at')} as created_at, ${isoTimestamp('s.last_message_at')} as last_message_at,
  s.message_count, s.last_message_side, ${isoTimestamp('s.closed_at')} as closed_at`;

/** Where a list page starts: after the row of the previous page's X-Next-Cursor. */
export interface Cursor {
  at: string;
  requestId: number;
}

/** What a request list holds; `customerId` set: that customer's own only. */
export interface ListFilter {
  customerId: number | null;
  status?: SupportStatus;
  /** A request or order number. */
  number?: number;
  /** Customers whose name holds the text (staff search). */
  customerText?: string;
  limit: number;
  cursor?: Cursor;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of requests, newest activity first, one row more than `limit` when there are more, with
 * the cursor of each row. The indexes (migration 0035) are on (status | customer_id |
 * nothing, last_message_at desc, request_id desc): each filter reads its page off one of them.
 */
export async function listSupportRequests(db: Executor, f: ListFilter) {
  const where: SQL[] = [];
  if (f.customerId !== null) where.push(sql`s.customer_id = ${f.customerId}`);
  if (f.status) where.push(sql`s.status = ${f.status}`);
  if (f.number !== undefined) where.push(sql`(s.request_id = ${f.number} or s.order_id = ${f.number})`);
  if (f.customerText) {
    where.push(
      sql`s.customer_id in (select x.customer_id from customers x where x.name ilike ${likePattern(f.customerText)})`,
    );
  }
  if (f.cursor) {
    where.push(sql`(s.last_message_at, s.request_id) < (${f.cursor.at}::timestamptz, ${f.cursor.requestId})`);
  }
  const res = await db.execute<SupportRequest & { cursor: string }>(
    sql`select ${REQUEST_COLUMNS},
          to_char(s.last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || s.request_id as cursor
        from support_requests s join customers c on c.customer_id = s.customer_id
        where ${where.length ? sql.join(where, sql` and `) : sql`true`}
        order by s.last_message_at desc, s.request_id desc limit ${f.limit + 1}`,
  );
  return res.rows;
}

/** One request as the lists show it. */
export async function supportRequestRow(db: Executor, requestId: number) {
  const res = await db.execute<SupportRequest>(
    sql`select ${REQUEST_COLUMNS}
        from support_requests s join customers c on c.customer_id = s.customer_id
        where s.request_id = ${requestId}`,
  );
  return res.rows[0];
}

/** One request with its customer and order; `customerId` set: only when it is that customer's. */
export async function findSupportRequest(db: Executor, requestId: number, customerId: number | null) {
  const res = await db.execute<
    Omit<SupportRequestDetail, 'messages' | 'customer' | 'order'> & {
      customer: SupportRequestDetail['customer'];
      order: SupportRequestDetail['order'];
    }
  >(
    sql`select ${REQUEST_COLUMNS},
          json_build_object('customer_id', c.customer_id, 'name', c.name, 'type', c.type, 'city', c.city,
            'contact_number', c.contact_number, 'email', c.email) as customer,
          case when o.order_id is null then null else json_build_object('order_id', o.order_id, 'status', o.status,
            'order_date', ${isoTimestamp('o.order_date')}, 'schedule_date', to_char(o.schedule_date, 'YYYY-MM-DD')) end as order,
          cu.user_name as closed_by_name
        from support_requests s join customers c on c.customer_id = s.customer_id
        left join orders o on o.order_id = s.order_id
        left join users cu on cu.user_id = s.closed_by
        where s.request_id = ${requestId}
          ${customerId === null ? sql`` : sql`and s.customer_id = ${customerId}`}`,
  );
  return res.rows[0];
}

/** The conversation, oldest first; a staff author is named by login (to staff only). */
export async function listMessages(db: Executor, requestId: number, forStaff: boolean) {
  const res = await db.execute<SupportMessage>(
    sql`select m.message_id, m.author_side as side,
          case when m.author_side = 'customer' then c.name
               when ${forStaff} then u.user_name end as author_name,
          m.body, ${isoTimestamp('m.created_at')} as created_at
        from support_messages m
        join support_requests s on s.request_id = m.request_id
        join customers c on c.customer_id = s.customer_id
        left join users u on u.user_id = m.author_user_id
        where m.request_id = ${requestId}
        order by m.created_at, m.message_id`,
  );
  return res.rows;
}

export type LockedRequest = {
  request_id: number;
  customer_id: number;
  customer_name: string;
  subject: string;
  status: SupportStatus;
};

/** Locks a request for a message or a close; `customerId` set: only when it is that customer's. */
export async function lockSupportRequest(db: Executor, requestId: number, customerId: number | null) {
  const res = await db.execute<LockedRequest>(
    sql`select s.request_id, s.customer_id, c.name as customer_name, s.subject, s.status
        from support_requests s join customers c on c.customer_id = s.customer_id
        where s.request_id = ${requestId}
          ${customerId === null ? sql`` : sql`and s.customer_id = ${customerId}`}
        for update of s`,
  );
  return res.rows[0];
}

/** Adds a message; the database's trigger counts it and sets the request's state (migration 0035). */
export async function insertMessage(
  db: Executor,
  m: { requestId: number; side: SupportSide; userId: number; body: string; at: Date },
) {
  await db.execute(
    sql`insert into support_messages (request_id, author_side, author_user_id, body, created_at)
        values (${m.requestId}, ${m.side}, ${m.userId}, ${m.body}, ${m.at.toISOString()}::timestamptz)`,
  );
}

export async function closeSupportRequest(db: Executor, requestId: number, userId: number, at: Date) {
  await db.execute(
    sql`update support_requests set status = 'Closed', closed_at = ${at.toISOString()}::timestamptz, closed_by = ${userId}
        where request_id = ${requestId}`,
  );
}

/**
 * The users who work the support inbox: the roles that reach the manager or the admin portal
 * (roles.ts portalForRole in SQL: admin first, then warehouse before manager).
 */
export async function supportStaffUserIds(db: Executor): Promise<number[]> {
  const res = await db.execute<{ user_id: number }>(
    sql`select u.user_id from users u join roles ro on ro.role_id = u.role_id
        where u.is_active and u.deleted_at is null
          and (lower(ro.role_name) like '%admin%'
               or (lower(ro.role_name) like '%manager%' and lower(ro.role_name) not like '%warehouse%'))
        order by u.user_id`,
  );
  return res.rows.map((r) => r.user_id);
}
