import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import * as t from '#server/db/schema';
import { HOUR, item, lkTime, MIN, plusMin, route } from '#server/db/seed/kit';
import type { PlanDelivery, SeedPlan, WrittenIds } from '#server/db/seed/plan';
import { TRUCK_DATA } from '#server/db/seed-data';

/**
 * The demo crew's next run (the demo `driver` and `assistant` can start it and confirm its items
 * right after a fresh start, at any hour): the first quarter hour at least 40 minutes from now,
 * so 40-55 minutes ahead, well inside the START_WINDOW_HOURS before it (crew/start-rules.ts).
 * The crew has no run on the road then (build-plan.ts).
 */
export function demoCrewNextRunStart(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + 40 * MIN) / (15 * MIN)) * 15 * MIN);
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
                 when 'Scheduled' then 'Order #' || o.order_id
                   || case when h.reason like 'Booked on train%' then ': Booked on a train.' else ': Approved, waiting for a train.' end
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

/**
 * Notifications for the demo driver and assistant about their own deliveries: thanks for the
 * last two runs, each assignment not yet delivered, the start of the run on the road, and a
 * route change for the next scheduled one. Answers the number of rows written.
 */
export async function seedCrewNotifications(tx: Tx, plan: SeedPlan, ids: WrittenIds): Promise<number> {
  const nowMs = plan.now.getTime();
  const describe = (i: number) => {
    const d = item(plan.deliveries, i);
    const r = route(d.routeIdx);
    const itemCount = d.orderIdxs.reduce((s, o) => s + item(plan.orders, o).items.length, 0);
    return { d, r, itemCount, plate: item(TRUCK_DATA, d.truckIdx).plateNumber };
  };
  const notificationRows: (typeof t.notifications.$inferInsert)[] = [];
  const crew = [
    {
      key: 'driver' as const,
      employeeId: ids.driverEmployee(0),
      isOn: (d: PlanDelivery) => d.driverIdx === 0,
    },
    {
      key: 'assistant' as const,
      employeeId: ids.assistantEmployee(0),
      isOn: (d: PlanDelivery) => d.assistantIdx === 0,
    },
  ];
  for (const member of crew) {
    const mine = ids.deliverySequence.filter((i) => member.isOn(item(plan.deliveries, i)));
    const push = (type: 'Alert' | 'Info', message: string, createdAt: Date, read: boolean) =>
      notificationRows.push({
        employeeId: member.employeeId,
        userId: ids.userId(member.key),
        type,
        message,
        createdAt,
        readAt: read ? plusMin(createdAt, 95) : null,
      });
    const done = mine.filter((i) => item(plan.deliveries, i).status === 'Delivered').slice(-2);
    for (const i of done) {
      const { d, r, itemCount } = describe(i);
      const completed = d.completedAt ?? d.end;
      push(
        'Info',
        `Delivery #${ids.deliveryId(i)} on ${r.name} completed: ${d.orderIdxs.length} orders, all ${itemCount} items confirmed. Thank you!`,
        plusMin(completed, 10),
        true,
      );
    }
    for (const i of mine.filter((n) => item(plan.deliveries, n).status !== 'Delivered')) {
      const { d, r, itemCount, plate } = describe(i);
      push(
        'Alert',
        `New assignment: delivery #${ids.deliveryId(i)} on ${r.name} (to ${r.endLocation}), ${lkTime(d.start)}, truck ${plate}, ${d.orderIdxs.length} orders.`,
        d.createdAt,
        d.status !== 'Scheduled',
      );
      if (d.status === 'In Transit' && d.startedAt) {
        push(
          'Alert',
          `Delivery #${ids.deliveryId(i)} has started: ${itemCount} items on ${d.orderIdxs.length} orders to confirm along ${r.coveredTowns.join(', ')}.`,
          d.startedAt,
          false,
        );
      }
    }
    const nextScheduled = mine.find((i) => item(plan.deliveries, i).status === 'Scheduled');
    if (nextScheduled !== undefined) {
      const { d, r } = describe(nextScheduled);
      push(
        'Info',
        `Route change for delivery #${ids.deliveryId(nextScheduled)}: road works on ${r.name}; start with ${item(r.coveredTowns, 0)} and allow 30 extra minutes (${lkTime(d.start)}).`,
        new Date(Math.min(nowMs - 30 * MIN, d.createdAt.getTime() + 3 * HOUR)),
        false,
      );
    }
  }
  notificationRows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  if (notificationRows.length > 0) await tx.insert(t.notifications).values(notificationRows);
  return notificationRows.length;
}
