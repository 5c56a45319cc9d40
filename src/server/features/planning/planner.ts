// The dispatch planner (issue 12) as a pure function: plan(input) -> proposal. It books trains,
// groups the orders into truck deliveries and picks their crews with the very rules the single-
// order endpoints use (domain/allocation.ts, domain/roster-rules.ts), so a committed plan is
// exactly what a manager could have built by hand. Greedy and deterministic; see
// docs/decisions/0025-dispatch-planner.md. A better solver can replace it behind the same types.

import { fromCents, planTrainAllocation } from '#server/domain/allocation';
import {
  crewViolation,
  deliverySlot,
  hoursInWeek,
  type RouteInfo,
  type Slot,
  takesNewRuns,
  truckViolation,
  weekStart,
} from '#server/domain/roster-rules';
import { addDays, calendarDateText, startOfBusinessDay } from '#shared/dates';
import type {
  PlanCrewMember,
  PlanInput,
  PlannedBooking,
  PlannedDelivery,
  PlanOrder,
  PlanRoute,
  PlanTrip,
  PlanTruck,
  Proposal,
  Unplanned,
  UnplannedStage,
} from './planner-types';

/** The first start the planner offers on a day (Colombo hour), and the step between starts. */
export const PLAN_FIRST_START_HOUR = 6;
export const PLAN_START_STEP_MINUTES = 60;

const HOUR_MS = 3_600_000;

/** Earliest deadline first: the requested day, then the order id. */
export const byDeadline = (a: PlanOrder, b: PlanOrder) =>
  a.scheduleDate.localeCompare(b.scheduleDate) || a.orderId - b.orderId;

export const routeInfo = (r: PlanRoute): RouteInfo => ({
  name: r.name,
  storeId: r.storeId,
  storeCity: r.storeCity,
  maxDeliveryHours: r.maxDeliveryHours,
});

/**
 * The starts a delivery of the route may have on the requested day: from PLAN_FIRST_START_HOUR,
 * every PLAN_START_STEP_MINUTES, ending by the end of that day (so the order arrives on time),
 * and after now.
 */
export function candidateStarts(day: string, maxDeliveryHours: number, now: Date): Date[] {
  const dayStart = startOfBusinessDay(day).getTime();
  const dayEnd = startOfBusinessDay(addDays(day, 1)).getTime();
  const length = Math.round(maxDeliveryHours * HOUR_MS);
  const starts: Date[] = [];
  for (
    let t = dayStart + PLAN_FIRST_START_HOUR * HOUR_MS;
    t + length <= dayEnd;
    t += PLAN_START_STEP_MINUTES * 60_000
  ) {
    if (t > now.getTime()) starts.push(new Date(t));
  }
  return starts;
}

/** The moment an order's goods are at the store: its last train leg's arrival. */
const arrivalOf = (legs: { arrival: Date }[]) => new Date(Math.max(...legs.map((l) => l.arrival.getTime())));

/** Why an order cannot be planned at all, or null. */
export function orderRefusal(o: PlanOrder): string | null {
  if (o.status !== 'Pending' && o.status !== 'Scheduled') {
    return `Order ${o.orderId} is ${o.status}: only Pending or Scheduled orders can be planned`;
  }
  if (o.deliveryId !== null) return `Order ${o.orderId} is already on delivery ${o.deliveryId}`;
  if (o.booked.length === 0 && (o.cityId === null || o.cityName === null)) {
    return `Order ${o.orderId} has no destination city with a store, so no train can take it`;
  }
  if (o.spaceCents <= 0) return `Order ${o.orderId} has no items to carry`;
  return null;
}

interface Booked {
  order: PlanOrder;
  arrival: Date;
  cents: number;
}

/** Step 1: every order without a train onto trips, earliest deadline first, splitting. */
function planTrains(input: PlanInput, unplanned: Unplanned[]) {
  const tripsByCity = new Map<number, PlanTrip[]>();
  for (const t of input.trips) {
    const copy = { ...t };
    tripsByCity.set(t.cityId, [...(tripsByCity.get(t.cityId) ?? []), copy]);
  }
  const tripById = new Map([...tripsByCity.values()].flat().map((t) => [t.tripId, t]));
  const bookings: PlannedBooking[] = [];
  const ready: Booked[] = [];
  const fail = (orderId: number, stage: UnplannedStage, reason: string) =>
    unplanned.push({ orderId, stage, reason });
  for (const order of [...input.orders].sort(byDeadline)) {
    const refused = orderRefusal(order);
    if (refused) {
      fail(order.orderId, 'order', refused);
      continue;
    }
    if (order.booked.length > 0) {
      const cents = order.booked.reduce((s, l) => s + l.cents, 0);
      ready.push({ order, arrival: arrivalOf(order.booked), cents });
      continue;
    }
    const deadline = startOfBusinessDay(order.scheduleDate);
    const trips = tripsByCity.get(order.cityId!) ?? [];
    const allocation = planTrainAllocation({ spaceCents: order.spaceCents, deadline, now: input.now }, trips);
    const need = fromCents(order.spaceCents);
    if (!allocation.ok && allocation.reason === 'no-trip') {
      fail(
        order.orderId,
        'train',
        `No train trip to ${order.cityName} leaves after now and arrives before ${calendarDateText(order.scheduleDate)} (the order needs ${need} units of space)`,
      );
      continue;
    }
    if (!allocation.ok) {
      fail(
        order.orderId,
        'train',
        `No trip with space before its date: only ${fromCents(allocation.freeCents)} of ${need} units of space are free on the ${allocation.tripCount} trip(s) to ${order.cityName} arriving before ${calendarDateText(order.scheduleDate)}`,
      );
      continue;
    }
    const legs = allocation.legs.map((l) => {
      const trip = tripById.get(l.tripId)!;
      trip.usedCents += l.cents;
      bookings.push({ orderId: order.orderId, tripId: l.tripId, cents: l.cents });
      return { arrival: trip.arrival };
    });
    ready.push({ order, arrival: arrivalOf(legs), cents: order.spaceCents });
  }
  return { bookings, ready };
}

/** The roster as the rules see it: slots per truck and per person, existing and planned. */
class Roster {
  readonly truckSlots = new Map<number, Slot[]>();
  readonly memberSlots = new Map<number, Slot[]>();

  constructor(input: PlanInput) {
    for (const d of input.deliveries) {
      const slot: Slot = { deliveryId: d.deliveryId, start: d.start, end: d.end };
      this.add(this.truckSlots, d.truckId, slot);
      if (d.driverId !== null) this.add(this.memberSlots, d.driverId, slot);
      if (d.assistantId !== null) this.add(this.memberSlots, d.assistantId, slot);
    }
  }

  private add(map: Map<number, Slot[]>, id: number, slot: Slot) {
    const list = map.get(id);
    if (list) list.push(slot);
    else map.set(id, [slot]);
  }

  truck(id: number): Slot[] {
    return this.truckSlots.get(id) ?? [];
  }

  member(id: number): Slot[] {
    return this.memberSlots.get(id) ?? [];
  }

  book(d: PlannedDelivery) {
    const slot: Slot = { deliveryId: -d.key, start: d.start, end: d.end };
    this.add(this.truckSlots, d.truckId, slot);
    this.add(this.memberSlots, d.driverId, slot);
    this.add(this.memberSlots, d.assistantId, slot);
  }
}

type Found =
  | { ok: true; slot: Slot; truck: PlanTruck; driver: PlanCrewMember; assistant: PlanCrewMember }
  | { ok: false; stage: UnplannedStage; reason: string };

/** The eligible person of the role with the fewest hours in the slot's week (then by name). */
function leastLoaded(
  people: PlanCrewMember[],
  route: PlanRoute,
  roster: Roster,
  slot: Slot,
): PlanCrewMember | null {
  const monday = weekStart(slot.start);
  let best: PlanCrewMember | null = null;
  let bestHours = Number.POSITIVE_INFINITY;
  for (const p of people) {
    const mine = roster.member(p.employeeId);
    const load = hoursInWeek(mine, monday);
    if (load > bestHours || (load === bestHours && best && p.name.localeCompare(best.name) >= 0)) continue;
    if (crewViolation(p, routeInfo(route), mine, slot) !== null) continue;
    best = p;
    bestHours = load;
  }
  return best;
}

/** The earliest start on the day with a free truck big enough for `minCents` and a whole crew. */
function findDelivery(
  route: PlanRoute,
  starts: Date[],
  minCents: (start: Date) => number | null,
  trucks: PlanTruck[],
  crew: { drivers: PlanCrewMember[]; assistants: PlanCrewMember[] },
  roster: Roster,
): Found {
  let sawTruck = false;
  let sawDriver = false;
  for (const start of starts) {
    const need = minCents(start);
    if (need === null) continue;
    const slot = deliverySlot(start, route.maxDeliveryHours);
    const truck = trucks.find(
      (t) =>
        t.capacityCents >= need &&
        truckViolation(t, routeInfo(route), roster.truck(t.truckId), slot) === null,
    );
    if (!truck) continue;
    sawTruck = true;
    const driver = leastLoaded(crew.drivers, route, roster, slot);
    if (!driver) continue;
    sawDriver = true;
    const assistant = leastLoaded(crew.assistants, route, roster, slot);
    if (assistant) return { ok: true, slot, truck, driver, assistant };
  }
  if (!sawTruck) {
    return {
      ok: false,
      stage: 'truck',
      reason: `No truck: every available truck of the ${route.storeCity} store is busy (or too small) at every start on the day`,
    };
  }
  const who = sawDriver ? 'assistant' : 'driver';
  const rule = sawDriver ? 'on two deliveries in a row' : 'resting';
  return {
    ok: false,
    stage: 'crew',
    reason: `No eligible ${who} for route ${route.name} when a truck is free: every ${who} of the ${route.storeCity} store is booked, ${rule} or at the weekly limit`,
  };
}

/** Steps 2 and 3: the orders at (or arriving at) each store into deliveries, with crews. */
function planTrucks(input: PlanInput, ready: Booked[], unplanned: Unplanned[]): PlannedDelivery[] {
  const routes = new Map(input.routes.map((r) => [r.routeId, r]));
  const roster = new Roster(input);
  const groups = new Map<string, Booked[]>();
  for (const b of ready) {
    const route = b.order.routeId === null ? undefined : routes.get(b.order.routeId);
    if (!route) {
      unplanned.push({
        orderId: b.order.orderId,
        stage: 'truck',
        reason: `No truck route covers the delivery address of order ${b.order.orderId}`,
      });
      continue;
    }
    const key = `${b.order.scheduleDate}|${String(route.routeId).padStart(10, '0')}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  const deliveries: PlannedDelivery[] = [];
  const byName = (a: PlanCrewMember, b: PlanCrewMember) =>
    a.name.localeCompare(b.name) || a.employeeId - b.employeeId;
  const activeCrew = input.crew.filter((c) => c.active).sort(byName);
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!;
    const route = routes.get(group[0]!.order.routeId!)!;
    const day = group[0]!.order.scheduleDate;
    const fail = (b: Booked, stage: UnplannedStage, reason: string) =>
      unplanned.push({ orderId: b.order.orderId, stage, reason });
    const trucks = input.trucks
      .filter((t) => t.storeId === route.storeId && takesNewRuns(t.status))
      .sort((a, b) => b.capacityCents - a.capacityCents || a.truckId - b.truckId);
    const biggest = trucks[0]?.capacityCents ?? 0;
    const starts = candidateStarts(day, route.maxDeliveryHours, input.now);
    const lastStart = starts.at(-1);
    // largest first: first-fit decreasing packs the trucks fuller
    let pending: Booked[] = [];
    for (const b of [...group].sort((x, y) => y.cents - x.cents || x.order.orderId - y.order.orderId)) {
      if (trucks.length === 0) {
        fail(b, 'truck', `No truck: the ${route.storeCity} store has no truck that is not under repair`);
      } else if (b.cents > biggest) {
        fail(
          b,
          'truck',
          `No truck: the order needs ${fromCents(b.cents)} units of space, more than the largest available truck of the ${route.storeCity} store (${fromCents(biggest)})`,
        );
      } else if (!lastStart) {
        fail(
          b,
          'truck',
          `No truck: no start on ${calendarDateText(day)} is left for route ${route.name} (${route.maxDeliveryHours} h) to end on that day`,
        );
      } else if (b.arrival > lastStart) {
        fail(
          b,
          'truck',
          `No truck: its goods reach the ${route.storeCity} store too late on ${calendarDateText(day)} for route ${route.name}`,
        );
      } else pending.push(b);
    }
    const drivers = activeCrew.filter((c) => c.role === 'driver');
    const assistants = activeCrew.filter((c) => c.role === 'assistant');
    while (pending.length > 0) {
      const minCents = (start: Date) => {
        let min: number | null = null;
        for (const b of pending) if (b.arrival <= start && (min === null || b.cents < min)) min = b.cents;
        return min;
      };
      const found = findDelivery(route, starts, minCents, trucks, { drivers, assistants }, roster);
      if (!found.ok) {
        for (const b of pending) fail(b, found.stage, found.reason);
        break;
      }
      let left = found.truck.capacityCents;
      const load: Booked[] = [];
      const rest: Booked[] = [];
      for (const b of pending) {
        if (b.arrival <= found.slot.start && b.cents <= left) {
          load.push(b);
          left -= b.cents;
        } else rest.push(b);
      }
      const delivery: PlannedDelivery = {
        key: deliveries.length + 1,
        routeId: route.routeId,
        truckId: found.truck.truckId,
        driverId: found.driver.employeeId,
        assistantId: found.assistant.employeeId,
        start: found.slot.start,
        end: found.slot.end,
        orderIds: load.map((b) => b.order.orderId).sort((a, b) => a - b),
        loadCents: found.truck.capacityCents - left,
      };
      deliveries.push(delivery);
      roster.book(delivery);
      pending = rest;
    }
  }
  return deliveries;
}

/** Computes a proposal; `input` is not changed. */
export function plan(input: PlanInput): Proposal {
  const unplanned: Unplanned[] = [];
  const { bookings, ready } = planTrains(input, unplanned);
  const deliveries = planTrucks(input, ready, unplanned);
  unplanned.sort((a, b) => a.orderId - b.orderId);
  return { bookings, deliveries, unplanned };
}
