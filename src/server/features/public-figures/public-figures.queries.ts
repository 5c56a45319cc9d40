import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { deliveredSinceRows } from '#server/features/dashboard/index';
import { countersSum } from '#server/features/orders/index';

/**
 * The landing page's figures in one statement (decision 0052), none of them a count over
 * `orders`: delivered orders of all time from the order counters (migration 0006: the folded
 * count of all customers plus the deltas not folded yet, exact at any instant), and the orders
 * delivered since `since` with how many on time from the `delivered_days` rollup and two short
 * edges (deliveredSinceRows, the manager dashboard's on-time rate).
 */
export async function publicFigures(db: Executor, now: Date, since: Date) {
  const res = await db.execute<{ orders_processed: number; delivered: number; on_time: number }>(
    sql`select (${countersSum(null, 'Delivered')}) as orders_processed,
               coalesce(sum(r.delivered), 0)::int as delivered, coalesce(sum(r.on_time), 0)::int as on_time
          from (${deliveredSinceRows(now, since)}) r`,
  );
  return res.rows[0]!;
}
