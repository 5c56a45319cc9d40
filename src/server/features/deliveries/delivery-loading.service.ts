import type { AppContext } from '#server/context';
import { withActor } from '#server/db/client';
import { fromCents, toCents } from '#server/domain/allocation';
import type { AuthUser } from '#server/http/auth-context';
import { conflict, notFound, pgConstraint, pgErrorCode, unprocessable } from '#server/http/errors';
import type { LoadableOrder, LoadOrdersRequest } from '#shared/contract/deliveries';
import { businessDateTime } from '#shared/dates';
import * as dq from './deliveries.queries';
import { getDelivery, getDeliveryRow } from './deliveries.service';
import * as lq from './delivery-loading.queries';

/** Why an order cannot ride on this delivery, or null. */
function unloadable(o: lq.LoadCandidate, d: dq.LockedDelivery): string | null {
  if (o.status !== 'Scheduled') {
    return `Order ${o.order_id} is ${o.status}: only Scheduled orders can be loaded`;
  }
  if (o.route_id !== d.route_id) {
    return `Order ${o.order_id} is not for route ${d.route_name} of delivery ${d.delivery_id}`;
  }
  if (o.delivery_id !== null && o.delivery_id !== d.delivery_id) {
    return `Order ${o.order_id} is already on delivery ${o.delivery_id}`;
  }
  if (o.train_arrival === null) return `Order ${o.order_id} is not booked on a train yet`;
  if (new Date(o.train_arrival) > new Date(d.start_at)) {
    return `Order ${o.order_id} reaches the store at ${businessDateTime(new Date(o.train_arrival))}, after delivery ${d.delivery_id} leaves at ${businessDateTime(new Date(d.start_at))}`;
  }
  return null;
}

/**
 * PUT /deliveries/{id}/orders: the complete set of orders the truck carries. Added orders must
 * be Scheduled, of the delivery's route, and at the store (their train arrived) before the truck
 * leaves; the load stays within the truck's capacity. Locks the delivery, then the orders (the
 * same order as cancelling and starting a delivery), and the trigger on delivery_orders refuses
 * an overload in the database too.
 */
export async function loadDeliveryOrders(
  ctx: AppContext,
  user: AuthUser,
  deliveryId: number,
  input: LoadOrdersRequest,
) {
  try {
    await withActor(ctx.db, user.userId, async (tx) => {
      const delivery = await dq.lockDelivery(tx, deliveryId);
      if (!delivery) throw notFound(`Delivery ${deliveryId} not found`);
      if (delivery.status !== 'Scheduled') {
        throw conflict(
          `Delivery ${deliveryId} is ${delivery.status}: orders can only be loaded before it starts`,
        );
      }
      const current = await lq.loadedOrderIds(tx, deliveryId);
      const wanted = new Set(input.order_ids);
      const removed = current.filter((id) => !wanted.has(id));
      const added = input.order_ids.filter((id) => !current.includes(id)).sort((a, b) => a - b);
      const candidates = await lq.lockLoadCandidates(tx, added);
      for (const id of added) {
        const order = candidates.find((c) => c.order_id === id);
        if (!order) throw unprocessable(`order_ids: order ${id} not found`);
        const why = unloadable(order, delivery);
        if (why) throw conflict(why);
      }
      await lq.unloadOrders(tx, deliveryId, removed);
      // the load after the removals, as the trigger left it
      const after = await dq.lockDelivery(tx, deliveryId);
      const leftCents = toCents(delivery.truck_capacity) - toCents(after!.loaded_space);
      const needCents = candidates.reduce((s, o) => s + toCents(o.space), 0);
      if (needCents > leftCents) {
        throw conflict(
          `Truck ${delivery.plate_number} has ${fromCents(leftCents)} units of space left on delivery ${deliveryId}; order(s) ${added.join(', ')} need ${fromCents(needCents)}`,
        );
      }
      await lq.loadOrders(tx, deliveryId, added);
    });
  } catch (err) {
    if (pgErrorCode(err) === '23514' && pgConstraint(err) === 'deliveries_truck_capacity') {
      throw conflict(`The orders do not fit on the truck of delivery ${deliveryId}`);
    }
    throw err;
  }
  return getDelivery(ctx.db, deliveryId);
}

/** GET /deliveries/{id}/loadable-orders: the route's approved orders and whether each can go on. */
export async function loadableOrders(ctx: AppContext, deliveryId: number): Promise<LoadableOrder[]> {
  // the delivery's own order list is not needed here (one statement less, decision 0054)
  const delivery = await getDeliveryRow(ctx.db, deliveryId);
  const rows = await lq.routeCandidates(ctx.db, delivery.route_id, deliveryId, 200);
  const locked: dq.LockedDelivery = {
    delivery_id: delivery.delivery_id,
    status: delivery.status,
    route_id: delivery.route_id,
    route_name: delivery.route_name,
    truck_id: delivery.truck_id,
    plate_number: delivery.plate_number,
    truck_capacity: delivery.truck_capacity,
    driver_employee_id: delivery.driver_employee_id,
    assistant_employee_id: delivery.assistant_employee_id,
    loaded_space: delivery.loaded_space,
    start_at: delivery.delivery_date_time,
    end_at: delivery.end_date_time,
  };
  return rows.map((o) => ({
    order_id: o.order_id,
    customer_name: o.customer_name,
    delivery_address: o.delivery_address,
    schedule_date: o.schedule_date,
    space: o.space,
    train_arrival: o.train_arrival,
    on_this_delivery: o.delivery_id === deliveryId,
    reason: unloadable(o, locked),
  }));
}
