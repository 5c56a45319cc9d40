import type { Tx } from '#server/db/client';
import * as t from '#server/db/schema';
import { DAY, HOUR, isoDay, item, plusMin, product } from '#server/db/seed/kit';
import type { SeedPlan, WrittenIds } from '#server/db/seed/plan';
import { DEMO_CUSTOMER_IDX } from '#server/db/seed-data';

/**
 * Demo support requests: one open from the demo customer about its scheduled order, one closed
 * from a wholesale customer about a damaged carton. Answers the number of rows written.
 */
export async function seedSupportRequests(tx: Tx, plan: SeedPlan, ids: WrittenIds): Promise<number> {
  const nowMs = plan.now.getTime();
  const supportRows: (typeof t.supportRequests.$inferInsert)[] = [];
  const demoScheduled = plan.orders.findIndex(
    (o) => o.customerIdx === DEMO_CUSTOMER_IDX && o.status === 'Scheduled',
  );
  if (demoScheduled >= 0) {
    const o = item(plan.orders, demoScheduled);
    supportRows.push({
      customerId: ids.customerId(DEMO_CUSTOMER_IDX),
      userId: ids.userId('customer'),
      orderId: ids.orderId(demoScheduled),
      subject: `Delivery time for order #${ids.orderId(demoScheduled)}`,
      message: `Could the delivery on ${isoDay(plan.day0 + o.scheduleDay * DAY)} arrive before 11 am? The shop is closed in the afternoon that day.`,
      status: 'Open',
      createdAt: new Date(Math.max(o.orderDate.getTime() + HOUR, nowMs - 20 * HOUR)),
    });
  }
  const wholesaleDelivered = plan.orders
    .map((o, i) => ({ o, i }))
    .filter(({ o }) => o.customerIdx === 1 && o.status === 'Delivered' && o.deliveredAt)
    .pop();
  if (wholesaleDelivered) {
    const { o, i } = wholesaleDelivered;
    const deliveredAt = o.deliveredAt ?? plan.now;
    const damaged = product(item(o.items, 0).productIdx).name;
    supportRows.push({
      customerId: ids.customerId(o.customerIdx),
      userId: null,
      orderId: ids.orderId(i),
      subject: `Damaged carton in order #${ids.orderId(i)}`,
      message: `One carton of ${damaged} was damaged on arrival. Please credit it on the next invoice.`,
      status: 'Closed',
      createdAt: plusMin(deliveredAt, 180),
    });
  }
  if (supportRows.length > 0) await tx.insert(t.supportRequests).values(supportRows);
  return supportRows.length;
}
