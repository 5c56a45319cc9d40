import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import * as t from '#server/db/schema';
import { DAY, isoDay, item, MIN, plusMin, product } from '#server/db/seed/kit';
import type { SeedPlan, WrittenIds } from '#server/db/seed/plan';
import { CUSTOMER_DATA, DEMO_CUSTOMER_IDX } from '#server/db/seed-data';
import { businessDate, startOfBusinessDay } from '#shared/dates';

type Reply = { side: 'customer' | 'staff'; body: string; afterMin: number };

interface DemoRequest {
  customerIdx: number;
  orderIdx: number | null;
  subject: string;
  message: string;
  at: Date;
  replies: Reply[];
  /** Closed by the manager this many minutes after the request (after its replies). */
  closedAfterMin?: number;
}

/**
 * Demo support requests for the manager's and admin's inbox (docs/decisions/0062): today's, a
 * few Open (one the customer reopened by writing again), the demo customer's answered by the
 * manager, and an older one answered and closed. The staff are notified of the open ones and
 * the demo customer of its answer, as the API would. Answers the number of requests written.
 */
export async function seedSupportRequests(tx: Tx, plan: SeedPlan, ids: WrittenIds): Promise<number> {
  const now = plan.now;
  // today in Colombo, spread over the hours already gone (all at the start of the day just after midnight)
  const dayStart = startOfBusinessDay(businessDate(now)).getTime();
  const today = (minutesAgo: number) =>
    new Date(Math.min(now.getTime(), Math.max(dayStart + MIN, now.getTime() - minutesAgo * MIN)));
  const firstOrder = (test: (o: SeedPlan['orders'][number]) => boolean) => {
    const i = plan.orders.findIndex(test);
    return i >= 0 ? i : null;
  };
  const requests: DemoRequest[] = [];

  const demoScheduled = firstOrder((o) => o.customerIdx === DEMO_CUSTOMER_IDX && o.status === 'Scheduled');
  if (demoScheduled !== null) {
    const o = item(plan.orders, demoScheduled);
    const id = ids.orderId(demoScheduled);
    requests.push({
      customerIdx: DEMO_CUSTOMER_IDX,
      orderIdx: demoScheduled,
      subject: `Delivery time for order #${id}`,
      message: `Could the delivery on ${isoDay(plan.day0 + o.scheduleDay * DAY)} arrive before 11 am? The shop is closed in the afternoon that day.`,
      at: today(240),
      replies: [
        {
          side: 'staff',
          body: `Thank you for telling us. We have asked the Colombo store to put order #${id} among the first stops of that morning's run, so it should reach you before 11 am. The driver will call you on the way.`,
          afterMin: 95,
        },
      ],
    });
  }

  const pendingOf = (customerIdx: number) =>
    firstOrder((o) => o.customerIdx === customerIdx && o.status === 'Pending');
  const silva = CUSTOMER_DATA.findIndex((c) => c.name === 'Silva Mini Mart');
  const silvaPending = silva >= 0 ? pendingOf(silva) : null;
  if (silva >= 0) {
    requests.push({
      customerIdx: silva,
      orderIdx: silvaPending,
      subject:
        silvaPending !== null
          ? `Two more cartons on order #${ids.orderId(silvaPending)}?`
          : 'Adding cartons to our next order',
      message:
        'We are running low before the festival weekend. Can two more cartons of biscuits go on the same delivery, or should we place a new order?',
      at: today(35),
      replies: [],
    });
  }

  // a customer who wrote again after the answer: Open again, waiting for the staff
  const reopenIdx = CUSTOMER_DATA.length > 3 ? 3 : null;
  if (reopenIdx !== null) {
    requests.push({
      customerIdx: reopenIdx,
      orderIdx: null,
      subject: 'Invoice copy for last month',
      message:
        'Please send a copy of last month’s invoices to our accounts email; the originals were misplaced.',
      at: today(180),
      replies: [
        {
          side: 'staff',
          body: 'Of course. Which orders do you need? Each invoice can also be downloaded from Order History in the portal.',
          afterMin: 40,
        },
        {
          side: 'customer',
          body: 'All the delivered orders of last month, please. Our accountant does not have a login.',
          afterMin: 150,
        },
      ],
    });
  }

  const wholesaleDelivered = plan.orders
    .map((o, i) => ({ o, i }))
    // delivered at least a day ago, so its complaint, answer and closing all lie in the past
    .filter(
      ({ o }) =>
        o.customerIdx === 1 &&
        o.status === 'Delivered' &&
        o.deliveredAt &&
        o.deliveredAt.getTime() <= now.getTime() - DAY,
    )
    .pop();
  if (wholesaleDelivered) {
    const { o, i } = wholesaleDelivered;
    const damaged = product(item(o.items, 0).productIdx).name;
    requests.push({
      customerIdx: o.customerIdx,
      orderIdx: i,
      subject: `Damaged carton in order #${ids.orderId(i)}`,
      message: `One carton of ${damaged} was damaged on arrival. Please credit it on the next invoice.`,
      at: plusMin(o.deliveredAt ?? now, 180),
      replies: [
        {
          side: 'staff',
          body: `Sorry about that. One carton of ${damaged} is credited on your next invoice; no need to send it back.`,
          afterMin: 120,
        },
      ],
      closedAfterMin: 125,
    });
  }

  const managerId = ids.userId('manager');
  const at = (r: DemoRequest, minutes: number) => {
    const when = plusMin(r.at, minutes);
    return when.getTime() > now.getTime() ? now : when;
  };
  const openIds: { id: number; name: string; subject: string; at: Date }[] = [];
  for (const r of requests) {
    const customerId = ids.customerId(r.customerIdx);
    const [row] = await tx
      .insert(t.supportRequests)
      .values({
        customerId,
        userId: r.customerIdx === DEMO_CUSTOMER_IDX ? ids.userId('customer') : null,
        orderId: r.orderIdx === null ? null : ids.orderId(r.orderIdx),
        subject: r.subject,
        message: r.message,
        createdAt: r.at,
      })
      .returning({ id: t.supportRequests.requestId });
    const id = row!.id;
    // each message sets the state (migrations/0035): staff answers, the customer reopens
    for (const reply of r.replies) {
      await tx.insert(t.supportMessages).values({
        requestId: id,
        authorSide: reply.side,
        authorUserId:
          reply.side === 'staff'
            ? managerId
            : r.customerIdx === DEMO_CUSTOMER_IDX
              ? ids.userId('customer')
              : null,
        body: reply.body,
        createdAt: at(r, reply.afterMin),
      });
    }
    if (r.closedAfterMin !== undefined) {
      await tx.execute(
        sql`update support_requests set status = 'Closed', closed_at = ${at(r, r.closedAfterMin).toISOString()}::timestamptz,
              closed_by = ${managerId} where request_id = ${id}`,
      );
    }
    const last = r.replies.at(-1);
    if (r.closedAfterMin === undefined && last?.side !== 'staff') {
      openIds.push({
        id,
        name: item(CUSTOMER_DATA, r.customerIdx).name,
        subject: r.subject,
        at: at(r, last?.afterMin ?? 0),
      });
    }
    if (r.customerIdx === DEMO_CUSTOMER_IDX && last?.side === 'staff') {
      await tx.insert(t.notifications).values({
        customerId,
        type: 'Info',
        message: `Our team answered your support request #${id} "${r.subject}".`,
        createdAt: at(r, last.afterMin),
        requestId: id,
      });
    }
  }
  // the managers and the admin hear of the requests waiting for them (unread)
  const staff = [ids.userId('manager'), ids.userId('admin')].filter((u): u is number => u !== null);
  const staffNotes = openIds.flatMap((o) =>
    staff.map((userId) => ({
      userId,
      type: 'Info' as const,
      message: `Support request #${o.id} from ${o.name} is waiting for an answer: "${o.subject}".`,
      createdAt: o.at,
      requestId: o.id,
    })),
  );
  if (staffNotes.length > 0) await tx.insert(t.notifications).values(staffNotes);
  return requests.length;
}
