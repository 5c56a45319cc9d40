// Demo data for a fresh install (domain.md "Demo data"): a believable year of a Kandy FMCG
// distributor, generated relative to "now" by a seeded PRNG, so every run produces the same
// business shifted to the current date. The whole plan is built and checked in memory first
// (buildSeedPlan validates the business rules), then written in one transaction with bulk inserts.
//
// Stock is never written directly: every change is a stock_movements row and the database
// trigger keeps products.available_units equal to the ledger's sum.
import { DELIVERY_FEE, MIN_REST_MINUTES } from '#shared/constants';
import { canTransition, type DeliveryStatus, type OrderStatus } from '#shared/order-status';
import { portalForRole } from '#shared/roles';
import { hashPassword } from '../features/auth/password';
import {
  demoCrewNextRunCustomers,
  demoCrewNextRunStart,
  seedCustomerNotifications,
} from '../features/crew/crew.seed';
import { seedPlanningWeek } from '../features/planning/planning.seed';
import { type Db, type Tx, withActor } from './client';
import * as t from './schema';
import {
  ASSISTANT_DATA,
  ASSISTANT_WEEKLY_HOURS,
  CANCEL_REASONS,
  CITY,
  CITY_DATA,
  CUSTOMER_DATA,
  type CustomerData,
  DEMO_CUSTOMER_IDX,
  DEMO_PASSWORD,
  type DemoUserKey,
  DRIVER_DATA,
  DRIVER_WEEKLY_HOURS,
  HUB_CITY,
  PRODUCT_DATA,
  ROLE_DATA,
  ROUTE_DATA,
  SPECIAL_INSTRUCTIONS,
  STAFF_DATA,
  TRUCK_DATA,
} from './seed-data';

export { DEMO_PASSWORD } from './seed-data';

/** Demo logins (all with DEMO_PASSWORD) and their role names. */
export const DEMO_USERS: readonly { username: DemoUserKey; roleName: string; email: string }[] =
  ROLE_DATA.map((r) => ({ username: r.key, roleName: r.roleName, email: `${r.key}@kandypack.lk` }));

/** Rest a driver needs between two deliveries (domain.md "Trucks, routes and rosters"). */
const MIN_REST_MS = MIN_REST_MINUTES * 60_000;
/** Fixed seed of the generator: change it and the demo business changes. */
const PRNG_SEED = 0x4b50_2024;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Reason = 'initial' | 'order_reserved' | 'order_cancelled' | 'manual_count' | 'production_receipt';

export interface PlanItem {
  productIdx: number;
  quantity: number;
}
export interface PlanHistory {
  from: OrderStatus | null;
  to: OrderStatus;
  at: Date;
  by: DemoUserKey | null;
  reason: string | null;
}
export interface PlanAllocation {
  tripKey: string;
  cents: number;
  at: Date;
}
export interface PlanOrder {
  customerIdx: number;
  routeIdx: number;
  cityIdx: number;
  orderDate: Date;
  /** Requested delivery date, in days from the UTC day of "now". */
  scheduleDay: number;
  status: OrderStatus;
  items: PlanItem[];
  /** Train space in hundredths: sum(quantity x space per unit). */
  spaceCents: number;
  history: PlanHistory[];
  allocations: PlanAllocation[];
  deliveryIdx: number | null;
  deliveredAt: Date | null;
  createdBy: DemoUserKey;
  specialInstructions: string | null;
}
export interface PlanTrip {
  key: string;
  cityIdx: number;
  trainName: string;
  departure: Date;
  arrival: Date;
  totalCents: number;
  usedCents: number;
  small: boolean;
}
export interface PlanDelivery {
  routeIdx: number;
  truckIdx: number;
  driverIdx: number;
  assistantIdx: number;
  start: Date;
  end: Date;
  status: DeliveryStatus;
  startedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  orderIdxs: number[];
}
export interface PlanConfirmation {
  deliveryIdx: number;
  orderIdx: number;
  productIdx: number;
  at: Date;
  by: DemoUserKey | null;
}
export interface PlanMovement {
  productIdx: number;
  delta: number;
  reason: Reason;
  orderIdx: number | null;
  note: string | null;
  at: Date;
  by: DemoUserKey | null;
}
export interface SeedPlan {
  now: Date;
  day0: number;
  orders: PlanOrder[];
  trips: PlanTrip[];
  deliveries: PlanDelivery[];
  confirmations: PlanConfirmation[];
  /** Chronological; the order rows are inserted in, so the stock trigger never goes negative. */
  movements: PlanMovement[];
  customerCreatedAt: Date[];
  finalUnits: number[];
}

export interface SeedSummary {
  now: string;
  tookMs: number;
  counts: Record<string, number>;
  demoUsers: { username: string; roleName: string; portal: string | null }[];
  demoPassword: string;
}

/** mulberry32: small, fast, good enough for demo data, and identical on every platform. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let x = this.state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return item(list, this.int(0, list.length - 1));
  }
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= item(weights, i);
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  sample<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [item(copy, j), item(copy, i)];
    }
    return copy.slice(0, n);
  }
}

function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`seed: index ${index} out of range`);
  return value;
}

const customer = (i: number): CustomerData => item(CUSTOMER_DATA, i);
const route = (i: number) => item(ROUTE_DATA, i);
const product = (i: number) => item(PRODUCT_DATA, i);
const city = (i: number) => item(CITY_DATA, i);
const plusMin = (d: Date, minutes: number) => new Date(d.getTime() + Math.round(minutes) * MIN);
const maxDate = (dates: Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Sri Lanka local time (UTC+05:30, no daylight saving) for messages. */
function lkTime(d: Date): string {
  const local = new Date(d.getTime() + 330 * MIN).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

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
  const trips = new Map<string, PlanTrip>();

  // ---- Trains: a weekly goods train per city on a fixed grid (k = weeks from now), plus one
  // small parcel van per city tomorrow, which departs before the next goods train.
  const gridKey = (c: number, k: number) => `${c}:${k}`;
  const smallKey = (c: number) => `${c}:small`;
  const gridCapacity = (c: number, k: number) =>
    item([200, 250, 300, 350, 400], ((c + 3) * 7 + (k + 1000) * 3) % 5);
  const gridDeparture = (c: number, k: number) =>
    at(city(c).train.dayOffset + 7 * k, city(c).train.departHourUtc).getTime();
  function ensureGridTrip(c: number, k: number): PlanTrip {
    const key = gridKey(c, k);
    let trip = trips.get(key);
    if (!trip) {
      const departure = gridDeparture(c, k);
      trip = {
        key,
        cityIdx: c,
        trainName: city(c).train.trainName,
        departure: new Date(departure),
        arrival: new Date(departure + city(c).train.durationHours * HOUR),
        totalCents: gridCapacity(c, k) * 100,
        usedCents: 0,
        small: false,
      };
      trips.set(key, trip);
    }
    return trip;
  }
  for (let c = 0; c < CITY_DATA.length; c++) {
    // the past ~8 weeks and the coming ~4 weeks; older trips appear only where orders used them
    for (let k = -8; k <= 3; k++) ensureGridTrip(c, k);
    const departure = at(1, city(c).train.departHourUtc + 2);
    trips.set(smallKey(c), {
      key: smallKey(c),
      cityIdx: c,
      trainName: city(c).train.smallTrainName,
      departure,
      arrival: new Date(departure.getTime() + city(c).train.durationHours * HOUR),
      totalCents: city(c).train.smallCapacity * 100,
      usedCents: 0,
      small: true,
    });
  }

  /** Books the order's space on the earliest trips after approval that arrive before its date. */
  function allocate(order: PlanOrder, approval: Date, allowSmall = false): void {
    const c = order.cityIdx;
    const durationMs = city(c).train.durationHours * HOUR;
    const earliest = approval.getTime() + 2 * HOUR;
    const deadline = at(order.scheduleDay).getTime();
    const candidates: { key: string; departure: number; total: number; get: () => PlanTrip }[] = [];
    for (let k = Math.floor(((earliest - day0) / DAY - city(c).train.dayOffset) / 7) - 1; ; k++) {
      const departure = gridDeparture(c, k);
      if (departure >= deadline) break;
      if (departure < earliest || departure + durationMs >= deadline) continue;
      const week = k;
      candidates.push({
        key: gridKey(c, week),
        departure,
        total: gridCapacity(c, week) * 100,
        get: () => ensureGridTrip(c, week),
      });
    }
    const small = trips.get(smallKey(c));
    if (allowSmall && small && small.departure.getTime() >= earliest && small.arrival.getTime() < deadline) {
      candidates.push({
        key: small.key,
        departure: small.departure.getTime(),
        total: small.totalCents,
        get: () => small,
      });
    }
    candidates.sort((a, b) => a.departure - b.departure);
    let remaining = order.spaceCents;
    for (const candidate of candidates) {
      const free = candidate.total - (trips.get(candidate.key)?.usedCents ?? 0);
      const take = Math.min(free, remaining);
      if (take <= 0) continue;
      candidate.get().usedCents += take;
      order.allocations.push({ tripKey: candidate.key, cents: take, at: approval });
      remaining -= take;
      if (remaining === 0) return;
    }
    throw new Error(`seed: no train capacity for an order of ${customer(order.customerIdx).name}`);
  }

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
  const truckOf = (c: number) => TRUCK_DATA.findIndex((tr) => tr.cityIdx === c);
  const customersOn = (r: number) =>
    CUSTOMER_DATA.flatMap((cu, i) => (cu.routeIdx === r && i !== DEMO_CUSTOMER_IDX ? [i] : []));
  const crewUser = (d: PlanDelivery): DemoUserKey =>
    d.driverIdx === 0 ? 'driver' : d.assistantIdx === 0 ? 'assistant' : 'manager';
  /** Confirmations by crew members without a portal login leave confirmed_by empty. */
  const confirmer = (d: PlanDelivery): DemoUserKey | null =>
    d.assistantIdx === 0 ? 'assistant' : d.driverIdx === 0 ? 'driver' : null;

  interface DeliverySpec {
    routeIdx: number;
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
    const truckIdx = truckOf(r.cityIdx);
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
      start,
      driverIdx,
      assistantIdx,
      stops,
      createdAt: () => plusMin(start, -rng.int(24, 72) * 60),
    });
    startDelivery(idx, plusMin(start, rng.int(0, 12)));
    completeDelivery(idx);
  }

  // Today: two runs on the road. The demo crew's has items still to confirm.
  const floor5 = (ms: number) => new Date(Math.floor(ms / (5 * MIN)) * 5 * MIN);
  const inTransit = [
    {
      routeIdx: customer(DEMO_CUSTOMER_IDX).routeIdx,
      minutesAgo: 80,
      driverIdx: 0,
      assistantIdx: 0,
      customers: [DEMO_CUSTOMER_IDX, 1, 2],
    },
    { routeIdx: 4, minutesAgo: 150, driverIdx: 3, assistantIdx: 3, customers: [10, 11] },
  ];
  const inTransitIdx: number[] = [];
  for (const spec of inTransit) {
    const start = floor5(nowMs - spec.minutesAgo * MIN);
    const day = dayOf(start);
    const idx = planDelivery({
      routeIdx: spec.routeIdx,
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
    startDelivery(idx, plusMin(start, 5));
    inTransitIdx.push(idx);
  }
  {
    // demo crew: one item of the second stop confirmed, the rest waits for the crew
    const demo = item(deliveries, item(inTransitIdx, 0));
    if (demo.orderIdxs.length > 1)
      confirmItems(item(inTransitIdx, 0), item(demo.orderIdxs, 1), new Date(nowMs - 25 * MIN), true);
    // Galle: the first stop is done and its order Delivered, the second is still on the truck
    const galle = item(deliveries, item(inTransitIdx, 1));
    confirmItems(item(inTransitIdx, 1), item(galle.orderIdxs, 0), floor5(nowMs - 40 * MIN));
  }

  // Coming days: scheduled runs, two of them for the demo crew.
  const latestApproval = floor5(nowMs - 60 * MIN);
  {
    // the demo crew's next run today, ready to start (features/crew/crew.seed.ts)
    const routeIdx = customer(DEMO_CUSTOMER_IDX).routeIdx;
    const start = demoCrewNextRunStart(item(deliveries, item(inTransitIdx, 0)).end, now);
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

  // ---- Stock: opening stock and production receipts sized so the ledger never goes negative
  // and ends at each product's target level (a few products are deliberately low).
  const movements: PlanMovement[] = [];
  const finalUnits: number[] = [];
  PRODUCT_DATA.forEach((p, productIdx) => {
    const events = orderMovements
      .filter((m) => m.productIdx === productIdx)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const receipts: { at: Date; initial: boolean }[] = [{ at: at(-380, 1), initial: true }];
    for (let j = 1; j * 28 < 380 - 14; j++) {
      const receiptDay = -380 + j * 28;
      if (rng.chance(0.8)) receipts.push({ at: at(receiptDay, 1.5), initial: false });
    }
    // deficit = units reserved and not given back so far; each receipt must cover the peak
    // deficit of its period, plus a safety stock at its end
    const periods = receipts.map((r, j) => {
      const end = receipts[j + 1]?.at.getTime() ?? Number.POSITIVE_INFINITY;
      let deficit = -events.filter((e) => e.at.getTime() < r.at.getTime()).reduce((s, e) => s + e.delta, 0);
      let peak = deficit;
      for (const e of events) {
        if (e.at.getTime() < r.at.getTime() || e.at.getTime() >= end) continue;
        deficit -= e.delta;
        peak = Math.max(peak, deficit);
      }
      return { peak, endDeficit: deficit };
    });
    const netReserved = -events.reduce((s, e) => s + e.delta, 0);
    const total = Math.max(p.targetUnits + netReserved, ...periods.map((x) => x.peak));
    const low = p.targetUnits < 50;
    let cumulative = 0;
    receipts.forEach((r, j) => {
      const period = item(periods, j);
      const isLast = j === receipts.length - 1;
      const safety = isLast
        ? p.targetUnits
        : low
          ? p.reorderPoint + rng.int(20, 60)
          : Math.round(p.targetUnits * (0.8 + rng.next() * 0.5));
      const desired = Math.ceil(Math.max(period.peak, period.endDeficit + safety) / 10) * 10;
      const next = Math.min(total, Math.max(cumulative, desired));
      const amount = next - cumulative;
      cumulative = next;
      if (amount <= 0) return;
      const previous = movements[movements.length - 1];
      if (amount < 20 && previous?.productIdx === productIdx) {
        previous.delta += amount; // too small for a production run: the earlier batch was bigger
        return;
      }
      const month = r.at.toISOString().slice(2, 7).replace('-', '');
      movements.push({
        productIdx,
        delta: amount,
        reason: r.initial ? 'initial' : 'production_receipt',
        orderIdx: null,
        note: r.initial
          ? 'Opening stock count at the Kandy warehouse'
          : `Production batch PB-${month}-${productIdx + 1}`,
        at: r.at,
        by: 'warehouse',
      });
    });
    finalUnits.push(cumulative - netReserved);
  });
  movements.push(...orderMovements);
  // chronological; at the same instant stock comes in before it goes out
  const inflowFirst = (m: PlanMovement) => (m.delta > 0 ? 0 : 1);
  movements.sort((a, b) => a.at.getTime() - b.at.getTime() || inflowFirst(a) - inflowFirst(b));

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

/** The business rules the seed must respect; a violation is a bug in the generator. */
export function validatePlan(plan: SeedPlan): void {
  const problems: string[] = [];
  const nowMs = plan.now.getTime();
  const dayMs = (day: number) => plan.day0 + day * DAY;
  const tripByKey = new Map(plan.trips.map((tr) => [tr.key, tr]));
  const bookedCents = new Map<string, number>();

  plan.orders.forEach((o, i) => {
    const label = `order ${i} (${customer(o.customerIdx).name}, ${o.status})`;
    const orderUtcDay = Date.UTC(
      o.orderDate.getUTCFullYear(),
      o.orderDate.getUTCMonth(),
      o.orderDate.getUTCDate(),
    );
    if (dayMs(o.scheduleDay) < orderUtcDay + 7 * DAY) problems.push(`${label}: schedule date within 7 days`);
    if (o.orderDate.getTime() > nowMs) problems.push(`${label}: placed in the future`);
    if (o.items.length === 0) problems.push(`${label}: no items`);
    if (new Set(o.items.map((it) => it.productIdx)).size !== o.items.length)
      problems.push(`${label}: repeated product`);
    const first = o.history[0];
    if (!first || first.from !== null || first.to !== 'Pending')
      problems.push(`${label}: history must start at Pending`);
    o.history.forEach((h, n) => {
      if (h.at.getTime() > nowMs) problems.push(`${label}: status change in the future`);
      const prev = o.history[n - 1];
      if (prev) {
        if (h.at < prev.at) problems.push(`${label}: history out of order`);
        if (h.from !== prev.to || !canTransition(prev.to, h.to))
          problems.push(`${label}: illegal ${h.from}->${h.to}`);
      }
    });
    if (o.history[o.history.length - 1]?.to !== o.status)
      problems.push(`${label}: history does not end at status`);
    const allocated = o.allocations.reduce((s, a) => s + a.cents, 0);
    const needsTrain = o.status === 'Scheduled' || o.status === 'In Transit' || o.status === 'Delivered';
    if (allocated !== (needsTrain ? o.spaceCents : 0))
      problems.push(`${label}: allocated ${allocated} of ${o.spaceCents}`);
    for (const a of o.allocations) {
      const trip = tripByKey.get(a.tripKey);
      if (!trip) {
        problems.push(`${label}: unknown trip ${a.tripKey}`);
        continue;
      }
      bookedCents.set(a.tripKey, (bookedCents.get(a.tripKey) ?? 0) + a.cents);
      if (trip.cityIdx !== o.cityIdx) problems.push(`${label}: train to another city`);
      if (trip.arrival.getTime() >= dayMs(o.scheduleDay)) problems.push(`${label}: train arrives too late`);
      if (trip.departure < a.at) problems.push(`${label}: booked on a train that had left`);
    }
    const onTruck = o.status === 'In Transit' || o.status === 'Delivered';
    if (onTruck && o.deliveryIdx === null) problems.push(`${label}: no delivery`);
    if (o.status === 'Delivered') {
      if (!o.deliveredAt) problems.push(`${label}: no delivered_at`);
      for (const it of o.items) {
        if (!plan.confirmations.some((c) => c.orderIdx === i && c.productIdx === it.productIdx)) {
          problems.push(`${label}: item not confirmed`);
        }
      }
    }
  });

  for (const trip of plan.trips) {
    if (trip.usedCents > trip.totalCents) problems.push(`trip ${trip.key}: over capacity`);
    if (trip.usedCents !== (bookedCents.get(trip.key) ?? 0))
      problems.push(`trip ${trip.key}: used != booked`);
  }

  const balance = PRODUCT_DATA.map(() => 0);
  for (const m of plan.movements) {
    if (m.at.getTime() > nowMs) problems.push(`stock movement in the future (${product(m.productIdx).name})`);
    const next = item(balance, m.productIdx) + m.delta;
    if (next < 0) problems.push(`stock of ${product(m.productIdx).name} goes negative`);
    balance[m.productIdx] = next;
  }
  balance.forEach((units, p) => {
    if (units !== item(plan.finalUnits, p)) problems.push(`stock of ${product(p).name}: ledger != plan`);
  });

  // Roster rules: no overlaps, driver rest, assistant at most two in a row, weekly hours.
  const byPerson = new Map<string, PlanDelivery[]>();
  const add = (key: string, d: PlanDelivery) => byPerson.set(key, [...(byPerson.get(key) ?? []), d]);
  plan.deliveries.forEach((d, i) => {
    const r = route(d.routeIdx);
    if (d.end.getTime() - d.start.getTime() !== r.maxDeliveryHours * HOUR)
      problems.push(`delivery ${i}: wrong length`);
    if (item(TRUCK_DATA, d.truckIdx).cityIdx !== r.cityIdx)
      problems.push(`delivery ${i}: truck of another store`);
    if (item(DRIVER_DATA, d.driverIdx).cityIdx !== r.cityIdx)
      problems.push(`delivery ${i}: driver of another store`);
    const load = d.orderIdxs.reduce((s, o) => s + item(plan.orders, o).spaceCents, 0);
    if (load > item(TRUCK_DATA, d.truckIdx).capacity * 100) problems.push(`delivery ${i}: truck overloaded`);
    for (const o of d.orderIdxs) {
      const order = item(plan.orders, o);
      if (order.routeIdx !== d.routeIdx) problems.push(`delivery ${i}: order of another route`);
      if (order.deliveryIdx !== i) problems.push(`delivery ${i}: order link mismatch`);
      for (const a of order.allocations) {
        if ((tripByKey.get(a.tripKey)?.arrival ?? d.start) > d.start)
          problems.push(`delivery ${i}: goods not at store`);
      }
    }
    if (d.createdAt.getTime() > nowMs) problems.push(`delivery ${i}: scheduled in the future`);
    if (d.status !== 'Scheduled' && (!d.startedAt || d.startedAt.getTime() > nowMs))
      problems.push(`delivery ${i}: start`);
    if (d.status === 'Scheduled' && d.start.getTime() <= nowMs)
      problems.push(`delivery ${i}: scheduled in the past`);
    add(`truck ${d.truckIdx}`, d);
    add(`driver ${d.driverIdx}`, d);
    add(`assistant ${d.assistantIdx}`, d);
  });
  for (const [who, list] of byPerson) {
    list.sort((a, b) => a.start.getTime() - b.start.getTime());
    let run = 1;
    const weekly = new Map<number, number>();
    list.forEach((d, n) => {
      const week = Math.floor((Math.floor(d.start.getTime() / DAY) + 3) / 7); // Monday-based weeks
      weekly.set(week, (weekly.get(week) ?? 0) + (d.end.getTime() - d.start.getTime()) / HOUR);
      const prev = list[n - 1];
      if (!prev) return;
      const gap = d.start.getTime() - prev.end.getTime();
      if (gap < 0) problems.push(`${who}: overlapping deliveries`);
      run = gap < MIN_REST_MS ? run + 1 : 1;
      if (who.startsWith('driver') && run > 1) problems.push(`${who}: consecutive deliveries without rest`);
      if (who.startsWith('assistant') && run > 2) problems.push(`${who}: three consecutive routes`);
    });
    const limit = who.startsWith('driver')
      ? DRIVER_WEEKLY_HOURS
      : who.startsWith('assistant')
        ? ASSISTANT_WEEKLY_HOURS
        : 168;
    for (const hours of weekly.values()) if (hours > limit) problems.push(`${who}: ${hours} h in one week`);
  }

  if (problems.length > 0) throw new Error(`Demo seed plan is inconsistent:\n${problems.join('\n')}`);
}

/** True when at least one user exists: the database is in use and must not be seeded. */
export async function hasAnyUser(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: t.users.userId }).from(t.users).limit(1);
  return rows.length > 0;
}

/** First-start test: an empty database (no users) gets the demo data. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  return !(await hasAnyUser(db));
}

/** Inserts rows in chunks (bulk VALUES) and returns the generated ids in input order. */
async function insertAll<R>(rows: R[], run: (chunk: R[]) => Promise<{ id: number }[]>): Promise<number[]> {
  const ids: number[] = [];
  const size = 500;
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const got = await run(chunk);
    if (got.length !== chunk.length) throw new Error('seed: insert returned an unexpected number of rows');
    ids.push(...got.map((r) => r.id));
  }
  return ids;
}

/**
 * Loads the demo business into an empty database in one transaction. Refuses when users
 * already exist. Logins: admin, manager, warehouse, driver, assistant, customer, each with
 * the password DEMO_PASSWORD.
 */
export async function seedDemoData(db: Db, options: { now?: Date } = {}): Promise<SeedSummary> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const plan = buildSeedPlan(now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts = await withActor(db, null, async (tx) => {
    const written = await writePlan(tx, plan, passwordHash);
    // feature seed modules, on top of the business
    for (const [table, n] of Object.entries(await seedPlanningWeek(tx, now))) {
      written[table] = (written[table] ?? 0) + n;
    }
    return written;
  });
  return {
    now: now.toISOString(),
    tookMs: Date.now() - started,
    counts,
    demoUsers: DEMO_USERS.map((u) => ({
      username: u.username,
      roleName: u.roleName,
      portal: portalForRole(u.roleName),
    })),
    demoPassword: DEMO_PASSWORD,
  };
}

async function writePlan(tx: Tx, plan: SeedPlan, passwordHash: string): Promise<Record<string, number>> {
  if (await hasAnyUser(tx)) {
    throw new Error('Demo data is only loaded into an empty database, and this one already has users.');
  }
  const counts: Record<string, number> = {};
  const seeded = new Date(plan.day0 - 400 * DAY + 3 * HOUR);
  const ids = <R>(table: string, rows: R[], run: (chunk: R[]) => Promise<{ id: number }[]>) => {
    counts[table] = rows.length;
    return rows.length === 0 ? Promise.resolve([] as number[]) : insertAll(rows, run);
  };

  const roleIds = await ids(
    'roles',
    ROLE_DATA.map((r) => ({ roleName: r.roleName, accessRights: r.accessRights, createdAt: seeded })),
    (c) => tx.insert(t.roles).values(c).returning({ id: t.roles.roleId }),
  );
  const cityIds = await ids(
    'cities',
    [{ name: HUB_CITY.name, isHub: true }, ...CITY_DATA.map((c) => ({ name: c.name, isHub: false }))],
    (c) => tx.insert(t.cities).values(c).returning({ id: t.cities.cityId }),
  );
  const cityId = (c: number) => item(cityIds, c + 1);
  const storeIds = await ids(
    'stores',
    CITY_DATA.map((c, i) => ({ cityId: cityId(i), ...c.store })),
    (c) => tx.insert(t.stores).values(c).returning({ id: t.stores.storeId }),
  );
  const customerIds = await ids(
    'customers',
    CUSTOMER_DATA.map((cu, i) => {
      const c = route(cu.routeIdx).cityIdx;
      return {
        name: cu.name,
        type: cu.type,
        address: `${cu.street}, ${cu.town}`,
        city: city(c).name,
        cityId: cityId(c),
        contactNumber: cu.contactNumber,
        email: cu.email,
        createdAt: item(plan.customerCreatedAt, i),
      };
    }),
    (c) => tx.insert(t.customers).values(c).returning({ id: t.customers.customerId }),
  );

  const employeeRows = [
    ...STAFF_DATA.map((s) => ({
      firstName: s.firstName,
      lastName: s.lastName,
      type: s.type,
      weeklyHourLimit: null,
      storeId: null,
      contactNumber: s.contactNumber,
      createdAt: seeded,
    })),
    ...DRIVER_DATA.map((d) => ({
      firstName: d.firstName,
      lastName: d.lastName,
      type: 'Driver',
      weeklyHourLimit: DRIVER_WEEKLY_HOURS,
      storeId: item(storeIds, d.cityIdx),
      contactNumber: d.contactNumber,
      createdAt: seeded,
    })),
    ...ASSISTANT_DATA.map((a) => ({
      firstName: a.firstName,
      lastName: a.lastName,
      type: 'Assistant',
      weeklyHourLimit: ASSISTANT_WEEKLY_HOURS,
      storeId: item(storeIds, a.cityIdx),
      contactNumber: a.contactNumber,
      createdAt: seeded,
    })),
  ];
  const employeeIds = await ids('employees', employeeRows, (c) =>
    tx.insert(t.employees).values(c).returning({ id: t.employees.employeeId }),
  );
  const staffEmployee = (key: string) =>
    item(
      employeeIds,
      STAFF_DATA.findIndex((s) => s.key === key),
    );
  const driverEmployee = (i: number) => item(employeeIds, STAFF_DATA.length + i);
  const assistantEmployee = (i: number) => item(employeeIds, STAFF_DATA.length + DRIVER_DATA.length + i);

  const userEmployee: Record<DemoUserKey, number | null> = {
    admin: staffEmployee('admin'),
    manager: staffEmployee('manager'),
    warehouse: staffEmployee('warehouse'),
    driver: driverEmployee(0),
    assistant: assistantEmployee(0),
    customer: null,
  };
  const userIdList = await ids(
    'users',
    DEMO_USERS.map((u, i) => ({
      userName: u.username,
      email: u.email,
      passwordHash,
      roleId: item(roleIds, i),
      customerId: u.username === 'customer' ? item(customerIds, DEMO_CUSTOMER_IDX) : null,
      employeeId: userEmployee[u.username],
      createdAt:
        u.username === 'customer'
          ? plusMin(item(plan.customerCreatedAt, DEMO_CUSTOMER_IDX), 30)
          : plusMin(seeded, 10 + i),
    })),
    (c) => tx.insert(t.users).values(c).returning({ id: t.users.userId }),
  );
  const userId = (key: DemoUserKey | null) =>
    key === null
      ? null
      : item(
          userIdList,
          DEMO_USERS.findIndex((u) => u.username === key),
        );

  const productIds = await ids(
    'products',
    PRODUCT_DATA.map((p) => ({
      name: p.name,
      category: p.category,
      unitPrice: p.unitPrice,
      spacePerUnit: p.spaceCents / 100,
      reorderPoint: p.reorderPoint,
    })),
    (c) => tx.insert(t.products).values(c).returning({ id: t.products.productId }),
  );
  const routeIds = await ids(
    'routes',
    ROUTE_DATA.map((r) => ({
      storeId: item(storeIds, r.cityIdx),
      name: r.name,
      endLocation: r.endLocation,
      coveredTowns: r.coveredTowns,
      maxDeliveryHours: r.maxDeliveryHours,
    })),
    (c) => tx.insert(t.routes).values(c).returning({ id: t.routes.routeId }),
  );
  const truckIds = await ids(
    'trucks',
    TRUCK_DATA.map((tr) => ({
      plateNumber: tr.plateNumber,
      capacity: tr.capacity,
      status: tr.status,
      storeId: item(storeIds, tr.cityIdx),
    })),
    (c) => tx.insert(t.trucks).values(c).returning({ id: t.trucks.truckId }),
  );
  const tripIdList = await ids(
    'train_trips',
    plan.trips.map((tr) => ({
      trainName: tr.trainName,
      departureCityId: item(cityIds, 0),
      arrivalCityId: cityId(tr.cityIdx),
      departureDateTime: tr.departure,
      arrivalDateTime: tr.arrival,
      // used_capacity follows the allocations inserted below (trigger, migration 0004)
      totalCapacity: tr.totalCents / 100,
    })),
    (c) => tx.insert(t.trainTrips).values(c).returning({ id: t.trainTrips.trainTripId }),
  );
  const tripId = new Map(plan.trips.map((tr, i) => [tr.key, item(tripIdList, i)]));

  // orders get ids in the order they were placed
  const orderSequence = plan.orders
    .map((_, i) => i)
    .sort((a, b) => {
      const x = item(plan.orders, a);
      const y = item(plan.orders, b);
      return x.orderDate.getTime() - y.orderDate.getTime() || a - b;
    });
  const lastChange = (o: PlanOrder) => item(o.history, o.history.length - 1).at;
  const insertedOrderIds = await ids(
    'orders',
    orderSequence.map((i) => {
      const o = item(plan.orders, i);
      const cu = customer(o.customerIdx);
      return {
        customerId: item(customerIds, o.customerIdx),
        orderDate: o.orderDate,
        scheduleDate: isoDay(plan.day0 + o.scheduleDay * DAY),
        status: o.status,
        deliveryAddress: `${cu.street}, ${cu.town}`,
        cityId: cityId(o.cityIdx),
        routeId: item(routeIds, o.routeIdx),
        specialInstructions: o.specialInstructions,
        deliveryFee: DELIVERY_FEE,
        deliveredAt: o.deliveredAt,
        createdBy: userId(o.createdBy),
        updatedAt: lastChange(o),
      };
    }),
    (c) => tx.insert(t.orders).values(c).returning({ id: t.orders.orderId }),
  );
  const orderIds: number[] = [];
  orderSequence.forEach((planIdx, n) => {
    orderIds[planIdx] = item(insertedOrderIds, n);
  });
  const orderId = (i: number) => item(orderIds, i);

  await ids(
    'order_items',
    orderSequence.flatMap((i) =>
      item(plan.orders, i).items.map((it) => ({
        orderId: orderId(i),
        productId: item(productIds, it.productIdx),
        quantity: it.quantity,
        unitPrice: product(it.productIdx).unitPrice,
      })),
    ),
    (c) => tx.insert(t.orderItems).values(c).returning({ id: t.orderItems.orderItemId }),
  );
  await ids(
    'order_status_history',
    plan.orders
      .flatMap((o, i) => o.history.map((h) => ({ ...h, orderIdx: i })))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || orderId(a.orderIdx) - orderId(b.orderIdx))
      .map((h) => ({
        orderId: orderId(h.orderIdx),
        fromStatus: h.from,
        toStatus: h.to,
        changedBy: userId(h.by),
        changedAt: h.at,
        reason: h.reason,
      })),
    (c) => tx.insert(t.orderStatusHistory).values(c).returning({ id: t.orderStatusHistory.historyId }),
  );
  // chronological, so the trigger-maintained balance never dips below zero on the way
  await ids(
    'stock_movements',
    plan.movements.map((m) => ({
      productId: item(productIds, m.productIdx),
      delta: m.delta,
      reason: m.reason,
      orderId: m.orderIdx === null ? null : orderId(m.orderIdx),
      note: m.note,
      createdBy: userId(m.by),
      createdAt: m.at,
    })),
    (c) => tx.insert(t.stockMovements).values(c).returning({ id: t.stockMovements.movementId }),
  );
  await ids(
    'train_allocations',
    orderSequence.flatMap((i) =>
      item(plan.orders, i).allocations.map((a) => {
        const trip = tripId.get(a.tripKey);
        if (trip === undefined) throw new Error(`seed: unknown trip ${a.tripKey}`);
        return {
          orderId: orderId(i),
          trainTripId: trip,
          space: a.cents / 100,
          createdBy: userId('manager'),
          createdAt: a.at,
        };
      }),
    ),
    (c) => tx.insert(t.trainAllocations).values(c).returning({ id: t.trainAllocations.allocationId }),
  );

  const deliverySequence = plan.deliveries
    .map((_, i) => i)
    .sort(
      (a, b) => item(plan.deliveries, a).start.getTime() - item(plan.deliveries, b).start.getTime() || a - b,
    );
  const insertedDeliveryIds = await ids(
    'deliveries',
    deliverySequence.map((i) => {
      const d = item(plan.deliveries, i);
      return {
        truckId: item(truckIds, d.truckIdx),
        routeId: item(routeIds, d.routeIdx),
        driverEmployeeId: driverEmployee(d.driverIdx),
        assistantEmployeeId: assistantEmployee(d.assistantIdx),
        deliveryDateTime: d.start,
        endDateTime: d.end,
        status: d.status,
        scheduledBy: userId('manager'),
        startedAt: d.startedAt,
        completedAt: d.completedAt,
        createdAt: d.createdAt,
      };
    }),
    (c) => tx.insert(t.deliveries).values(c).returning({ id: t.deliveries.deliveryId }),
  );
  const deliveryIds: number[] = [];
  deliverySequence.forEach((planIdx, n) => {
    deliveryIds[planIdx] = item(insertedDeliveryIds, n);
  });
  const deliveryId = (i: number) => item(deliveryIds, i);

  await ids(
    'delivery_orders',
    deliverySequence.flatMap((i) =>
      item(plan.deliveries, i).orderIdxs.map((o) => ({ deliveryId: deliveryId(i), orderId: orderId(o) })),
    ),
    (c) => tx.insert(t.deliveryOrders).values(c).returning({ id: t.deliveryOrders.orderId }),
  );
  await ids(
    'item_confirmations',
    [...plan.confirmations]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((c) => ({
        deliveryId: deliveryId(c.deliveryIdx),
        orderId: orderId(c.orderIdx),
        productId: item(productIds, c.productIdx),
        confirmedBy: userId(c.by),
        confirmedAt: c.at,
      })),
    (c) => tx.insert(t.itemConfirmations).values(c).returning({ id: t.itemConfirmations.confirmationId }),
  );

  // Notifications for the demo crew, about their own deliveries.
  const nowMs = plan.now.getTime();
  const describe = (i: number) => {
    const d = item(plan.deliveries, i);
    const r = route(d.routeIdx);
    const itemCount = d.orderIdxs.reduce((s, o) => s + item(plan.orders, o).items.length, 0);
    return { d, r, itemCount, plate: item(TRUCK_DATA, d.truckIdx).plateNumber };
  };
  const notificationRows: (typeof t.notifications.$inferInsert)[] = [];
  const crew = [
    { key: 'driver' as const, employeeId: driverEmployee(0), isOn: (d: PlanDelivery) => d.driverIdx === 0 },
    {
      key: 'assistant' as const,
      employeeId: assistantEmployee(0),
      isOn: (d: PlanDelivery) => d.assistantIdx === 0,
    },
  ];
  for (const member of crew) {
    const mine = deliverySequence.filter((i) => member.isOn(item(plan.deliveries, i)));
    const push = (type: 'Alert' | 'Info', message: string, createdAt: Date, read: boolean) =>
      notificationRows.push({
        employeeId: member.employeeId,
        userId: userId(member.key),
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
        `Delivery #${deliveryId(i)} on ${r.name} completed: ${d.orderIdxs.length} orders, all ${itemCount} items confirmed. Thank you!`,
        plusMin(completed, 10),
        true,
      );
    }
    for (const i of mine.filter((n) => item(plan.deliveries, n).status !== 'Delivered')) {
      const { d, r, itemCount, plate } = describe(i);
      push(
        'Alert',
        `New assignment: delivery #${deliveryId(i)} on ${r.name} (to ${r.endLocation}), ${lkTime(d.start)}, truck ${plate}, ${d.orderIdxs.length} orders.`,
        d.createdAt,
        d.status !== 'Scheduled',
      );
      if (d.status === 'In Transit' && d.startedAt) {
        push(
          'Alert',
          `Delivery #${deliveryId(i)} has started: ${itemCount} items on ${d.orderIdxs.length} orders to confirm along ${r.coveredTowns.join(', ')}.`,
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
        `Route change for delivery #${deliveryId(nextScheduled)}: road works on ${r.name}; start with ${item(r.coveredTowns, 0)} and allow 30 extra minutes (${lkTime(d.start)}).`,
        new Date(Math.min(nowMs - 30 * MIN, d.createdAt.getTime() + 3 * HOUR)),
        false,
      );
    }
  }
  notificationRows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  await ids('notifications', notificationRows, (c) =>
    tx.insert(t.notifications).values(c).returning({ id: t.notifications.notificationId }),
  );

  // Support requests: one open from the demo customer, one closed from a wholesale customer.
  const supportRows: (typeof t.supportRequests.$inferInsert)[] = [];
  const demoScheduled = plan.orders.findIndex(
    (o) => o.customerIdx === DEMO_CUSTOMER_IDX && o.status === 'Scheduled',
  );
  if (demoScheduled >= 0) {
    const o = item(plan.orders, demoScheduled);
    supportRows.push({
      customerId: item(customerIds, DEMO_CUSTOMER_IDX),
      userId: userId('customer'),
      orderId: orderId(demoScheduled),
      subject: `Delivery time for order #${orderId(demoScheduled)}`,
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
      customerId: item(customerIds, o.customerIdx),
      userId: null,
      orderId: orderId(i),
      subject: `Damaged carton in order #${orderId(i)}`,
      message: `One carton of ${damaged} was damaged on arrival. Please credit it on the next invoice.`,
      status: 'Closed',
      createdAt: plusMin(deliveredAt, 180),
    });
  }
  await ids('support_requests', supportRows, (c) =>
    tx.insert(t.supportRequests).values(c).returning({ id: t.supportRequests.requestId }),
  );
  counts.customer_notifications = await seedCustomerNotifications(tx, plan.now);
  return counts;
}
