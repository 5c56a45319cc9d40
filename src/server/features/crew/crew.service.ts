import type { AppContext } from '#server/context';
import { type Tx, withActor } from '#server/db/client';
import {
  deliveredNotice,
  deliveryEndedNotice,
  notDeliveredNotice,
  notifyEmployees,
  notifyManagers,
  publishChange,
  startedNotice,
} from '#server/features/notifications/index';
import { transitionOrder } from '#server/features/orders/index';
import { type AuthUser, assertSelfOrStaff } from '#server/http/auth-context';
import { conflict, forbidden, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type {
  Assignment,
  Confirmation,
  ConfirmItemRequest,
  FailItemRequest,
  FailOrderRequest,
  FailureReason,
  ItemFailure,
} from '#shared/contract/crew';
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
        message: startedNotice({
          deliveryId,
          route: d.route_name,
          user: user.userName,
          orders: orderIds.length,
        }),
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
    // a start that lost a race: another run took the truck or crew onto the road, or the truck was
    // put Under Repair (the trigger of migration 0029) after the check read it
    const code = pgErrorCode(err);
    const constraint = pgConstraint(err) ?? '';
    if (
      (code === '23505' && ON_THE_ROAD_INDEXES.has(constraint)) ||
      (code === '23514' && constraint === 'deliveries_truck_under_repair')
    ) {
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

async function failureAnswer(tx: Tx, f: q.StoredItemFailure, replayed: boolean): Promise<ItemFailure> {
  const d = await q.findCrewDelivery(tx, f.delivery_id);
  const orderStatus = await q.orderStatusOf(tx, f.order_id);
  return { ...f, order_status: orderStatus!, delivery_status: d!.status, replayed };
}

/** Items are confirmed or failed only while the delivery is on the road. */
function assertOnTheRoad(d: q.CrewDeliveryRow, what: string) {
  if (d.status !== 'In Transit') {
    throw conflict(
      `Delivery ${d.delivery_id} is ${d.status}: items can be ${what} only while it is In Transit${d.status === 'Scheduled' ? ' (start it first)' : ''}`,
    );
  }
}

/** The item is on the delivery and still to settle there; 422 / 409 naming what it is otherwise. */
async function openItem(
  tx: Tx,
  deliveryId: number,
  orderId: number,
  productId: number,
  action: 'confirmed' | 'reported as not delivered',
) {
  const where = await q.findItemOnDelivery(tx, deliveryId, orderId, productId);
  if (!where.on_delivery) throw unprocessable(`order_id: order ${orderId} is not on delivery ${deliveryId}`);
  if (!where.has_item) throw unprocessable(`product_id: order ${orderId} has no product ${productId}`);
  if (where.delivered_on !== null) {
    throw conflict(
      `${where.product_name} of order ${orderId} was delivered on delivery ${where.delivered_on}: it cannot be ${action} again`,
    );
  }
  if (where.failed_reason !== null) {
    throw conflict(
      `${where.product_name} of order ${orderId} was reported as not delivered (${where.failed_reason.toLowerCase()}) on this delivery: it cannot be ${action} now`,
    );
  }
  return where;
}

/**
 * A client id met again (a retried confirmation or failure): it must name the same item, or it
 * is a 409 naming the item it was used for.
 */
function sameItemOrConflict(
  field: 'confirmation_id' | 'failure_id',
  clientId: string,
  same: { delivery_id: number; order_id: number; product_id: number },
  deliveryId: number,
  item: { order_id: number; product_id: number },
): void {
  if (
    same.delivery_id === deliveryId &&
    same.order_id === item.order_id &&
    same.product_id === item.product_id
  )
    return;
  throw conflict(
    `${field} ${clientId} was already used for product ${same.product_id} of order ${same.order_id} on delivery ${same.delivery_id}`,
  );
}

/**
 * POST /deliveries/{id}/confirm-item: proof of delivery of one item. Idempotent: the same
 * item, or the same confirmation_id, answers the stored confirmation and changes nothing. The
 * delivery row lock serialises every confirmation and failure of one truck, so parallel retries
 * write one row. The last item of an order settles it (Delivered, or partly delivered when an
 * item failed: decision 0058); the last order, the delivery.
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
        sameItemOrConflict('confirmation_id', input.confirmation_id, same, deliveryId, input);
        return { created: false, confirmation: await answer(tx, same, true) };
      }
    }
    const stored = await q.findConfirmationOfItem(tx, deliveryId, input.order_id, input.product_id);
    if (stored) return { created: false, confirmation: await answer(tx, stored, true) };
    assertOnTheRoad(d, 'confirmed');
    await openItem(tx, deliveryId, input.order_id, input.product_id, 'confirmed');
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
    await settleIfDone(tx, d, user, input.order_id, now, { recipient: input.recipient_name ?? null });
    const created = await q.findConfirmationOfItem(tx, deliveryId, input.order_id, input.product_id);
    return { created: true, confirmation: await answer(tx, created!, false) };
  });
}

/**
 * POST /deliveries/{id}/fail-item: one item could not be handed over (Damaged, Refused, Missing),
 * while the others of the order may be confirmed. Idempotent like confirm-item (the same item, or
 * the same failure_id). The last item of the order settles it.
 */
export async function failItem(
  ctx: AppContext,
  user: AuthUser,
  deliveryId: number,
  input: FailItemRequest & { note?: string | null },
): Promise<{ created: boolean; failure: ItemFailure }> {
  const now = ctx.clock();
  return withActor(ctx.db, user.userId, async (tx) => {
    const d = await deliveryFor(tx, user, deliveryId, true);
    crewMember(d, user, 'report an item as not delivered');
    if (input.failure_id) {
      const same = await q.findItemFailureByClientId(tx, input.failure_id);
      if (same) {
        sameItemOrConflict('failure_id', input.failure_id, same, deliveryId, input);
        return { created: false, failure: await failureAnswer(tx, same, true) };
      }
    }
    const stored = await q.findItemFailureOfItem(tx, deliveryId, input.order_id, input.product_id);
    if (stored) return { created: false, failure: await failureAnswer(tx, stored, true) };
    assertOnTheRoad(d, 'reported as not delivered');
    await openItem(tx, deliveryId, input.order_id, input.product_id, 'reported as not delivered');
    await q.insertItemFailures(tx, {
      deliveryId,
      orderId: input.order_id,
      productIds: [input.product_id],
      reason: input.reason,
      note: input.note ?? null,
      userId: user.userId,
      at: now,
      clientId: input.failure_id ?? null,
    });
    await settleIfDone(tx, d, user, input.order_id, now, {});
    const created = await q.findItemFailureOfItem(tx, deliveryId, input.order_id, input.product_id);
    return { created: true, failure: await failureAnswer(tx, created!, false) };
  });
}

const quantityOf = (i: { product_name: string; quantity: number }) => `${i.product_name} x ${i.quantity}`;
const itemWords = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * When every item of the order is settled on this delivery: all handed over -> Delivered (as
 * before); some not -> the order leaves the truck and goes back to Scheduled at the store with
 * the items still to deliver (a failed or partly delivered order, decision 0058). Then the
 * delivery ends if it was its last order.
 */
async function settleIfDone(
  tx: Tx,
  d: q.CrewDeliveryRow,
  user: AuthUser,
  orderId: number,
  now: Date,
  stop: { recipient?: string | null; reason?: FailureReason; note?: string | null },
) {
  if ((await q.openItemCount(tx, d.delivery_id, orderId)) > 0) return;
  const failed = await q.failedItemCount(tx, d.delivery_id, orderId);
  if (failed === 0) {
    const who = stop.recipient ? `, received by ${stop.recipient}` : '';
    await transitionOrder(tx, {
      orderId,
      to: 'Delivered',
      actorUserId: user.userId,
      reason: `Every item confirmed on delivery ${d.delivery_id}${who}`,
      at: now,
      notice: { message: deliveredNotice(orderId, stop.recipient || null) },
    });
  } else {
    await leaveTruck(tx, d, user, orderId, now, failed, stop);
  }
  await completeIfDone(tx, d, now);
}

/** The order leaves the truck with items not delivered: recorded, back to Scheduled, people told. */
async function leaveTruck(
  tx: Tx,
  d: q.CrewDeliveryRow,
  user: AuthUser,
  orderId: number,
  now: Date,
  failedHere: number,
  stop: { reason?: FailureReason; note?: string | null },
) {
  const deliveredHere = await q.confirmedItemCount(tx, d.delivery_id, orderId);
  const [failedItems, shape, deliveredAll] = await Promise.all([
    q.failedItemsOf(tx, d.delivery_id, orderId),
    q.orderShape(tx, orderId),
    q.deliveredItemCount(tx, orderId),
  ]);
  // the truck's row first (its facts go), then the failure's (its facts come): migration 0031
  await q.removeOrderFromDelivery(tx, d.delivery_id, orderId);
  await q.insertFailure(tx, {
    deliveryId: d.delivery_id,
    orderId,
    reason: stop.reason ?? null,
    note: stop.reason ? (stop.note ?? null) : null,
    userId: user.userId,
    at: now,
    deliveredItems: deliveredHere,
    failedItems: failedHere,
  });
  const store = shape.city ? `the ${shape.city} store` : 'the store';
  const what = stop.reason
    ? `${stop.reason.toLowerCase()}${stop.note ? ` (${stop.note})` : ''}`
    : failedItems
        .map((i) => `${quantityOf(i)} (${i.reason.toLowerCase()}${i.note ? `: ${i.note}` : ''})`)
        .join(', ');
  const partly = deliveredAll > 0;
  const left = shape.items - deliveredAll;
  const it = left === 1 ? 'it' : 'them';
  await transitionOrder(tx, {
    orderId,
    to: 'Scheduled',
    actorUserId: user.userId,
    reason: partly
      ? `Partly delivered on delivery ${d.delivery_id}: ${itemWords(deliveredAll)} of ${shape.items} handed over; not delivered: ${what}`
      : `Delivery ${d.delivery_id} failed: ${what}`,
    at: now,
    failedDelivery: true,
    notice: {
      // in the customer's language (decision 0082)
      message: notDeliveredNotice({
        orderId,
        city: shape.city,
        what: stop.reason
          ? { stop: { reason: stop.reason, note: stop.note ?? null } }
          : {
              items: failedItems.map((i) => ({
                product: i.product_name,
                quantity: i.quantity,
                reason: i.reason,
                note: i.note,
              })),
            },
        delivered: deliveredAll,
        items: shape.items,
      }),
      alert: true,
    },
  });
  await notifyManagers(tx, {
    type: 'Alert',
    message: `${partly ? 'Partly delivered' : 'Failed delivery'}: order #${orderId} on delivery #${d.delivery_id} (${d.route_name})${partly ? `, ${deliveredAll} of ${itemWords(shape.items)} delivered` : ''}: ${what}. ${partly ? `The other ${itemWords(left)} ${left === 1 ? 'is' : 'are'}` : 'The order is'} back to Scheduled at ${store}: load ${it} on a truck or send ${it} back to Kandy.`,
    at: now,
    deliveryId: d.delivery_id,
    orderId,
  });
}

/**
 * The delivery ends when no order on it is still open: Delivered when it handed over at least
 * one item, Failed when every order on it failed (decision 0058).
 */
async function completeIfDone(tx: Tx, d: q.CrewDeliveryRow, now: Date) {
  if ((await q.openOrderCount(tx, d.delivery_id)) > 0) return;
  const status = (await q.handedOverAny(tx, d.delivery_id)) ? 'Delivered' : 'Failed';
  await q.setDeliveryStatus(tx, d.delivery_id, status, now);
  await notifyEmployees(tx, [d.driver_employee_id, d.assistant_employee_id], {
    type: 'Info',
    message: deliveryEndedNotice({ deliveryId: d.delivery_id, route: d.route_name }, status),
    at: now,
    deliveryId: d.delivery_id,
  });
  await publishChange(tx, {
    kind: 'delivery',
    delivery_id: d.delivery_id,
    status,
    employee_ids: [d.driver_employee_id, d.assistant_employee_id],
  });
}

/**
 * POST /deliveries/{id}/orders/{order_id}/fail: the stop could not be served (Customer absent,
 * Refused, Address not found). Every item of the order not handed over yet fails with that
 * reason; the order leaves the truck and goes back to Scheduled (its goods stay at the store for
 * another delivery), partly delivered when items were handed over before (decision 0058).
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
    const note = input.note ?? null;
    const failedNow = await q.insertItemFailures(tx, {
      deliveryId,
      orderId,
      productIds: null,
      reason: input.reason,
      note,
      userId: user.userId,
      at: now,
    });
    if (failedNow === 0) {
      throw conflict(`Order ${orderId} has no item left to deliver on delivery ${deliveryId}`);
    }
    await settleIfDone(tx, d, user, orderId, now, { reason: input.reason, note });
    const after = await q.findCrewDelivery(tx, deliveryId);
    return {
      delivery_id: deliveryId,
      order_id: orderId,
      reason: input.reason,
      order_status: (await q.orderStatusOf(tx, orderId))!,
      delivery_status: after!.status,
      delivered_items: await q.confirmedItemCount(tx, deliveryId, orderId),
      failed_items: await q.failedItemCount(tx, deliveryId, orderId),
    };
  });
}
