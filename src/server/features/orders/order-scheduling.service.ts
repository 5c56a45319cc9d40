import type { AppContext } from '#server/context';
import { type Executor, type Tx, withActor } from '#server/db/client';
import { fromCents, planTrainAllocation, toCents } from '#server/domain/allocation';
import { type LockedTrip, tripsToCity } from '#server/features/trains/index';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound } from '#server/http/errors';
import type {
  AllocateTrainResponse,
  AllocationPreview,
  OrderStatusUpdateRequest,
  OrderStatusUpdateResponse,
} from '#shared/contract/order-scheduling';
import { calendarDateText, startOfBusinessDay } from '#shared/dates';
import { canTransition, type OrderStatus } from '#shared/order-status';
import { deliveredSoFar, hasFailedDelivery } from './order-returns.queries';
import * as q from './order-scheduling.queries';
import { type OrderTransition, transitionOrder } from './order-transitions';
import { lockOrderStatus } from './orders.queries';

const fmt = (cents: number) => String(fromCents(cents));

/** Why an order cannot be put on a train at all (before looking at trips), or null. */
function refusal(order: q.SchedulingOrder, booked: q.AllocationRow[]): string | null {
  if (order.status !== 'Pending' && order.status !== 'Scheduled') {
    return `Order ${order.order_id} is ${order.status}: only Pending or Scheduled orders can be booked on a train`;
  }
  if (booked.length > 0) {
    return `Order ${order.order_id} is already booked on train trip ${booked.map((b) => b.train_trip_id).join(', ')}`;
  }
  if (order.city_id === null || order.city_name === null) {
    return `Order ${order.order_id} has no destination city with a store, so no train can take it`;
  }
  if (order.space_cents <= 0) return `Order ${order.order_id} has no items to carry`;
  return null;
}

interface Computed {
  order: q.SchedulingOrder;
  booked: q.AllocationRow[];
  trips: LockedTrip[];
  deadline: Date;
  legs: Array<{ trip: LockedTrip; cents: number }>;
  reason: string | null;
}

/** Runs the allocation rules on the order and the trips to its city; `lock` for the real booking. */
async function compute(db: Executor, orderId: number, now: Date, lock: boolean): Promise<Computed> {
  const order = await q.findSchedulingOrder(db, orderId, lock);
  if (!order) throw notFound(`Order ${orderId} not found`);
  const booked = await q.orderAllocations(db, orderId);
  const deadline = startOfBusinessDay(order.schedule_date);
  const base = { order, booked, deadline, legs: [] };
  const refused = refusal(order, booked);
  if (refused) return { ...base, trips: [], reason: refused };
  const trips = await tripsToCity(db, order.city_id!, now, deadline, lock);
  const plan = planTrainAllocation(
    { spaceCents: order.space_cents, deadline, now },
    trips.map((t) => ({
      tripId: t.train_trip_id,
      departure: new Date(t.departure_date_time),
      arrival: new Date(t.arrival_date_time),
      totalCents: toCents(t.total_capacity),
      usedCents: toCents(t.used_capacity),
    })),
  );
  const need = fmt(order.space_cents);
  if (!plan.ok && plan.reason === 'no-trip') {
    return {
      ...base,
      trips,
      reason: `No train trip to ${order.city_name} leaves after now and arrives before ${calendarDateText(order.schedule_date)} (order ${orderId} needs ${need} units of space); nothing was booked`,
    };
  }
  if (!plan.ok) {
    return {
      ...base,
      trips,
      reason: `Only ${fmt(plan.freeCents)} of ${need} units of space are free on the ${plan.tripCount} trip(s) to ${order.city_name} arriving before ${calendarDateText(order.schedule_date)}; nothing was booked`,
    };
  }
  const byId = new Map(trips.map((t) => [t.train_trip_id, t]));
  return {
    ...base,
    trips,
    legs: plan.legs.map((l) => ({ trip: byId.get(l.tripId)!, cents: l.cents })),
    reason: null,
  };
}

const legView = (l: { trip: LockedTrip; cents: number }) => ({
  train_trip_id: l.trip.train_trip_id,
  train_name: l.trip.train_name,
  departure_date_time: l.trip.departure_date_time,
  arrival_date_time: l.trip.arrival_date_time,
  allocated_space: fromCents(l.cents),
});

/** What allocating would book now, without booking anything. */
export async function previewAllocation(ctx: AppContext, orderId: number): Promise<AllocationPreview> {
  const c = await compute(ctx.db, orderId, ctx.clock(), false);
  return {
    order_id: c.order.order_id,
    status: c.order.status,
    destination_city: c.order.city_name,
    schedule_date: c.order.schedule_date,
    deadline: c.deadline.toISOString(),
    space: fromCents(c.order.space_cents),
    booked: c.booked,
    trips: c.trips.map((t) => ({
      train_trip_id: t.train_trip_id,
      train_name: t.train_name,
      departure_date_time: t.departure_date_time,
      arrival_date_time: t.arrival_date_time,
      total_capacity: t.total_capacity,
      free_capacity: fromCents(toCents(t.total_capacity) - toCents(t.used_capacity)),
    })),
    can_allocate: c.reason === null,
    plan: c.legs.map(legView),
    reason: c.reason,
  };
}

/**
 * POST /orders/{id}/allocate-train: books the order's space on the earliest trips to its city
 * that arrive before its date, spilling onto later ones; all or nothing. The order row and then
 * the candidate trips are locked (in id order), so two managers never overbook a trip; the
 * trigger-kept used_capacity and its CHECK guarantee it in the database as well.
 */
export async function allocateTrain(
  ctx: AppContext,
  user: AuthUser,
  orderId: number,
): Promise<AllocateTrainResponse> {
  const now = ctx.clock();
  return withActor(ctx.db, user.userId, async (tx) => {
    const c = await compute(tx, orderId, now, true);
    if (c.reason !== null) throw conflict(c.reason);
    await q.insertAllocations(
      tx,
      c.legs.map((l) => ({
        orderId,
        trainTripId: l.trip.train_trip_id,
        space: fromCents(l.cents),
        createdBy: user.userId,
        createdAt: now,
      })),
    );
    if (c.order.status === 'Pending') {
      await transitionOrder(tx, {
        orderId,
        to: 'Scheduled',
        actorUserId: user.userId,
        reason: `Booked on train trip ${c.legs.map((l) => l.trip.train_trip_id).join(', ')}`,
        at: now,
      });
    }
    return { success: true, allocations: c.legs.map(legView) };
  });
}

const MANAGER_TARGETS = ['Scheduled', 'Cancelled'] as const;
const WHY_NOT: Record<string, string> = {
  'In Transit': 'an order goes In Transit when its truck delivery starts',
  Delivered: 'an order becomes Delivered when the crew has confirmed every item',
  Pending: 'an order is Pending only until a manager decides on it',
};

/**
 * PUT /orders/{id}/status: approve (Scheduled) or reject/cancel (Cancelled). Cancelling gives the
 * reserved stock back, frees the train space and takes the order off its truck, in the same
 * transaction. Locks in the order delivery -> order -> trips, like loading and allocating.
 */
export async function setOrderStatus(
  ctx: AppContext,
  user: AuthUser,
  orderId: number,
  input: OrderStatusUpdateRequest,
): Promise<OrderStatusUpdateResponse> {
  const now = ctx.clock();
  return withActor(ctx.db, user.userId, async (tx) => {
    if (!(MANAGER_TARGETS as readonly string[]).includes(input.status)) {
      const current = await lockOrderStatus(tx, orderId);
      if (!current) throw notFound(`Order ${orderId} not found`);
      const legal = canTransition(current.status, input.status);
      throw conflict(
        `Order ${orderId} cannot go from ${current.status} to ${input.status}${legal ? ' here' : ''}: ${WHY_NOT[input.status]}`,
      );
    }
    const transition = { orderId, to: input.status, actorUserId: user.userId, reason: input.reason, at: now };
    const previous =
      input.status === 'Cancelled'
        ? await cancelOrder(tx, transition)
        : await transitionOrder(tx, transition);
    return { order_id: orderId, status: input.status, previous_status: previous };
  });
}

/**
 * Cancels an order in the caller's transaction: the one cancellation of a manager's rejection and
 * of a customer's own cancel (decision 0063). The order goes Cancelled (transitionOrder: row lock,
 * history, the customer told), leaves its truck, its train space is freed and its reserved units
 * go back to stock through the ledger. Locks in the order delivery -> order -> products -> trips.
 * Returns the status the order had.
 */
export async function cancelOrder(tx: Tx, t: Omit<OrderTransition, 'to'>): Promise<OrderStatus> {
  const { orderId } = t;
  // an order back from a failed delivery has its goods at the city store, and a partly delivered
  // one keeps what it delivered: both close by sending the rest back to Kandy (decision 0058),
  // which returns the units, keeps the train booking they travelled on and credits the customer
  const delivered = await deliveredSoFar(tx, orderId);
  if (delivered.n > 0) {
    throw conflict(
      `Order ${orderId} is partly delivered (${delivered.n} ${delivered.n === 1 ? 'item' : 'items'} handed over): it cannot be cancelled; send its other items back to Kandy instead`,
    );
  }
  if (await hasFailedDelivery(tx, orderId)) {
    throw conflict(
      `Order ${orderId} came back from a failed delivery and its goods are at the store: send them back to Kandy to close it (the order is then cancelled and credited)`,
    );
  }
  const deliveryId = await q.findOrderDelivery(tx, orderId);
  if (deliveryId !== null) await q.lockDeliveryRow(tx, deliveryId);
  // the products before the status: the rollup takes the lines' space off at the space per unit
  // an edit of the product cannot change until this commits (migration 0039)
  await q.lockProductsOfOrder(tx, orderId);
  const previous = await transitionOrder(tx, { ...t, to: 'Cancelled' });
  if ((await q.findOrderDelivery(tx, orderId)) !== deliveryId) {
    throw conflict(`Order ${orderId} was loaded onto a truck at the same moment; please try again`);
  }
  if (deliveryId !== null) await q.unloadOrder(tx, orderId);
  await q.lockTripsOfOrder(tx, orderId);
  await q.deleteAllocations(tx, orderId);
  await q.returnStock(tx, orderId, t.actorUserId, t.reason?.trim() || null);
  return previous;
}
