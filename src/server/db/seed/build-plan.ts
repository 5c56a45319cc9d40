// The demo business for a fresh install (docs/product/business-rules.md#demo-data): a believable
// year of a Kandy FMCG distributor, generated relative to "now" by a seeded PRNG, so every run
// produces the same business shifted to the current date. The whole plan is built and checked in memory first
// (buildSeedPlan validates the business rules), then written in one transaction with bulk inserts.
//
// Stock is never written directly: every change is a stock_movements row and the database
// trigger keeps products.available_units equal to the ledger's sum.
import type { OrderStatus } from '#shared/order-status';
import { demoCrewNextRunCustomers, demoCrewNextRunStart } from '../../features/crew/crew.seed';
import {
  ASSISTANT_DATA,
  CANCEL_REASONS,
  CITY,
  CUSTOMER_DATA,
  type CustomerData,
  DEMO_CUSTOMER_IDX,
  type DemoUserKey,
  DRIVER_DATA,
  LATE_TRUCK_IDX,
  PRODUCT_DATA,
  ROUTE_DATA,
  SPECIAL_INSTRUCTIONS,
  TRUCK_DATA,
} from '../seed-data';
import { customer, DAY, HOUR, item, MIN, maxDate, plusMin, product, Rng, route } from './kit';
import type { PlanConfirmation, PlanDelivery, PlanItem, PlanMovement, PlanOrder, SeedPlan } from './plan';
import { planStock } from './stock';
import { planTrains } from './trains';
import { validatePlan } from './validate-plan';

const PRNG_SEED = 0x4b50_2024;

/** Relative weight of each city in the order history (Colombo is the biggest market). */
const CITY_WEIGHTS = [4, 2, 2.5, 2, 1.5, 1.5];
/** Delivered truck deliveries spread over the past year. */
const HISTORICAL_DELIVERIES = 26;

/**
 * Builds the whole demo business around `now` without touching a database and checks it
 * against the business rules. Deterministic: the same `now` always gives the same plan, and
 * two different `now`s give the same business shifted in time.
 */
export function buildSeedPlan(now: Date): SeedPlan {
  const rng = new Rng(PRNG_SEED);
  const nowMs = now.getTime();
  const day0 = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const at = (day: number, hourUtc = 0) => new Date(day0 + day * DAY + Math.round(hourUtc * 60) * MIN);
  const dayOf = (d: Date) => Math.floor((d.getTime() - day0) / DAY);
  /** A moment in Sri Lankan business hours (08:00-18:00 local) on the given day. */
  const businessTime = (day: number) => at(day, 2.5 + rng.int(0, 600) / 60);

  const orders: PlanOrder[] = [];
  const deliveries: PlanDelivery[] = [];
  const confirmations: PlanConfirmation[] = [];
  const orderMovements: PlanMovement[] = [];
  const { trips, allocate } = planTrains(at, day0);

  // ---- Orders
  const productWeights = PRODUCT_DATA.map((p) => p.popularity);
  function genItems(type: CustomerData['type']): PlanItem[] {
    const count = type === 'Wholesale' ? rng.int(2, 4) : rng.int(1, 3);
    const chosen: number[] = [];
    while (chosen.length < count) {
      const p = rng.weighted(productWeights);
      if (!chosen.includes(p)) chosen.push(p);
    }
    chosen.sort((a, b) => a - b);
    return chosen.map((productIdx) => {
      const targetCents = type === 'Wholesale' ? rng.int(1500, 4500) : rng.int(200, 1000);
      let quantity = Math.max(1, Math.round(targetCents / product(productIdx).spaceCents));
      if (quantity >= 20) quantity = Math.round(quantity / 5) * 5;
      return { productIdx, quantity };
    });
  }
  const spaceOf = (items: PlanItem[]) =>
    items.reduce((s, i) => s + i.quantity * product(i.productIdx).spaceCents, 0);

  function newOrder(customerIdx: number, orderDate: Date, scheduleDay: number, items: PlanItem[]): PlanOrder {
    const routeIdx = customer(customerIdx).routeIdx;
    return {
      customerIdx,
      routeIdx,
      cityIdx: route(routeIdx).cityIdx,
      orderDate,
      scheduleDay,
      status: 'Pending',
      items,
      spaceCents: spaceOf(items),
      history: [],
      allocations: [],
      deliveryIdx: null,
      deliveredAt: null,
      createdBy: customerIdx === DEMO_CUSTOMER_IDX ? 'customer' : 'manager',
      specialInstructions: rng.chance(0.2) ? rng.pick(SPECIAL_INSTRUCTIONS) : null,
    };
  }
  /** Places the order: history starts at Pending and the stock is reserved. */
  function place(order: PlanOrder): number {
    orders.push(order);
    const idx = orders.length - 1;
    order.history.push({ from: null, to: 'Pending', at: order.orderDate, by: order.createdBy, reason: null });
    for (const it of order.items) {
      orderMovements.push({
        productIdx: it.productIdx,
        delta: -it.quantity,
        reason: 'order_reserved',
        orderIdx: idx,
        note: null,
        at: order.orderDate,
        by: order.createdBy,
      });
    }
    return idx;
  }
  function transition(
    order: PlanOrder,
    to: OrderStatus,
    when: Date,
    by: DemoUserKey | null,
    reason?: string,
  ) {
    order.history.push({ from: order.status, to, at: when, by, reason: reason ?? null });
    order.status = to;
  }
  /** Places, approves and allocates an order for a delivery day. */
  function scheduledOrder(customerIdx: number, scheduleDay: number, leadDays: number, latestApproval?: Date) {
    const orderDate = businessTime(scheduleDay - leadDays);
    const items = genItems(customer(customerIdx).type);
    let approval = plusMin(orderDate, rng.int(240, 1200));
    if (latestApproval && approval > latestApproval) approval = latestApproval;
    return { orderDate, items, approval, space: spaceOf(items) };
  }

  // ---- Deliveries
  const routesOf = (c: number) => ROUTE_DATA.flatMap((r, i) => (r.cityIdx === c ? [i] : []));
  const driversOf = (c: number) => DRIVER_DATA.flatMap((d, i) => (d.cityIdx === c ? [i] : []));
  const assistantsOf = (c: number) => ASSISTANT_DATA.flatMap((a, i) => (a.cityIdx === c ? [i] : []));
  /** The store's main truck (its first), or its `n`-th roadworthy one (past runs take turns). */
  const roadworthy = (c: number) =>
    TRUCK_DATA.flatMap((tr, i) => (tr.cityIdx === c && tr.status !== 'Under Repair' ? [i] : []));
  const truckOf = (c: number, n = 0) => item(roadworthy(c), n % roadworthy(c).length);
  const customersOn = (r: number) =>
    CUSTOMER_DATA.flatMap((cu, i) => (cu.routeIdx === r && i !== DEMO_CUSTOMER_IDX ? [i] : []));
  const crewUser = (d: PlanDelivery): DemoUserKey =>
    d.driverIdx === 0 ? 'driver' : d.assistantIdx === 0 ? 'assistant' : 'manager';
  /** Confirmations by crew members without a portal login leave confirmed_by empty. */
  const confirmer = (d: PlanDelivery): DemoUserKey | null =>
    d.assistantIdx === 0 ? 'assistant' : d.driverIdx === 0 ? 'driver' : null;

  interface DeliverySpec {
    routeIdx: number;
    /** The store's main truck when absent. */
    truckIdx?: number;
    start: Date;
    driverIdx: number;
    assistantIdx: number;
    /** Customers whose orders ride on it, with each order's requested day. */
    stops: { customerIdx: number; scheduleDay: number; leadDays: number }[];
    latestApproval?: Date;
    createdAt: (lastApproval: Date) => Date;
  }
  function planDelivery(spec: DeliverySpec): number {
    const r = route(spec.routeIdx);
    const truckIdx = spec.truckIdx ?? truckOf(r.cityIdx);
    const capacityCents = item(TRUCK_DATA, truckIdx).capacity * 100;
    const delivery: PlanDelivery = {
      routeIdx: spec.routeIdx,
      truckIdx,
      driverIdx: spec.driverIdx,
      assistantIdx: spec.assistantIdx,
      start: spec.start,
      end: new Date(spec.start.getTime() + r.maxDeliveryHours * HOUR),
      status: 'Scheduled',
      startedAt: null,
      completedAt: null,
      createdAt: spec.start,
      orderIdxs: [],
    };
    deliveries.push(delivery);
    const deliveryIdx = deliveries.length - 1;
    let load = 0;
    const approvals: Date[] = [];
    for (const stop of spec.stops) {
      const drafted = scheduledOrder(stop.customerIdx, stop.scheduleDay, stop.leadDays, spec.latestApproval);
      if (load + drafted.space > capacityCents) continue; // the truck is full: the order waits
      load += drafted.space;
      const order = newOrder(stop.customerIdx, drafted.orderDate, stop.scheduleDay, drafted.items);
      const idx = place(order);
      allocate(order, drafted.approval);
      transition(order, 'Scheduled', drafted.approval, 'manager');
      order.deliveryIdx = deliveryIdx;
      delivery.orderIdxs.push(idx);
      approvals.push(drafted.approval);
    }
    if (delivery.orderIdxs.length === 0) throw new Error('seed: a delivery without orders');
    delivery.createdAt = spec.createdAt(maxDate(approvals));
    return deliveryIdx;
  }
  function startDelivery(deliveryIdx: number, startedAt: Date) {
    const d = item(deliveries, deliveryIdx);
    d.status = 'In Transit';
    d.startedAt = startedAt;
    for (const o of d.orderIdxs) transition(item(orders, o), 'In Transit', startedAt, crewUser(d));
  }
  function confirmItems(deliveryIdx: number, orderIdx: number, when: Date, onlyFirst = false) {
    const d = item(deliveries, deliveryIdx);
    const order = item(orders, orderIdx);
    const items = onlyFirst ? order.items.slice(0, 1) : order.items;
    let last = when;
    items.forEach((it, n) => {
      last = plusMin(when, n * 2);
      confirmations.push({ deliveryIdx, orderIdx, productIdx: it.productIdx, at: last, by: confirmer(d) });
    });
    if (!onlyFirst) {
      order.deliveredAt = last;
      transition(order, 'Delivered', last, crewUser(d));
    }
    return last;
  }
  function completeDelivery(deliveryIdx: number) {
    const d = item(deliveries, deliveryIdx);
    const startedAt = d.startedAt ?? d.start;
    const minutes = route(d.routeIdx).maxDeliveryHours * 60;
    const n = d.orderIdxs.length;
    let last = startedAt;
    d.orderIdxs.forEach((o, j) => {
      const stop = plusMin(startedAt, (minutes * (j + 1)) / (n + 1) + rng.int(-10, 10));
      last = confirmItems(deliveryIdx, o, stop);
    });
    d.status = 'Delivered';
    d.completedAt = plusMin(last, 5);
  }

  // Past year: delivered truck runs, denser in recent months (the business is growing).
  const demoHistory = new Set([7, HISTORICAL_DELIVERIES - 5]);
  const busyDays = new Set<string>();
  for (let i = 0; i < HISTORICAL_DELIVERIES; i++) {
    const forced = demoHistory.has(i);
    const c = forced ? CITY.Colombo : rng.weighted(CITY_WEIGHTS);
    let day =
      -Math.round(6 + 348 * ((HISTORICAL_DELIVERIES - i) / HISTORICAL_DELIVERIES) ** 1.5) + rng.int(-2, 2);
    while (busyDays.has(`${c}:${day}`)) day -= 1; // one run per store and day
    busyDays.add(`${c}:${day}`);
    const routeIdx = forced ? customer(DEMO_CUSTOMER_IDX).routeIdx : rng.pick(routesOf(c));
    const driverIdx = forced ? 0 : rng.pick(driversOf(c));
    const assistantIdx = forced ? 0 : rng.pick(assistantsOf(c));
    const start = at(day, 2.5 + rng.int(0, 4) * 0.5);
    const pool = customersOn(routeIdx);
    const chosen = forced
      ? [DEMO_CUSTOMER_IDX, rng.pick(pool)]
      : rng.sample(pool, rng.int(1, Math.min(2, pool.length)));
    const late = !forced && rng.chance(0.15); // a few runs went out after the requested date
    const stops = chosen.map((customerIdx) => ({
      customerIdx,
      scheduleDay: late ? day - rng.int(1, 2) : day,
      leadDays: rng.int(9, 16),
    }));
    const idx = planDelivery({
      routeIdx,
      truckIdx: truckOf(c, i),
      start,
      driverIdx,
      assistantIdx,
      stops,
      createdAt: () => plusMin(start, -rng.int(24, 72) * 60),
    });
    startDelivery(idx, plusMin(start, rng.int(0, 12)));
    completeDelivery(idx);
  }

  // Today: two runs on the road, neither the demo crew's (one run on the road per truck and
  // person, docs/decisions/0056). Colombo's second truck is late: planned four hours ago on a
  // three-hour route, its last stop (the demo customer's order) still open, so a run of that
  // truck cannot start until its crew finish it. Galle's is on time.
  const floor5 = (ms: number) => new Date(Math.floor(ms / (5 * MIN)) * 5 * MIN);
  const inTransit = [
    {
      routeIdx: customer(DEMO_CUSTOMER_IDX).routeIdx,
      truckIdx: LATE_TRUCK_IDX,
      plannedMinutesAgo: 240,
      startedLate: 10,
      driverIdx: 1,
      assistantIdx: 1,
      customers: [1, 2, DEMO_CUSTOMER_IDX],
    },
    {
      routeIdx: 4,
      truckIdx: undefined,
      plannedMinutesAgo: 150,
      startedLate: 5,
      driverIdx: 3,
      assistantIdx: 3,
      customers: [10, 11],
    },
  ];
  const inTransitIdx: number[] = [];
  for (const spec of inTransit) {
    const start = floor5(nowMs - spec.plannedMinutesAgo * MIN);
    const day = dayOf(start);
    const idx = planDelivery({
      routeIdx: spec.routeIdx,
      truckIdx: spec.truckIdx,
      start,
      driverIdx: spec.driverIdx,
      assistantIdx: spec.assistantIdx,
      stops: spec.customers.map((customerIdx) => ({
        customerIdx,
        scheduleDay: day,
        leadDays: rng.int(9, 14),
      })),
      createdAt: () => plusMin(start, -rng.int(24, 72) * 60),
    });
    startDelivery(idx, plusMin(start, spec.startedLate));
    inTransitIdx.push(idx);
  }
  {
    // the late Colombo run: its first stop done, one item of the second confirmed, the last open
    const late = item(deliveries, item(inTransitIdx, 0));
    confirmItems(item(inTransitIdx, 0), item(late.orderIdxs, 0), floor5(nowMs - 150 * MIN));
    if (late.orderIdxs.length > 2)
      confirmItems(item(inTransitIdx, 0), item(late.orderIdxs, 1), floor5(nowMs - 45 * MIN), true);
    // Galle: the first stop is done and its order Delivered, the second is still on the truck
    const galle = item(deliveries, item(inTransitIdx, 1));
    confirmItems(item(inTransitIdx, 1), item(galle.orderIdxs, 0), floor5(nowMs - 40 * MIN));
  }

  // Coming days: scheduled runs, three of them for the demo crew.
  const latestApproval = floor5(nowMs - 60 * MIN);
  {
    // the demo crew's next run, within the start window from the first minute (crew.seed.ts)
    const routeIdx = customer(DEMO_CUSTOMER_IDX).routeIdx;
    const start = demoCrewNextRunStart(now);
    planDelivery({
      routeIdx,
      start,
      driverIdx: 0,
      assistantIdx: 0,
      stops: demoCrewNextRunCustomers(DEMO_CUSTOMER_IDX, customersOn(routeIdx)).map((customerIdx) => ({
        customerIdx,
        scheduleDay: dayOf(start),
        leadDays: rng.int(9, 14),
      })),
      latestApproval,
      createdAt: () => new Date(nowMs - 20 * HOUR),
    });
  }
  const upcoming = [
    { routeIdx: 1, day: 2, hour: 3, driverIdx: 0, assistantIdx: 0, customers: [3, 4] },
    { routeIdx: 0, day: 5, hour: 3, driverIdx: 0, assistantIdx: 0, customers: [DEMO_CUSTOMER_IDX, 1] },
    { routeIdx: 7, day: 3, hour: 3.5, driverIdx: 5, assistantIdx: 5, customers: [16] },
  ];
  for (const spec of upcoming) {
    planDelivery({
      routeIdx: spec.routeIdx,
      start: at(spec.day, spec.hour),
      driverIdx: spec.driverIdx,
      assistantIdx: spec.assistantIdx,
      stops: spec.customers.map((customerIdx) => ({
        customerIdx,
        scheduleDay: spec.day,
        leadDays: rng.int(Math.max(9, spec.day + 2), Math.max(16, spec.day + 4)),
      })),
      latestApproval,
      createdAt: (lastApproval) => {
        const created = plusMin(lastApproval, rng.int(60, 480));
        return created.getTime() > nowMs - 10 * MIN ? new Date(nowMs - 10 * MIN) : created;
      },
    });
  }

  // Scheduled orders waiting for a truck (goods on the train or already at the store).
  for (const [customerIdx, day] of [
    [13, 9],
    [18, 7],
    [23, 11],
    [9, 6],
  ] as const) {
    const drafted = scheduledOrder(
      customerIdx,
      day,
      rng.int(Math.max(9, day + 2), Math.max(16, day + 4)),
      latestApproval,
    );
    const order = newOrder(customerIdx, drafted.orderDate, day, drafted.items);
    place(order);
    allocate(order, drafted.approval);
    transition(order, 'Scheduled', drafted.approval, 'manager');
  }
  {
    // approved this morning: the small parcel van takes what fits, the goods train the rest
    const approval = floor5(nowMs - rng.int(3 * 60, 8 * 60) * MIN);
    const orderDate = plusMin(approval, -rng.int(6 * 60, 20 * 60));
    const order = newOrder(8, orderDate, dayOf(orderDate) + 10, genItems('Wholesale'));
    place(order);
    allocate(order, approval, true);
    transition(order, 'Scheduled', approval, 'manager');
  }

  // Pending: placed in the last few days, waiting for the manager.
  for (const customerIdx of [DEMO_CUSTOMER_IDX, 5, 7, 12, 15, 19, 22]) {
    const orderDate = new Date(Math.floor((nowMs - rng.int(120, 8400) * MIN) / MIN) * MIN);
    const scheduleDay = Math.max(dayOf(orderDate) + rng.int(7, 14), 6);
    place(newOrder(customerIdx, orderDate, scheduleDay, genItems(customer(customerIdx).type)));
  }

  // Cancelled: rejected by the manager or withdrawn; the stock goes back to the warehouse.
  const cancellations = [
    { customerIdx: 6, day: -300, viaScheduled: false },
    { customerIdx: 14, day: -190, viaScheduled: true },
    { customerIdx: 21, day: -120, viaScheduled: false },
    { customerIdx: 3, day: -40, viaScheduled: true },
    { customerIdx: DEMO_CUSTOMER_IDX, day: -12, viaScheduled: false },
  ];
  cancellations.forEach((spec, n) => {
    const orderDate = businessTime(spec.day);
    const order = newOrder(
      spec.customerIdx,
      orderDate,
      spec.day + rng.int(8, 14),
      genItems(customer(spec.customerIdx).type),
    );
    const idx = place(order);
    let last = orderDate;
    if (spec.viaScheduled) {
      // its train booking was released when it was cancelled, so no allocation remains
      last = plusMin(orderDate, rng.int(240, 1200));
      transition(order, 'Scheduled', last, 'manager');
    }
    const cancelledAt = plusMin(last, rng.int(6 * 60, 48 * 60));
    const reason = item(CANCEL_REASONS, n);
    transition(order, 'Cancelled', cancelledAt, 'manager', reason);
    for (const it of order.items) {
      orderMovements.push({
        productIdx: it.productIdx,
        delta: it.quantity,
        reason: 'order_cancelled',
        orderIdx: idx,
        note: reason,
        at: cancelledAt,
        by: 'manager',
      });
    }
  });

  // ---- Stock (stock.ts)
  const { movements, finalUnits } = planStock(rng, orderMovements, at);

  // ---- Customers joined some weeks before their first order
  const customerCreatedAt = CUSTOMER_DATA.map((_, i) => {
    const first = orders.filter((o) => o.customerIdx === i).map((o) => o.orderDate.getTime());
    const base = first.length > 0 ? Math.min(...first) : day0 - rng.int(60, 300) * DAY;
    return at(Math.min(dayOf(new Date(base)) - rng.int(14, 75), -2), 3 + rng.int(0, 480) / 60);
  });

  const plan: SeedPlan = {
    now,
    day0,
    orders,
    trips: [...trips.values()].sort(
      (a, b) => a.departure.getTime() - b.departure.getTime() || a.cityIdx - b.cityIdx,
    ),
    deliveries,
    confirmations,
    movements,
    customerCreatedAt,
    finalUnits,
  };
  validatePlan(plan);
  return plan;
}
