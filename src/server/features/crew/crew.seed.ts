import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { MIN_REST_MINUTES } from '#shared/constants';

const MIN = 60_000;

/**
 * The demo crew's next run (issue 9: the demo `driver` and `assistant` each have a delivery
 * today they can start and confirm, besides the one on the road): the first quarter hour after
 * the run on the road ends and the driver has rested, at least 30 minutes from now. The crew can
 * start it straight away (crew.service START_WINDOW_MS).
 */
export function demoCrewNextRunStart(onRoadEnd: Date, now: Date): Date {
  const earliest = Math.max(onRoadEnd.getTime() + MIN_REST_MINUTES * MIN, now.getTime() + 30 * MIN);
  return new Date(Math.ceil(earliest / (15 * MIN)) * 15 * MIN);
}

/** Its stops: the demo customer (who then follows it to Delivered) and the route's last customer. */
export function demoCrewNextRunCustomers(demoCustomerIdx: number, routeCustomers: number[]): number[] {
  return [demoCustomerIdx, ...routeCustomers.slice(-1)];
}

/**
 * The customers' notifications of their orders' history (what transitionOrder would have told
 * them as it happened), so the bell has something to show on first login; those older than two
 * days are read. Returns how many were written.
 */
export async function seedCustomerNotifications(tx: Tx, now: Date): Promise<number> {
  const res = await tx.execute<{ notification_id: number }>(
    sql`insert into notifications (customer_id, type, message, created_at, read_at, order_id)
        select o.customer_id,
               case when h.to_status = 'Cancelled' then 'Alert' else 'Info' end,
               case h.to_status
                 when 'Scheduled' then 'Order #' || o.order_id || ' is approved and scheduled for delivery.'
                 when 'In Transit' then 'Order #' || o.order_id || ' is out for delivery today.'
                 when 'Delivered' then 'Order #' || o.order_id || ' has been delivered.'
                 else 'Order #' || o.order_id || ' was cancelled' || coalesce(': ' || h.reason, '.')
               end,
               h.changed_at,
               case when h.changed_at < ${now.toISOString()}::timestamptz - interval '2 days' then h.changed_at + interval '3 hours' end,
               o.order_id
          from order_status_history h join orders o on o.order_id = h.order_id
         where h.to_status in ('Scheduled', 'In Transit', 'Delivered', 'Cancelled')
         order by h.changed_at
        returning notification_id`,
  );
  return res.rows.length;
}
