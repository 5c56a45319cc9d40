import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weeklyLimit, weekStart } from '#server/domain/roster-rules';
import { addDays, startOfBusinessDay } from '#shared/dates';
import { candidateStarts, plan } from './planner';
import type {
  ExistingDelivery,
  PlanCrewMember,
  PlanInput,
  PlanOrder,
  PlanRoute,
  PlanTrip,
  PlanTruck,
  Proposal,
} from './planner-types';
import { verifyProposal } from './planner-verify';

const H = 3_600_000;
// a Monday, 05:30 in Colombo
const now = new Date('2030-03-04T00:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * H);
const day = (n: number) => addDays('2030-03-04', n);

const statuses = (input: PlanInput) => new Map(input.orders.map((o) => [o.orderId, o.status]));

// ---- random datasets ----

const cityIds = [1, 2, 3];
const cityName = (id: number) => `City${id}`;

const datasetArb = fc
  .record({
    // every store has a route; some have more
    routes: fc.array(fc.constantFrom(2, 3.5, 4, 6, 9, 12), { minLength: 3, maxLength: 6 }),
    trips: fc.array(
      fc.record({
        city: fc.constantFrom(...cityIds),
        departH: fc.integer({ min: -12, max: 24 * 9 }),
        durationH: fc.integer({ min: 1, max: 14 }),
        total: fc.integer({ min: 500, max: 20_000 }),
        usedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { maxLength: 12 },
    ),
    trucks: fc.array(
      fc.record({
        capacity: fc.integer({ min: 1_500, max: 9_000 }),
        status: fc.constantFrom('Available', 'Available', 'Available', 'In Service', 'Under Repair'),
      }),
      { minLength: 3, maxLength: 9 },
    ),
    crew: fc.array(
      fc.record({
        role: fc.constantFrom('driver' as const, 'assistant' as const),
        store: fc.option(fc.constantFrom(...cityIds), { nil: null }),
        limit: fc.option(fc.constantFrom(6, 12, 20, 35), { nil: null }),
        active: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      }),
      { minLength: 2, maxLength: 14 },
    ),
    existing: fc.array(
      fc.record({
        truck: fc.nat(),
        route: fc.nat(),
        startH: fc.integer({ min: 0, max: 24 * 9 }),
        driver: fc.option(fc.nat(), { nil: null }),
        assistant: fc.option(fc.nat(), { nil: null }),
      }),
      { maxLength: 6 },
    ),
    orders: fc.array(
      fc.record({
        status: fc.constantFrom('Pending', 'Scheduled', 'Scheduled', 'Cancelled'),
        city: fc.option(fc.constantFrom(...cityIds), { nil: null, freq: 8 }),
        route: fc.option(fc.nat(), { nil: null, freq: 8 }),
        dayOffset: fc.integer({ min: 1, max: 8 }),
        cents: fc.integer({ min: 1, max: 4_000 }),
        booked: fc.option(
          fc.record({
            cents: fc.integer({ min: 1, max: 3_000 }),
            arrivalH: fc.integer({ min: -48, max: 24 * 8 }),
          }),
          {
            nil: null,
            freq: 4,
          },
        ),
        onDelivery: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
      }),
      { maxLength: 40 },
    ),
  })
  .map((d): PlanInput => {
    const routes: PlanRoute[] = d.routes.map((hours, i) => ({
      routeId: 100 + i,
      name: `Route ${i}`,
      storeId: cityIds[i % cityIds.length]!,
      storeCity: cityName(cityIds[i % cityIds.length]!),
      maxDeliveryHours: hours,
    }));
    const trips: PlanTrip[] = d.trips.map((t, i) => ({
      tripId: 200 + i,
      name: `Train ${i}`,
      cityId: t.city,
      cityName: cityName(t.city),
      departure: at(t.departH),
      arrival: at(t.departH + t.durationH),
      totalCents: t.total,
      usedCents: Math.floor(t.total * t.usedShare),
    }));
    const trucks: PlanTruck[] = d.trucks.map((t, i) => ({
      truckId: 300 + i,
      plateNumber: `TR-${i}`,
      status: t.status,
      storeId: cityIds[i % cityIds.length]!,
      storeCity: cityName(cityIds[i % cityIds.length]!),
      capacityCents: t.capacity,
    }));
    const crew: PlanCrewMember[] = d.crew.map((c, i) => ({
      employeeId: 400 + i,
      name: `${c.role} ${String.fromCharCode(65 + i)}`,
      role: c.role,
      storeId: c.store,
      storeCity: c.store === null ? null : cityName(c.store),
      weeklyHourLimit: c.limit,
      active: c.active,
    }));
    const drivers = crew.filter((c) => c.role === 'driver');
    const assistants = crew.filter((c) => c.role === 'assistant');
    const deliveries: ExistingDelivery[] = [];
    if (trucks.length > 0) {
      d.existing.forEach((e, i) => {
        const route = routes[e.route % routes.length]!;
        const start = at(e.startH);
        deliveries.push({
          deliveryId: 500 + i,
          truckId: trucks[e.truck % trucks.length]!.truckId,
          routeId: route.routeId,
          driverId:
            e.driver === null || drivers.length === 0 ? null : drivers[e.driver % drivers.length]!.employeeId,
          assistantId:
            e.assistant === null || assistants.length === 0
              ? null
              : assistants[e.assistant % assistants.length]!.employeeId,
          start,
          end: new Date(start.getTime() + route.maxDeliveryHours * H),
        });
      });
    }
    const orders: PlanOrder[] = d.orders.map((o, i) => {
      const cityRoutes = routes.filter((r) => r.storeId === o.city);
      const route =
        o.route === null || cityRoutes.length === 0 ? null : cityRoutes[o.route % cityRoutes.length]!;
      return {
        orderId: 1 + i,
        status: o.status,
        cityId: o.city,
        cityName: o.city === null ? null : cityName(o.city),
        routeId: route?.routeId ?? null,
        scheduleDate: day(o.dayOffset),
        spaceCents: o.booked ? o.booked.cents : o.cents,
        booked: o.booked ? [{ tripId: 999, cents: o.booked.cents, arrival: at(o.booked.arrivalH) }] : [],
        deliveryId: o.onDelivery ? 9_999 : null,
      };
    });
    return { now, orders, trips, trucks, routes, crew, deliveries };
  });

// ---- an oracle written apart from the planner: the rules checked on the final roster ----

interface Span {
  id: string;
  planned: boolean;
  start: number;
  end: number;
}

function rosterBreaches(input: PlanInput, proposal: Proposal): string[] {
  const breaches: string[] = [];
  const spans = new Map<string, Span[]>();
  const add = (who: string, s: Span) => spans.set(who, [...(spans.get(who) ?? []), s]);
  for (const d of input.deliveries) {
    const s = { id: `e${d.deliveryId}`, planned: false, start: d.start.getTime(), end: d.end.getTime() };
    add(`truck ${d.truckId}`, s);
    if (d.driverId !== null) add(`crew ${d.driverId}`, s);
    if (d.assistantId !== null) add(`crew ${d.assistantId}`, s);
  }
  for (const d of proposal.deliveries) {
    const s = { id: `p${d.key}`, planned: true, start: d.start.getTime(), end: d.end.getTime() };
    add(`truck ${d.truckId}`, s);
    add(`crew ${d.driverId}`, s);
    add(`crew ${d.assistantId}`, s);
  }
  const rest = 60 * 60_000;
  for (const [who, list] of spans) {
    list.sort((a, b) => a.start - b.start);
    const person = who.startsWith('crew')
      ? input.crew.find((c) => `crew ${c.employeeId}` === who)
      : undefined;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i]!, list[j]!];
        if (!a.planned && !b.planned) continue;
        if (a.start < b.end && b.start < a.end) breaches.push(`${who}: ${a.id} overlaps ${b.id}`);
        else if (person?.role === 'driver' && b.start - a.end < rest)
          breaches.push(`${who}: no rest ${a.id} ${b.id}`);
      }
    }
    if (person?.role === 'assistant') {
      let run = 1;
      for (let i = 1; i < list.length; i++) {
        run = list[i]!.start - list[i - 1]!.end < rest ? run + 1 : 1;
        if (run > 2 && list.slice(i - run + 1, i + 1).some((s) => s.planned))
          breaches.push(`${who}: run of ${run}`);
      }
    }
    if (person) {
      const weeks = new Map<number, { hours: number; planned: boolean }>();
      for (const s of list) {
        const w = weekStart(new Date(s.start)).getTime();
        const e = weeks.get(w) ?? { hours: 0, planned: false };
        e.hours += (s.end - s.start) / H;
        e.planned ||= s.planned;
        weeks.set(w, e);
      }
      for (const [, w] of weeks) {
        if (w.planned && w.hours > weeklyLimit(person) + 1e-9)
          breaches.push(`${who}: ${w.hours} h in a week`);
      }
    }
  }
  return breaches;
}

describe('plan (property-based)', () => {
  it('never breaks a rule, and plans every order or says why', () => {
    fc.assert(
      fc.property(datasetArb, (input) => {
        const proposal = plan(input);
        // the same checks the commit runs
        expect(verifyProposal(input, proposal, statuses(input))).toEqual([]);
        expect(rosterBreaches(input, proposal)).toEqual([]);

        const trips = new Map(input.trips.map((t) => [t.tripId, t]));
        const orders = new Map(input.orders.map((o) => [o.orderId, o]));
        // trips: capacity, departure after now, arrival before the order's day; whole orders
        const perTrip = new Map<number, number>();
        const perOrder = new Map<number, number>();
        for (const b of proposal.bookings) {
          const trip = trips.get(b.tripId)!;
          const order = orders.get(b.orderId)!;
          perTrip.set(b.tripId, (perTrip.get(b.tripId) ?? 0) + b.cents);
          perOrder.set(b.orderId, (perOrder.get(b.orderId) ?? 0) + b.cents);
          expect(trip.cityId).toBe(order.cityId);
          expect(trip.departure > now).toBe(true);
          expect(trip.arrival < startOfBusinessDay(order.scheduleDate)).toBe(true);
        }
        for (const [tripId, cents] of perTrip) {
          const trip = trips.get(tripId)!;
          expect(trip.usedCents + cents).toBeLessThanOrEqual(trip.totalCents);
        }
        for (const [orderId, cents] of perOrder) expect(cents).toBe(orders.get(orderId)!.spaceCents);

        // trucks: capacity, not under repair (docs/decisions/0057), at the route's store, on the order's day
        const onTruck = new Map<number, number>();
        for (const d of proposal.deliveries) {
          const truck = input.trucks.find((t) => t.truckId === d.truckId)!;
          const route = input.routes.find((r) => r.routeId === d.routeId)!;
          expect(truck.status).not.toBe('Under Repair');
          expect(truck.storeId).toBe(route.storeId);
          expect(d.loadCents).toBeLessThanOrEqual(truck.capacityCents);
          expect(d.orderIds.length).toBeGreaterThan(0);
          let load = 0;
          for (const id of d.orderIds) {
            const o = orders.get(id)!;
            expect(onTruck.has(id)).toBe(false);
            onTruck.set(id, d.key);
            expect(o.routeId).toBe(d.routeId);
            load += perOrder.get(id) ?? o.booked.reduce((s, l) => s + l.cents, 0);
            expect(d.start >= startOfBusinessDay(o.scheduleDate)).toBe(true);
            expect(d.end <= startOfBusinessDay(addDays(o.scheduleDate, 1))).toBe(true);
          }
          expect(load).toBe(d.loadCents);
        }

        // every order exactly once: planned (on a train and a truck) or listed with a reason
        const unplanned = new Map(proposal.unplanned.map((u) => [u.orderId, u]));
        expect(unplanned.size).toBe(proposal.unplanned.length);
        for (const o of input.orders) {
          const listed = unplanned.get(o.orderId);
          if (listed) {
            expect(listed.reason.length).toBeGreaterThan(0);
            expect(onTruck.has(o.orderId)).toBe(false);
          } else {
            expect(onTruck.has(o.orderId)).toBe(true);
            expect(o.booked.length > 0 || perOrder.get(o.orderId) === o.spaceCents).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and leaves its input alone', () => {
    fc.assert(
      fc.property(datasetArb, (input) => {
        const before = JSON.stringify(input);
        expect(plan(input)).toEqual(plan(input));
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 50 },
    );
  });
});

// ---- worked examples ----

const route: PlanRoute = {
  routeId: 1,
  name: 'Galle Fort',
  storeId: 1,
  storeCity: 'Galle',
  maxDeliveryHours: 4,
};
const trip = (tripId: number, departH: number, totalCents: number, usedCents = 0): PlanTrip => ({
  tripId,
  name: `T${tripId}`,
  cityId: 1,
  cityName: 'Galle',
  departure: at(departH),
  arrival: at(departH + 4),
  totalCents,
  usedCents,
});
const truck = (truckId: number, capacityCents: number): PlanTruck => ({
  truckId,
  plateNumber: `GA-${truckId}`,
  status: 'Available',
  storeId: 1,
  storeCity: 'Galle',
  capacityCents,
});
const person = (employeeId: number, role: 'driver' | 'assistant', name: string): PlanCrewMember => ({
  employeeId,
  name,
  role,
  storeId: 1,
  storeCity: 'Galle',
  weeklyHourLimit: null,
  active: true,
});
const order = (orderId: number, dayOffset: number, spaceCents: number): PlanOrder => ({
  orderId,
  status: 'Scheduled',
  cityId: 1,
  cityName: 'Galle',
  routeId: 1,
  scheduleDate: day(dayOffset),
  spaceCents,
  booked: [],
  deliveryId: null,
});
const base = (over: Partial<PlanInput>): PlanInput => ({
  now,
  orders: [],
  trips: [trip(1, 10, 100_00)],
  trucks: [truck(1, 500_00)],
  routes: [route],
  crew: [person(1, 'driver', 'Dilan'), person(2, 'assistant', 'Asha')],
  deliveries: [],
  ...over,
});

describe('plan (examples)', () => {
  it('gives the scarce trip to the earliest deadline and splits an order across trips', () => {
    const input = base({
      trips: [trip(1, 10, 60_00), trip(2, 40, 100_00)],
      orders: [order(1, 4, 50_00), order(2, 2, 40_00), order(3, 4, 30_00)],
    });
    const p = plan(input);
    expect(p.unplanned).toEqual([]);
    expect(p.bookings).toEqual([
      { orderId: 2, tripId: 1, cents: 40_00 },
      { orderId: 1, tripId: 1, cents: 20_00 },
      { orderId: 1, tripId: 2, cents: 30_00 },
      { orderId: 3, tripId: 2, cents: 30_00 },
    ]);
  });

  it('says which step failed and why', () => {
    const input = base({
      trips: [trip(1, 10, 100_00)],
      trucks: [truck(1, 20_00)],
      orders: [order(1, 3, 150_00), { ...order(2, 3, 5_00), routeId: null }, order(3, 3, 8_00)],
      crew: [person(2, 'assistant', 'Asha')],
    });
    const p = plan(input);
    expect(p.unplanned).toEqual([
      { orderId: 1, stage: 'train', reason: expect.stringContaining('No trip with space before its date') },
      { orderId: 2, stage: 'truck', reason: expect.stringContaining('No truck route covers') },
      { orderId: 3, stage: 'crew', reason: expect.stringContaining('No eligible driver') },
    ]);
  });

  it('fills a truck before opening the next, starting early in the day', () => {
    const p = plan(
      base({ trucks: [truck(1, 50_00), truck(2, 30_00)], orders: [order(1, 3, 20_00), order(2, 3, 25_00)] }),
    );
    expect(p.deliveries).toHaveLength(1);
    expect(p.deliveries[0]).toMatchObject({ truckId: 1, orderIds: [1, 2], loadCents: 45_00 });
    expect(p.deliveries[0]!.start).toEqual(candidateStarts(day(3), 4, now)[0]);
  });

  it('spreads the hours: the least-loaded eligible person first', () => {
    const busy = at(24 * 2 + 3); // Wednesday, Dilan already drove 4 h
    const input = base({
      crew: [person(1, 'driver', 'Dilan'), person(3, 'driver', 'Nimal'), person(2, 'assistant', 'Asha')],
      trucks: [truck(1, 500_00), truck(2, 500_00)],
      deliveries: [
        {
          deliveryId: 9,
          truckId: 2,
          routeId: 1,
          driverId: 1,
          assistantId: null,
          start: busy,
          end: at(24 * 2 + 7),
        },
      ],
      orders: [order(1, 5, 10_00)],
    });
    expect(plan(input).deliveries[0]).toMatchObject({ driverId: 3, assistantId: 2 });
  });

  it('uses a second truck and another crew when the first cannot take it all', () => {
    const input = base({
      routes: [{ ...route, maxDeliveryHours: 12 }],
      trucks: [truck(1, 30_00), truck(2, 30_00)],
      trips: [trip(1, 10, 100_00)],
      crew: [
        person(1, 'driver', 'Dilan'),
        person(3, 'driver', 'Nimal'),
        person(2, 'assistant', 'Asha'),
        person(4, 'assistant', 'Bina'),
      ],
      orders: [order(1, 3, 25_00), order(2, 3, 25_00)],
    });
    const p = plan(input);
    expect(p.unplanned).toEqual([]);
    // a 12-hour route: the first truck and crew cannot go twice on one day
    expect(p.deliveries.map((d) => [d.truckId, d.driverId, d.assistantId, d.orderIds])).toEqual([
      [1, 1, 2, [1]],
      [2, 3, 4, [2]],
    ]);
    expect(verifyProposal(input, p, statuses(input))).toEqual([]);
  });
});

describe('verifyProposal', () => {
  it('names what changed since the proposal was computed', () => {
    const input = base({ orders: [order(1, 3, 20_00), order(2, 3, 20_00)] });
    const p = plan(input);
    const later: PlanInput = {
      ...input,
      orders: [{ ...order(1, 3, 20_00), status: 'Cancelled' }, order(2, 3, 20_00)],
      trips: [trip(1, 10, 100_00, 90_00)],
      deliveries: [
        {
          deliveryId: 7,
          truckId: 2,
          routeId: 1,
          driverId: 1,
          assistantId: null,
          start: p.deliveries[0]!.start,
          end: p.deliveries[0]!.end,
        },
      ],
    };
    const problems = verifyProposal(later, p, statuses(input));
    expect(problems).toEqual(
      expect.arrayContaining([
        'Order 1 was Scheduled and is now Cancelled',
        'Train trip 1 (T1) has 10 units of space free now; the plan books 40 on it',
        expect.stringMatching(/^Driver Dilan is already on delivery 7/),
      ]),
    );
  });
});
