import type { AppContext } from '#server/context';
import { type Tx, withActor } from '#server/db/client';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, forbidden, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type { Assignment, Confirmation, ConfirmItemRequest, FailOrderRequest } from '#shared/contract/crew';
import { notifyEmployees, notifyManagers, publishChange } from '../notifications/notifications.service';
import { transitionOrder } from '../orders/order-transitions';
import * as q from './crew.queries';
import { blockingRun, type StartFacts, startOpensAt, startRefusal } from './start-rules';

/** Delivered runs kept in the assignment list. */
const DELIVERED_DAYS_SHOWN = 7;

const startFactsOf = (
  d: Pick<
    q.CrewDeliveryRow,
    'delivery_id' | 'status' | 'start_at' | 'driver_employee_id' | 'assistant_employee_id'
  >,
  more: q.StartRow,
): StartFacts => ({
  deliveryId: d.delivery_id,
  status: d.status,
  start: new Date(d.start_at),
  driverId: d.driver_employee_id,
  assistantId: d.assistant_employee_id,
  driverName: more.driver_name,
  assistantName: more.assistant_name,
  plateNumber: more.plate_number,
  truckStatus: more.truck_status,
  truckStatusNote: more.truck_status_note,
  orderCount: more.order_count,
  onTheRoad: more.on_the_road,
});

/** An assignment with what the phone shows before the driver taps Start (docs/decisions/0056). */
function withStartFacts(row: q.AssignmentRow, now: Date): Assignment {
  const {
    driver_employee_id: _driver,
    assistant_employee_id: _assistant,
    on_the_road: onTheRoad,
    ...assignment
  } = row;
  const scheduled = row.status === 'Scheduled';
  const facts = startFactsOf(
    { ...row, start_at: row.delivery_date_time },
    {
      plate_number: row.plate_number,
      truck_status: row.truck_status,
      truck_status_note: row.truck_status_note,
      driver_name: row.driver_name,
      assistant_name: row.assistant_name,
      order_count: row.order_count,
      on_the_road: onTheRoad,
    },
  );
  return {
    ...assignment,
    start_opens_at: scheduled ? startOpensAt(facts.start).toISOString() : null,
    start_refusal: scheduled ? startRefusal(facts, now, { window: false }) : null,
    blocking_delivery_id: scheduled ? (blockingRun(facts)?.delivery_id ?? null) : null,
  };
}

/** Someone else's employee_id is a 403 for crews; managers and admins read any. */
function assertSelfOrStaff(user: AuthUser, employeeId: number, what: string) {
  if (user.portal === 'assistant' && user.employeeId !== employeeId) {
    throw forbidden(`You can only see your own ${what}`);
  }
}

export async function assignments(
  ctx: AppContext,
  user: AuthUser,
  employeeId: number,
): Promise<Assignment[]> {
  assertSelfOrStaff(user, employeeId, 'assignments');
  if (user.portal !== 'assistant' && !(await q.employeeExists(ctx.db, employeeId))) {
    throw notFound(`Employee ${employeeId} not found`);
  }
  const now = ctx.clock();
  const since = new Date(now.getTime() - DELIVERED_DAYS_SHOWN * 86_400_000);
  return (await q.listAssignments(ctx.db, employeeId, since)).map((row) => withStartFacts(row, now));
}

export function assertCrewNotificationsAccess(user: AuthUser, employeeId: number) {
  assertSelfOrStaff(user, employeeId, 'notifications');
}

const isCrew = (d: q.CrewDeliveryRow, user: AuthUser) =>
  user.employeeId !== null &&
  (d.driver_employee_id === user.employeeId || d.assistant_employee_id === user.employeeId);

/** The delivery, for its crew only (managers and admins read any); 404 / 403 otherwise. */
async function deliveryFor(db: AppContext['db'] | Tx, user: AuthUser, deliveryId: number, lock: boolean) {
  const d = await q.findCrewDelivery(db, deliveryId, lock);
  if (!d) throw notFound(`Delivery ${deliveryId} not found`);
  if (user.portal === 'assistant' && !isCrew(d, user)) {
    throw forbidden(`Delivery ${deliveryId} is not one of your assignments`);
  }
  return d;
}

export async function deliveryItems(ctx: AppContext, user: AuthUser, deliveryId: number) {
  await deliveryFor(ctx.db, user, deliveryId, false);
  return q.listDeliveryItems(ctx.db, deliveryId);
}

/** The signed-in crew member of a locked delivery, or 403: only its crew act on it. */
function crewMember(d: q.CrewDeliveryRow, user: AuthUser, action: string) {
  if (!isCrew(d, user)) {
    throw forbidden(`Only the driver and assistant of delivery ${d.delivery_id} can ${action}`);
  }
}

/** The 409 for a start refused by a unique index of migration 0029 (another start won a race). */
const ON_THE_ROAD_INDEXES = new Set([
  'deliveries_truck_in_transit_uq',
  'deliveries_driver_in_transit_uq',
  'deliveries_assistant_in_transit_uq',
]);

/**
 * POST /deliveries/{id}/start: the crew sets a Scheduled delivery In Transit, and its orders
 * with it (status history written with the crew member). Refused with the first rule of
 * start-rules.ts it breaks: its crew, its truck Under Repair, before START_WINDOW_HOURS ahead of
 * its time, its truck, driver or assistant on another run on the road, nothing loaded. Two
 * starts at once that share a truck or person both pass the check; the partial unique indexes
 * of migration 0029 refuse the second, answered with the same sentence. Locks the delivery, then
 * its orders.
 */
export async function startDelivery(ctx: AppContext, user: AuthUser, deliveryId: number) {
  const now = ctx.clock();
  try {
    await withActor(ctx.db, user.userId, async (tx) => {
      const d = await deliveryFor(tx, user, deliveryId, true);
      crewMember(d, user, 'start it');
      const refusal = startRefusal(startFactsOf(d, (await q.startFacts(tx, deliveryId))!), now, {
        window: true,
      });
      if (refusal) throw conflict(refusal);
      const orderIds = await q.deliveryOrderIds(tx, deliveryId);
      await q.setDeliveryStatus(tx, deliveryId, 'In Transit', now);
      for (const orderId of orderIds) {
        await transitionOrder(tx, {
          orderId,
          to: 'In Transit',
          actorUserId: user.userId,
          reason: `Delivery ${deliveryId} started`,
          at: now,
        });
      }
      const mate = d.driver_employee_id === user.employeeId ? d.assistant_employee_id : d.driver_employee_id;
      await notifyEmployees(tx, [mate], {
        type: 'Info',
        message: `Delivery #${deliveryId} on ${d.route_name} has started (${user.userName}): ${orderIds.length} orders to deliver.`,
        at: now,
        deliveryId,
      });
      await publishChange(tx, {
        kind: 'delivery',
        delivery_id: deliveryId,
        status: 'In Transit',
        employee_ids: [d.driver_employee_id, d.assistant_employee_id],
      });
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505' && ON_THE_ROAD_INDEXES.has(pgConstraint(err) ?? '')) {
      throw conflict(await raceRefusal(ctx, deliveryId, now));
    }
    throw err;
  }
  const [row] = (await q.listAssignments(ctx.db, user.employeeId ?? 0, new Date(0))).filter(
    (a) => a.delivery_id === deliveryId,
  );
  return row && withStartFacts(row, now);
}

/** The sentence for a start that lost a race: the run that won it, read after it committed. */
async function raceRefusal(ctx: AppContext, deliveryId: number, now: Date): Promise<string> {
  const d = await q.findCrewDelivery(ctx.db, deliveryId);
  const facts = d && (await q.startFacts(ctx.db, deliveryId));
  const refusal = d && facts ? startRefusal(startFactsOf(d, facts), now, { window: false }) : null;
  return refusal ?? `Delivery #${deliveryId} cannot start: its truck or crew has just started another run`;
}

async function answer(tx: Tx, c: q.StoredConfirmation, replayed: boolean): Promise<Confirmation> {
  const d = await q.findCrewDelivery(tx, c.delivery_id);
  const orderStatus = await q.orderStatusOf(tx, c.order_id);
  return { ...c, order_status: orderStatus!, delivery_status: d!.status, replayed };
}

/**
 * POST /deliveries/{id}/confirm-item: proof of delivery of one item. Idempotent: the same
 * item, or the same confirmation_id, answers the stored confirmation and changes nothing. The
 * delivery row lock serialises every confirmation of one truck, so parallel retries write one
 * row. The last item of an order makes it Delivered; the last order, the delivery.
 */
export async function confirmItem(
  ctx: AppContext,
  user: AuthUser,
  deliveryId: number,
  input: ConfirmItemRequest & { recipient_name?: string | null; note?: string | null },
): Promise<{ created: boolean; confirmation: Confirmation }> {
  const now = ctx.clock();
  return withActor(ctx.db, user.userId, async (tx) => {
    const d = await deliveryFor(tx, user, deliveryId, true);
    crewMember(d, user, 'confirm its items');
    if (input.confirmation_id) {
      const same = await q.findConfirmationByClientId(tx, input.confirmation_id);
      if (same) {
        if (
          same.delivery_id !== deliveryId ||
          same.order_id !== input.order_id ||
          same.product_id !== input.product_id
        ) {
          throw conflict(
            `confirmation_id ${input.confirmation_id} was already used for product ${same.product_id} of order ${same.order_id} on delivery ${same.delivery_id}`,
          );
        }
        return { created: false, confirmation: await answer(tx, same, true) };
      }
    }
    const stored = await q.findConfirmationOfItem(tx, deliveryId, input.order_id, input.product_id);
    if (stored) return { created: false, confirmation: await answer(tx, stored, true) };
    if (d.status !== 'In Transit') {
      throw conflict(
        `Delivery ${deliveryId} is ${d.status}: items can be confirmed only while it is In Transit${d.status === 'Scheduled' ? ' (start it first)' : ''}`,
      );
    }
    const where = await q.findItemOnDelivery(tx, deliveryId, input.order_id, input.product_id);
    if (!where.on_delivery)
      throw unprocessable(`order_id: order ${input.order_id} is not on delivery ${deliveryId}`);
    if (!where.has_item) {
      throw unprocessable(`product_id: order ${input.order_id} has no product ${input.product_id}`);
    }
    await q.insertConfirmation(tx, {
      deliveryId,
      orderId: input.order_id,
      productId: input.product_id,
      userId: user.userId,
      at: now,
      clientId: input.confirmation_id ?? null,
      recipientName: input.recipient_name ?? null,
      signature: input.signature ?? null,
      note: input.note ?? null,
    });
    if ((await q.unconfirmedItemCount(tx, deliveryId, input.order_id)) === 0) {
      const who = input.recipient_name ? `, received by ${input.recipient_name}` : '';
      await transitionOrder(tx, {
        orderId: input.order_id,
        to: 'Delivered',
        actorUserId: user.userId,
        reason: `Every item confirmed on delivery ${deliveryId}${who}`,
        at: now,
        notice: { message: `Order #${input.order_id} has been delivered${who}.` },
      });
      await completeIfDone(tx, d, now);
    }
    const created = await q.findConfirmationOfItem(tx, deliveryId, input.order_id, input.product_id);
    return { created: true, confirmation: await answer(tx, created!, false) };
  });
}

/** The delivery is done when no order on it is still open. */
async function completeIfDone(tx: Tx, d: q.CrewDeliveryRow, now: Date) {
  if ((await q.openOrderCount(tx, d.delivery_id)) > 0) return;
  await q.setDeliveryStatus(tx, d.delivery_id, 'Delivered', now);
  await notifyEmployees(tx, [d.driver_employee_id, d.assistant_employee_id], {
    type: 'Info',
    message: `Delivery #${d.delivery_id} on ${d.route_name} is complete: every order is done. Thank you!`,
    at: now,
    deliveryId: d.delivery_id,
  });
  await publishChange(tx, {
    kind: 'delivery',
    delivery_id: d.delivery_id,
    status: 'Delivered',
    employee_ids: [d.driver_employee_id, d.assistant_employee_id],
  });
}

/**
 * POST /deliveries/{id}/orders/{order_id}/fail: the order could not be handed over. It leaves
 * the truck and goes back to Scheduled (its goods stay at the store for another delivery), the
 * attempt is recorded, the customer and the managers are told.
 */
export async function failOrder(
  ctx: AppContext,
  user: AuthUser,
  deliveryId: number,
  orderId: number,
  input: FailOrderRequest & { note?: string | null },
) {
  const now = ctx.clock();
  return withActor(ctx.db, user.userId, async (tx) => {
    const d = await deliveryFor(tx, user, deliveryId, true);
    crewMember(d, user, 'report a failed delivery');
    if (d.status !== 'In Transit') {
      throw conflict(
        `Delivery ${deliveryId} is ${d.status}: a failed delivery is reported only while it is In Transit`,
      );
    }
    const orders = await q.deliveryOrderIds(tx, deliveryId);
    if (!orders.includes(orderId)) throw notFound(`Order ${orderId} is not on delivery ${deliveryId}`);
    const status = await q.orderStatusOf(tx, orderId);
    if (status !== 'In Transit') throw conflict(`Order ${orderId} is already ${status}`);
    if ((await q.confirmedItemCount(tx, deliveryId, orderId)) > 0) {
      throw conflict(
        `Order ${orderId} has items confirmed as received: confirm the rest, or ask the manager to handle a partial delivery`,
      );
    }
    const note = input.note ?? null;
    await q.insertFailure(tx, {
      deliveryId,
      orderId,
      reason: input.reason,
      note,
      userId: user.userId,
      at: now,
    });
    await q.removeOrderFromDelivery(tx, deliveryId, orderId);
    const why = `${input.reason.toLowerCase()}${note ? ` (${note})` : ''}`;
    await transitionOrder(tx, {
      orderId,
      to: 'Scheduled',
      actorUserId: user.userId,
      reason: `Delivery ${deliveryId} failed: ${why}`,
      at: now,
      failedDelivery: true,
      notice: {
        message: `We could not deliver order #${orderId} today: ${why}. It is back at the store and will be scheduled again.`,
        alert: true,
      },
    });
    await notifyManagers(tx, {
      type: 'Alert',
      message: `Failed delivery: order #${orderId} on delivery #${deliveryId} (${d.route_name}): ${why}. The order is back to Scheduled at the store.`,
      at: now,
      deliveryId,
      orderId,
    });
    await completeIfDone(tx, d, now);
    const after = await q.findCrewDelivery(tx, deliveryId);
    return {
      delivery_id: deliveryId,
      order_id: orderId,
      reason: input.reason,
      order_status: 'Scheduled' as const,
      delivery_status: after!.status,
    };
  });
}
