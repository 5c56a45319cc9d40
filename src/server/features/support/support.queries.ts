import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { supportRequests } from '#server/db/schema';
import { isoTimestamp } from '#server/db/sql-helpers';
import type { SupportRequest } from '#shared/contract/support';

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

/** Newest first; a customer's own only when customerId is given. */
export async function listSupportRequests(db: Executor, customerId: number | null, requestId?: number) {
  const res = await db.execute<SupportRequest>(
    sql`select s.request_id, s.customer_id, c.name as customer_name, s.order_id, s.subject, s.message, s.status,
          ${isoTimestamp('s.created_at')} as created_at
        from support_requests s join customers c on c.customer_id = s.customer_id
        where ${customerId === null ? sql`true` : sql`s.customer_id = ${customerId}`}
          ${requestId === undefined ? sql`` : sql`and s.request_id = ${requestId}`}
        order by s.created_at desc, s.request_id desc limit 200`,
  );
  return res.rows;
}
