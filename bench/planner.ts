// npm run bench (first part): the dispatch planner of issue 12 at the size of the issue:
// 10,000 pending orders over 6 cities, 100 train trips, 30 trucks and 40 crew members.
// 1. the pure planner (plan + the view the API answers), median of 5 runs;
// 2. the whole POST /api/planning/proposals (read, plan, store) and its commit, on a database
//    filled in SQL (in-memory PGlite, or BENCH_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app';
import { openPglite, openPostgres } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { plan } from '#server/features/planning/planner';
import type { PlanInput } from '#server/features/planning/planner-types';
import { describeProposal } from '#server/features/planning/planner-view';
import { createUser } from '#server/test/factories';
import { addDays, businessDate, startOfBusinessDay } from '#shared/dates';

const ORDERS = Number(process.env.BENCH_PLAN_ORDERS ?? 10_000);
const CITIES = 6;
const TRIPS = 100;
const TRUCKS = 30;
const CREW = 40;
const H = 3_600_000;

const now = new Date();
const today = businessDate(now);
const period = { from: addDays(today, 8), to: addDays(today, 14) };

/** A deterministic pseudo-random sequence, so every run plans the same week. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function syntheticInput(): PlanInput {
  const r = rng(7);
  const cities = Array.from({ length: CITIES }, (_, i) => ({ id: i + 1, name: `City ${i + 1}` }));
  const routes = cities.flatMap((c) =>
    [0, 1].map((k) => ({
      routeId: c.id * 10 + k,
      name: `${c.name} route ${k + 1}`,
      storeId: c.id,
      storeCity: c.name,
      maxDeliveryHours: [3, 4, 5, 6][(c.id + k) % 4]!,
    })),
  );
  const firstDay = startOfBusinessDay(period.from).getTime();
  const trips = Array.from({ length: TRIPS }, (_, i) => {
    const city = cities[i % CITIES]!;
    const departure = new Date(firstDay - 6 * 24 * H + Math.floor(r() * 12 * 24) * H);
    return {
      tripId: i + 1,
      name: `Train ${i + 1}`,
      cityId: city.id,
      cityName: city.name,
      departure,
      arrival: new Date(departure.getTime() + (3 + Math.floor(r() * 5)) * H),
      totalCents: 60_000 + Math.floor(r() * 40_000),
      usedCents: Math.floor(r() * 20_000),
    };
  });
  const trucks = Array.from({ length: TRUCKS }, (_, i) => ({
    truckId: i + 1,
    plateNumber: `TR-${1000 + i}`,
    status: i % 10 === 9 ? 'Under Repair' : 'Available',
    storeId: cities[i % CITIES]!.id,
    storeCity: cities[i % CITIES]!.name,
    capacityCents: 10_000 + (i % 3) * 5_000,
  }));
  const crew = Array.from({ length: CREW }, (_, i) => {
    const store = i < 36 ? cities[Math.floor(i / 2) % CITIES]! : null;
    return {
      employeeId: i + 1,
      name: `Person ${String(i + 1).padStart(2, '0')}`,
      role: (i % 2 === 0 ? 'driver' : 'assistant') as 'driver' | 'assistant',
      storeId: store?.id ?? null,
      storeCity: store?.name ?? null,
      weeklyHourLimit: i % 7 === 0 ? 30 : null,
      active: true,
    };
  });
  const orders = Array.from({ length: ORDERS }, (_, i) => {
    const city = cities[Math.floor(r() * CITIES)]!;
    return {
      orderId: i + 1,
      status: i % 3 === 0 ? 'Scheduled' : 'Pending',
      cityId: city.id,
      cityName: city.name,
      routeId: city.id * 10 + (i % 2),
      scheduleDate: addDays(period.from, Math.floor(r() * 7)),
      spaceCents: 100 + Math.floor(r() * 1_500),
      booked: [],
      deliveryId: null,
    };
  });
  return { now, orders, trips, trucks, routes, crew, deliveries: [] };
}

function median(samples: number[]) {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

// ---- 1. the pure planner ----
const input = syntheticInput();
const samples: number[] = [];
let last: ReturnType<typeof describeProposal> | undefined;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  last = describeProposal(input, plan(input), period);
  samples.push(performance.now() - t0);
}
console.log(
  `planner (pure): ${ORDERS} orders, ${CITIES} cities, ${TRIPS} trips, ${TRUCKS} trucks, ${CREW} crew: median ${median(samples).toFixed(0)} ms`,
);
console.log(`  figures: ${JSON.stringify(last!.body.figures)}`);

// ---- 2. the endpoint on a filled database ----
const url = process.env.BENCH_DATABASE_URL;
const database = url ? openPostgres(url) : await openPglite();
await migrate(database);
const fillStart = performance.now();
const trucksSql = input.trucks
  .map(
    (t) =>
      `('${t.plateNumber}', ${t.capacityCents / 100}, '${t.status}', ${t.status === 'Under Repair' ? "'Bench repair'" : 'null'}, ${t.storeId})`,
  )
  .join(',');
const tripsSql = input.trips
  .map(
    (t) =>
      `('${t.name}', 7, ${t.cityId}, '${t.departure.toISOString()}', '${t.arrival.toISOString()}', ${t.totalCents / 100})`,
  )
  .join(',');
const crewSql = input.crew
  .map(
    (c) =>
      `('${c.name.split(' ')[0]}', '${c.name.split(' ')[1]}', '${c.role === 'driver' ? 'Driver' : 'Assistant'}', ${c.weeklyHourLimit ?? 'null'}, ${c.storeId ?? 'null'})`,
  )
  .join(',');
const ordersSql = input.orders
  .map(
    (o) =>
      `(1, now() - interval '10 days', '${o.scheduleDate}', '${o.status}', 'Main Street', ${o.cityId}, ${o.routeId})`,
  )
  .join(',');
const itemsSql = input.orders.map((o) => `(${o.orderId}, 1, ${o.spaceCents}, 1)`).join(',');
await database.exec(`
  BEGIN;
  SET LOCAL session_replication_role = replica;
  INSERT INTO cities (city_id, name) VALUES ${Array.from({ length: CITIES }, (_, i) => `(${i + 1}, 'City ${i + 1}')`).join(',')}, (7, 'Kandy');
  INSERT INTO stores (store_id, city_id, address, near_station_name)
    SELECT g, g, 'Station Road', 'Station ' || g FROM generate_series(1, ${CITIES}) g;
  INSERT INTO routes (route_id, store_id, name, end_location, max_delivery_hours, covered_towns) VALUES
    ${input.routes.map((r) => `(${r.routeId}, ${r.storeId}, '${r.name}', '${r.name}', ${r.maxDeliveryHours}, '{"${r.name}"}')`).join(',')};
  INSERT INTO trucks (plate_number, capacity, status, status_note, store_id) VALUES ${trucksSql};
  INSERT INTO train_trips (train_name, departure_city_id, arrival_city_id, departure_date_time, arrival_date_time, total_capacity)
    VALUES ${tripsSql};
  INSERT INTO employees (first_name, last_name, type, weekly_hour_limit, store_id) VALUES ${crewSql};
  INSERT INTO customers (name, type) VALUES ('Bench customer', 'Wholesale');
  INSERT INTO products (product_id, name, category, unit_price, space_per_unit) VALUES (1, 'Bench box', 'Bench', 1, 0.01);
  INSERT INTO orders (customer_id, order_date, schedule_date, status, delivery_address, city_id, route_id) VALUES ${ordersSql};
  INSERT INTO order_items (order_id, product_id, quantity, unit_price) VALUES ${itemsSql};
  COMMIT;
  ANALYZE;`);
console.log(
  `filled the database (${database.kind}) in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`,
);

const app = await buildApp({ db: database.db, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256' });
await app.ready();
const manager = await createUser(app, 'Manager');
const pendingIds = (
  await database.db.execute<{ order_id: number }>(sql`select order_id from orders where status = 'Pending'`)
).rows.map((o) => o.order_id);
const t0 = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/planning/proposals',
  headers: manager.auth,
  payload: { ...period, pending_order_ids: pendingIds },
});
const planMs = performance.now() - t0;
if (res.statusCode !== 201)
  throw new Error(`POST /api/planning/proposals: ${res.statusCode} ${res.body.slice(0, 300)}`);
const proposal = res.json();
console.log(
  `POST /api/planning/proposals (read + plan + store, ${(res.body.length / 1e6).toFixed(1)} MB answer): ${planMs.toFixed(0)} ms`,
);
console.log(`  figures: ${JSON.stringify(proposal.figures)}`);
const t1 = performance.now();
const committed = await app.inject({
  method: 'POST',
  url: `/api/planning/proposals/${proposal.proposal_id}/commit`,
  headers: manager.auth,
});
if (committed.statusCode !== 200)
  throw new Error(`commit: ${committed.statusCode} ${committed.body.slice(0, 300)}`);
console.log(
  `POST /api/planning/proposals/{id}/commit (check + apply): ${(performance.now() - t1).toFixed(0)} ms`,
);
await app.close();
await database.close();
