import { MIN_REST_MINUTES, START_WINDOW_MS } from '#shared/constants';
import { canTransition } from '#shared/order-status';
import {
  ASSISTANT_WEEKLY_HOURS,
  DRIVER_DATA,
  DRIVER_WEEKLY_HOURS,
  PRODUCT_DATA,
  TRUCK_DATA,
} from '../seed-data';
import { customer, DAY, HOUR, item, product, route } from './kit';
import type { PlanDelivery, SeedPlan } from './plan';

/** Rest a driver needs between two deliveries (docs/product/business-rules.md#rosters). */
const MIN_REST_MS = MIN_REST_MINUTES * 60_000;

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
  // One run on the road per truck, driver and assistant (the unique indexes of migration 0029);
  // no run to do on a truck under repair (its trigger refuses to write one).
  for (const [who, list] of byPerson) {
    if (list.filter((d) => d.status === 'In Transit').length > 1)
      problems.push(`${who}: two runs on the road`);
  }
  plan.deliveries.forEach((d, i) => {
    if (d.status !== 'Delivered' && item(TRUCK_DATA, d.truckIdx).status === 'Under Repair')
      problems.push(`delivery ${i}: ${d.status} on a truck under repair`);
  });
  // The demo crew (driver and assistant 0) is not on the road and can start its next run now.
  const isDemoCrew = (d: PlanDelivery) => d.driverIdx === 0 || d.assistantIdx === 0;
  if (plan.deliveries.some((d) => isDemoCrew(d) && d.status === 'In Transit'))
    problems.push('the demo crew is on the road');
  const startable = plan.deliveries.find(
    (d) =>
      d.driverIdx === 0 &&
      d.assistantIdx === 0 &&
      d.status === 'Scheduled' &&
      d.start.getTime() - START_WINDOW_MS <= nowMs &&
      d.orderIdxs.length > 0 &&
      !plan.deliveries.some((o) => o.status === 'In Transit' && o.truckIdx === d.truckIdx),
  );
  if (!startable) problems.push('the demo crew has no run it can start now');

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
