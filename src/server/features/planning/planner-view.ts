// What the manager sees of a proposal: the train board, a timeline per truck and per crew member,
// the unplanned orders and the figures before and after. Pure, like the planner.

import { fromCents, utilisationPercent } from '#server/domain/allocation';
import { weeklyLimit } from '#server/domain/roster-rules';
import type { PlanFigures, PlanOrderView, ProposalView, TimelineItem } from '#shared/contract/planning';
import { addDays, startOfBusinessDay } from '#shared/dates';
import type { PlanInput, Proposal } from './planner-types';

const HOUR_MS = 3_600_000;
const iso = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');
const round1 = (n: number) => Math.round(n * 10) / 10;

export type ProposalBody = Omit<
  ProposalView,
  'proposal_id' | 'status' | 'created_at' | 'committed_at' | 'expires_at' | 'expired'
>;

/**
 * The proposal as the API answers it (without its id and status), for the period from..to, and
 * every order it looked at with its status then (kept for the commit's check, not answered).
 */
export function describeProposal(
  input: PlanInput,
  proposal: Proposal,
  period: { from: string; to: string },
): { body: ProposalBody; orders: PlanOrderView[] } {
  const periodStart = startOfBusinessDay(period.from).getTime();
  const periodEnd = startOfBusinessDay(addDays(period.to, 1)).getTime();
  const inPeriod = (start: Date) => start.getTime() >= periodStart && start.getTime() < periodEnd;
  const trips = new Map(input.trips.map((t) => [t.tripId, t]));
  const routes = new Map(input.routes.map((r) => [r.routeId, r]));
  const trucks = new Map(input.trucks.map((t) => [t.truckId, t]));
  const crew = new Map(input.crew.map((c) => [c.employeeId, c]));
  const routeName = (id: number) => routes.get(id)?.name ?? `Route ${id}`;

  const bookings = proposal.bookings.map((b) => {
    const t = trips.get(b.tripId)!;
    return {
      order_id: b.orderId,
      train_trip_id: b.tripId,
      train_name: t.name,
      departure_date_time: iso(t.departure),
      arrival_date_time: iso(t.arrival),
      space: fromCents(b.cents),
    };
  });

  const deliveries = proposal.deliveries.map((d) => {
    const truck = trucks.get(d.truckId)!;
    return {
      key: d.key,
      delivery_id: null,
      route_id: d.routeId,
      route_name: routeName(d.routeId),
      store_city: routes.get(d.routeId)?.storeCity ?? '',
      truck_id: d.truckId,
      plate_number: truck.plateNumber,
      truck_capacity: fromCents(truck.capacityCents),
      delivery_date_time: iso(d.start),
      end_date_time: iso(d.end),
      driver_employee_id: d.driverId,
      driver_name: crew.get(d.driverId)?.name ?? '',
      assistant_employee_id: d.assistantId,
      assistant_name: crew.get(d.assistantId)?.name ?? '',
      order_ids: d.orderIds,
      load: fromCents(d.loadCents),
    };
  });

  const unplannedIds = new Set(proposal.unplanned.map((u) => u.orderId));
  const deliveryOf = new Map<number, (typeof proposal.deliveries)[number]>();
  for (const d of proposal.deliveries) for (const id of d.orderIds) deliveryOf.set(id, d);
  const orders: PlanOrderView[] = input.orders.map((o) => ({
    order_id: o.orderId,
    status: o.status,
    schedule_date: o.scheduleDate,
    city: o.cityName,
    space: fromCents(o.booked.length > 0 ? o.booked.reduce((s, l) => s + l.cents, 0) : o.spaceCents),
    planned: !unplannedIds.has(o.orderId) && deliveryOf.has(o.orderId),
  }));
  const onTime = orders.filter((o) => {
    const d = deliveryOf.get(o.order_id);
    return o.planned && d !== undefined && d.end <= startOfBusinessDay(addDays(o.schedule_date, 1));
  }).length;

  // train board
  const added = new Map<number, { cents: number; orders: Set<number> }>();
  for (const b of proposal.bookings) {
    const a = added.get(b.tripId) ?? { cents: 0, orders: new Set<number>() };
    a.cents += b.cents;
    a.orders.add(b.orderId);
    added.set(b.tripId, a);
  }
  const board = [...input.trips]
    .sort((a, b) => a.departure.getTime() - b.departure.getTime() || a.tripId - b.tripId)
    .map((t) => ({
      train_trip_id: t.tripId,
      train_name: t.name,
      city: t.cityName,
      departure_date_time: iso(t.departure),
      arrival_date_time: iso(t.arrival),
      total_capacity: fromCents(t.totalCents),
      used_before: fromCents(t.usedCents),
      used_after: fromCents(t.usedCents + (added.get(t.tripId)?.cents ?? 0)),
      new_orders: added.get(t.tripId)?.orders.size ?? 0,
    }));
  const total = input.trips.reduce((s, t) => s + t.totalCents, 0);
  const usedBefore = input.trips.reduce((s, t) => s + t.usedCents, 0);
  const usedAfter = usedBefore + proposal.bookings.reduce((s, b) => s + b.cents, 0);

  // timelines: every delivery starting in the period, existing and planned
  type Item = TimelineItem & { truckId: number; driverId: number | null; assistantId: number | null };
  const items: Item[] = [
    ...input.deliveries
      .filter((d) => inPeriod(d.start))
      .map((d) => ({
        kind: 'existing' as const,
        delivery_id: d.deliveryId,
        key: null,
        route_name: routeName(d.routeId),
        start: iso(d.start),
        end: iso(d.end),
        truckId: d.truckId,
        driverId: d.driverId,
        assistantId: d.assistantId,
      })),
    ...proposal.deliveries.map((d) => ({
      kind: 'planned' as const,
      delivery_id: null,
      key: d.key,
      route_name: routeName(d.routeId),
      start: iso(d.start),
      end: iso(d.end),
      truckId: d.truckId,
      driverId: d.driverId,
      assistantId: d.assistantId,
    })),
  ].sort((a, b) => a.start.localeCompare(b.start));
  const strip = ({ truckId: _t, driverId: _d, assistantId: _a, ...item }: Item): TimelineItem => item;
  const hoursOf = (list: Item[]) =>
    round1(list.reduce((s, i) => s + (Date.parse(i.end) - Date.parse(i.start)) / HOUR_MS, 0));

  const truckRows = [...input.trucks]
    .sort((a, b) => a.storeCity.localeCompare(b.storeCity) || a.plateNumber.localeCompare(b.plateNumber))
    .map((t) => ({
      truck_id: t.truckId,
      plate_number: t.plateNumber,
      store_city: t.storeCity,
      status: t.status,
      capacity: fromCents(t.capacityCents),
      items: items.filter((i) => i.truckId === t.truckId).map(strip),
    }));
  const crewRows = [...input.crew]
    .filter((c) => c.active)
    .sort(
      (a, b) =>
        // drivers first
        b.role.localeCompare(a.role) ||
        (a.storeCity ?? '').localeCompare(b.storeCity ?? '') ||
        a.name.localeCompare(b.name),
    )
    .map((c) => {
      const mine = items.filter((i) => i.driverId === c.employeeId || i.assistantId === c.employeeId);
      return {
        employee_id: c.employeeId,
        name: c.name,
        role: c.role,
        store_city: c.storeCity,
        weekly_limit: weeklyLimit(c),
        hours_before: hoursOf(mine.filter((i) => i.kind === 'existing')),
        hours_after: hoursOf(mine),
        items: mine.map(strip),
      };
    });

  const booked = new Set(proposal.bookings.map((b) => b.orderId));
  const figures: PlanFigures = {
    orders_total: orders.length,
    orders_planned: orders.filter((o) => o.planned).length,
    orders_on_time: onTime,
    orders_unplanned: proposal.unplanned.length,
    train_bookings: proposal.bookings.length,
    train_utilisation_before: utilisationPercent(usedBefore, total),
    train_utilisation_after: utilisationPercent(usedAfter, total),
    deliveries: proposal.deliveries.length,
    trucks_used: new Set(proposal.deliveries.map((d) => d.truckId)).size,
    trucks_available: input.trucks.filter((t) => t.status === 'Available').length,
    crew_hours_before: round1(crewRows.reduce((s, c) => s + c.hours_before, 0)),
    crew_hours_after: round1(crewRows.reduce((s, c) => s + c.hours_after, 0)),
    // what the commit approves: the Pending orders it books or loads
    orders_to_approve: orders.filter(
      (o) => o.status === 'Pending' && (booked.has(o.order_id) || deliveryOf.has(o.order_id)),
    ).length,
  };

  const body: ProposalBody = {
    from: period.from,
    to: period.to,
    figures,
    bookings,
    deliveries,
    unplanned: proposal.unplanned.map((u) => ({ order_id: u.orderId, stage: u.stage, reason: u.reason })),
    trips: board,
    trucks: truckRows,
    crew: crewRows,
  };
  return { body, orders };
}
