// npm run bench: the dispatch planner (bench/planner.ts), then the order queries of the customer
// portal at scale.
// BENCH_ORDERS (default 1,000,000) orders with 2-3 items each are generated in SQL on an
// in-memory PGlite (or BENCH_DATABASE_URL, a PostgreSQL database that will be filled), then
// each query is run several times and its median time is printed.
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import {
  countOrders,
  findOrderHeader,
  findOrderItems,
  listOrders,
  statusCounts,
} from '#server/features/orders/orders.queries';

// One entry point, because npm appends `npm run bench -- ARGS` to the last command of a script
// only: `--http` runs the HTTP benchmark alone, `--day` the business day (bench/http/day.ts);
// without them the planner bench runs first.
if (process.argv.includes('--day')) {
  const { dayBenchMain } = await import('./http/day');
  await dayBenchMain(process.argv.slice(2));
  process.exit(0);
}
if (process.argv.includes('--http')) {
  const { httpBenchMain } = await import('./http/run-http');
  await httpBenchMain(process.argv.slice(2));
  process.exit(0);
}
await import('./planner');

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const CUSTOMERS = Math.max(10, Math.round(ORDERS / 500));
const RUNS = 7;

async function fill(database: Database) {
  const db = database.db;
  const started = performance.now();
  // bulk load without per-row triggers (audit, stock ledger): this is test data, not business
  await database.exec(`
    BEGIN;
    SET LOCAL session_replication_role = replica;
    INSERT INTO cities (name) VALUES ('Colombo');
    INSERT INTO products (name, category, unit_price, space_per_unit, available_units)
      SELECT 'Product ' || g, 'Category ' || (g % 6), 1 + (g % 20), 0.5, 1000000 FROM generate_series(1, 50) g;
    INSERT INTO customers (name, type, address, city, city_id)
      SELECT 'Customer ' || g, CASE WHEN g % 2 = 0 THEN 'Retail' ELSE 'Wholesale' END, g || ' Main Street', 'Colombo', 1
      FROM generate_series(1, ${CUSTOMERS}) g;
    INSERT INTO orders (customer_id, order_date, schedule_date, status, delivery_address, city_id)
      SELECT 1 + (g % ${CUSTOMERS}), ts, (ts AT TIME ZONE 'UTC')::date + 8,
             (ARRAY['Pending','Scheduled','In Transit','Delivered','Delivered','Delivered','Cancelled'])[1 + g % 7],
             g || ' Main Street', 1
      FROM (SELECT g, timestamptz '2024-01-01' + (g * interval '47 seconds') AS ts FROM generate_series(1, ${ORDERS}) g) s;
    INSERT INTO order_items (order_id, product_id, quantity, unit_price)
      SELECT o.order_id, 1 + ((o.order_id * 7 + k * 13) % 50), 1 + (o.order_id % 9), 1 + ((o.order_id + k) % 20)
      FROM orders o, generate_series(0, 1 + o.order_id % 2) k;
    SELECT rebuild_order_counts();
    SELECT rebuild_customer_delivery_addresses();
    COMMIT;
    ANALYZE;`);
  const counts = await db.execute<{ orders: number; items: number }>(
    sql`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items`,
  );
  console.log(
    `filled ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function time(label: string, fn: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} median ${samples[Math.floor(RUNS / 2)]!.toFixed(1).padStart(8)} ms`);
}

const url = process.env.BENCH_DATABASE_URL;
const database = url ? openPostgres(url) : await openPglite();
console.log(`database: ${database.kind}, orders: ${ORDERS}, customers: ${CUSTOMERS}`);
await migrate(database);
await fill(database);
const db = database.db;
const customer = { customerId: 42 };
const staff = { customerId: null };

await time('customer: list page 1 (10 rows)', () => listOrders(db, customer, 10, 0));
await time('customer: count', () => countOrders(db, customer, null));
await time('customer: status counts (dashboard)', () => statusCounts(db, customer));
await time('customer: list filtered by status', () =>
  listOrders(db, { ...customer, status: 'Pending' }, 10, 0),
);
await time('staff: list page 1', () => listOrders(db, staff, 10, 0));
await time('staff: list page 1000', () => listOrders(db, staff, 10, 9990));
await time('staff: list Pending page 1', () => listOrders(db, { ...staff, status: 'Pending' }, 10, 0));
await time('staff: count all', () => countOrders(db, staff, null));
await time('staff: text search by order number', () => listOrders(db, { ...staff, q: '#123456' }, 10, 0));
await time('staff: text search by product name', () => listOrders(db, { ...staff, q: 'product 17' }, 10, 0));
await time('customer: text search by product name', () =>
  listOrders(db, { ...customer, q: 'product 17' }, 10, 0),
);
await time('order detail (header + items)', async () => {
  await findOrderHeader(db, ORDERS - 5, staff);
  await findOrderItems(db, ORDERS - 5);
});
await database.close();
