// Checks a proposal against the world as it is now, with the same rules as the planner and the
// single-order endpoints. The commit runs it on rows loaded under locks (a 409 lists what it
// returns); the property tests run it on every random plan.

import { fromCents } from '#server/domain/allocation';
import { crewViolation, type Slot, truckViolation } from '#server/domain/roster-rules';
import { calendarDateText, startOfBusinessDay } from '#shared/dates';
import { orderRefusal, routeInfo } from './planner';
import type { PlanInput, PlanOrder, Proposal } from './planner-types';

const HOUR_MS = 3_600_000;

/** Roster messages name deliveries by id; a planned one has none yet. */
const named = (detail: string) => detail.replace(/delivery -(\d+)/g, 'planned delivery $1');

/**
 * Every rule the proposal would break if applied to `input`, as sentences naming the order, trip,
 * truck or person (empty when it can be applied as is). `expected` holds the status each order
 * had when the proposal was computed.
 */
export function verifyProposal(
  input: PlanInput,
  proposal: Proposal,
  expected: ReadonlyMap<number, string>,
): string[] {
  const problems = new Set<string>();
  const orders = new Map(input.orders.map((o) => [o.orderId, o]));
  const trips = new Map(input.trips.map((t) => [t.tripId, t]));
  const checkedOrders = new Map<number, PlanOrder | null>();

  /** The order when it can still be planned, else null (its problem is reported once). */
  const orderProblem = (orderId: number): PlanOrder | null => {
    if (checkedOrders.has(orderId)) return checkedOrders.get(orderId)!;
    const order = check(orderId);
    checkedOrders.set(orderId, order);
    return order;
  };
  const check = (orderId: number): PlanOrder | null => {
    const order = orders.get(orderId);
    if (!order) {
      problems.add(`Order ${orderId} no longer exists`);
      return null;
    }
    const was = expected.get(orderId);
    if (was !== undefined && was !== order.status) {
      problems.add(`Order ${orderId} was ${was} and is now ${order.status}`);
      return null;
    }
    const refused = orderRefusal(order);
    if (refused) {
      problems.add(refused);
      return null;
    }
    return order;
  };

  // trains
  const booked = new Map<number, number>();
  const perTrip = new Map<number, number>();
  const arrivals = new Map<number, number>();
  for (const b of proposal.bookings) {
    booked.set(b.orderId, (booked.get(b.orderId) ?? 0) + b.cents);
    perTrip.set(b.tripId, (perTrip.get(b.tripId) ?? 0) + b.cents);
    const order = orderProblem(b.orderId);
    const trip = trips.get(b.tripId);
    if (!trip) {
      problems.add(`Train trip ${b.tripId} no longer exists`);
      continue;
    }
    arrivals.set(b.orderId, Math.max(arrivals.get(b.orderId) ?? 0, trip.arrival.getTime()));
    if (trip.departure <= input.now) problems.add(`Train trip ${b.tripId} (${trip.name}) has already left`);
    if (!order) continue;
    if (order.booked.length > 0) {
      problems.add(
        `Order ${order.orderId} was booked on train trip ${order.booked.map((l) => l.tripId).join(', ')} meanwhile`,
      );
    }
    if (trip.cityId !== order.cityId) {
      problems.add(`Train trip ${b.tripId} does not go to the destination of order ${order.orderId}`);
    }
    if (trip.arrival >= startOfBusinessDay(order.scheduleDate)) {
      problems.add(
        `Train trip ${b.tripId} (${trip.name}) arrives after the start of ${calendarDateText(order.scheduleDate)}, the date of order ${order.orderId}`,
      );
    }
  }
  for (const [orderId, cents] of booked) {
    const order = orders.get(orderId);
    if (order && cents !== order.spaceCents) {
      problems.add(
        `Order ${orderId} now needs ${fromCents(order.spaceCents)} units of space; the plan books ${fromCents(cents)}`,
      );
    }
  }
  for (const [tripId, cents] of perTrip) {
    const trip = trips.get(tripId);
    if (!trip) continue;
    const free = trip.totalCents - trip.usedCents;
    if (cents > free) {
      problems.add(
        `Train trip ${tripId} (${trip.name}) has ${fromCents(Math.max(0, free))} units of space free now; the plan books ${fromCents(cents)} on it`,
      );
    }
  }

  // trucks and crews
  const routes = new Map(input.routes.map((r) => [r.routeId, r]));
  const trucks = new Map(input.trucks.map((t) => [t.truckId, t]));
  const crew = new Map(input.crew.map((c) => [c.employeeId, c]));
  const truckSlots = new Map<number, Slot[]>();
  const memberSlots = new Map<number, Slot[]>();
  const push = (map: Map<number, Slot[]>, id: number | null, slot: Slot) => {
    if (id !== null) map.set(id, [...(map.get(id) ?? []), slot]);
  };
  for (const d of input.deliveries) {
    const slot = { deliveryId: d.deliveryId, start: d.start, end: d.end };
    push(truckSlots, d.truckId, slot);
    push(memberSlots, d.driverId, slot);
    push(memberSlots, d.assistantId, slot);
  }
  for (const d of proposal.deliveries) {
    const slot = { deliveryId: -d.key, start: d.start, end: d.end };
    push(truckSlots, d.truckId, slot);
    push(memberSlots, d.driverId, slot);
    push(memberSlots, d.assistantId, slot);
  }
  const onDelivery = new Map<number, number>();
  for (const d of proposal.deliveries) {
    const label = `planned delivery ${d.key}`;
    const route = routes.get(d.routeId);
    const truck = trucks.get(d.truckId);
    if (!route) {
      problems.add(`Route ${d.routeId} of ${label} no longer exists`);
      continue;
    }
    if (d.start <= input.now) problems.add(`${label} would start in the past`);
    if (d.end.getTime() !== d.start.getTime() + Math.round(route.maxDeliveryHours * HOUR_MS)) {
      problems.add(
        `Route ${route.name} now takes ${route.maxDeliveryHours} h; ${label} was planned otherwise`,
      );
    }
    const slot = { deliveryId: -d.key, start: d.start, end: d.end };
    if (!truck) problems.add(`Truck ${d.truckId} of ${label} no longer exists`);
    else {
      const v = truckViolation(truck, routeInfo(route), truckSlots.get(truck.truckId) ?? [], slot);
      if (v) problems.add(named(v.detail));
    }
    for (const [id, role] of [
      [d.driverId, 'driver'],
      [d.assistantId, 'assistant'],
    ] as const) {
      const person = crew.get(id);
      if (!person || person.role !== role) {
        problems.add(`Employee ${id} of ${label} is no longer a ${role}`);
        continue;
      }
      if (!person.active) {
        problems.add(
          `${role === 'driver' ? 'Driver' : 'Assistant'} ${person.name} no longer works for the company`,
        );
        continue;
      }
      const v = crewViolation(person, routeInfo(route), memberSlots.get(id) ?? [], slot);
      if (v) problems.add(named(v.detail));
    }
    let load = 0;
    for (const orderId of d.orderIds) {
      const other = onDelivery.get(orderId);
      if (other !== undefined)
        problems.add(`Order ${orderId} is on planned deliveries ${other} and ${d.key}`);
      onDelivery.set(orderId, d.key);
      const order = orderProblem(orderId);
      if (!order) continue;
      if (order.routeId !== d.routeId) problems.add(`Order ${orderId} is not for route ${route.name}`);
      const legs = order.booked;
      const cents = booked.get(orderId) ?? legs.reduce((s, l) => s + l.cents, 0);
      load += cents;
      const arrival =
        arrivals.get(orderId) ?? (legs.length > 0 ? Math.max(...legs.map((l) => l.arrival.getTime())) : null);
      if (arrival === null) problems.add(`Order ${orderId} is not booked on a train any more`);
      else if (arrival > d.start.getTime()) {
        problems.add(`Order ${orderId} reaches the store after ${label} leaves`);
      }
    }
    if (truck && load > truck.capacityCents) {
      problems.add(
        `Truck ${truck.plateNumber} can carry ${fromCents(truck.capacityCents)} units of space; ${label} needs ${fromCents(load)}`,
      );
    }
  }
  return [...problems];
}
