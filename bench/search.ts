// npm run bench:search: GET /api/search over HTTP at 1M orders on PostgreSQL (issue 13).
//   BENCH_DATABASE_URL=postgres://.../kp_bench npm run bench:search
// Migrates the database, fills it with bench/search-fill.sql when it has no orders yet (about
// 5 minutes on the 2-core machine), starts the app in-process on a free port and runs each
// query with autocannon at 4 connections, printing p50/p99 per query and per role.
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app';
import { openPostgres } from '#server/db/client';
import { migrate } from '#server/db/migrate';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database (it will be filled)');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 4;

const database = openPostgres(url, { max: 8 });
await migrate(database);
const has = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
if (has.rows[0]!.n === 0) {
  const started = performance.now();
  const fill = await readFile(new URL('./search-fill.sql', import.meta.url), 'utf8');
  await database.exec(fill.replace(/^\\.*$/gm, ''));
  console.log(`filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
const counts = await database.db.execute(
  sql`select (select count(*) from orders)::int as orders, (select count(*) from customers)::int as customers,
             (select count(*) from deliveries)::int as deliveries, (select count(*) from train_trips)::int as trips`,
);
console.log(JSON.stringify(counts.rows[0]));

const app = await buildApp({ db: database.db, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256' });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
async function tokenOf(userName: string) {
  const res = await database.db.execute<{ user_id: number }>(
    sql`select user_id from users where user_name = ${userName}`,
  );
  return app.ctx.tokens.sign(res.rows[0]!.user_id);
}

const order = await database.db.execute<{ id: number; own: number }>(
  sql`select (select max(order_id) - 123 from orders)::int as id,
             (select order_id from orders where customer_id = 42 order by order_id desc offset 3 limit 1) as own`,
);
const { id: orderId, own } = order.rows[0]!;
const CASES: Array<[string, string, string]> = [
  ['manager', 'order number', `#${orderId}`],
  ['manager', 'customer name with a typo', 'Jayasinhe Traders'],
  ['manager', 'name prefix', 'dilsh'],
  ['manager', 'two words (first name, surname)', 'nuwan perera'],
  ['manager', 'address words', 'temple road galle'],
  ['manager', 'plate without separators', 'wpcab'],
  ['manager', 'city (trips, deliveries)', 'negombo'],
  ['customer', 'own order number', String(own)],
  ['customer', 'product words in own orders', 'ceylon tea'],
  ['warehouse', 'order number (ledger)', String(orderId)],
  ['warehouse', 'note words', 'recount audit'],
  ['driver', 'town of own deliveries', 'dehiwala'],
  ['admin', 'everything, a surname', 'wickramasinghe'],
];
const tokens: Record<string, string> = {};
for (const role of ['manager', 'customer', 'warehouse', 'driver', 'admin'])
  tokens[role] = await tokenOf(`bench-${role}`);

console.log(`GET /api/search, ${CONNECTIONS} connections, ${SECONDS} s each`);
// the machine is shared: the cheapest authenticated call under the same load is the yardstick
CASES.unshift(['manager', 'yardstick: GET /api/auth/profile', '']);
console.log(
  `${'role'.padEnd(10)}${'query'.padEnd(36)}${'req/s'.padStart(8)}${'p50'.padStart(8)}${'p99'.padStart(8)}  hits`,
);
for (const [role, label, q] of CASES) {
  const path = q ? `/api/search?q=${encodeURIComponent(q)}` : '/api/auth/profile';
  const probe = await app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: `Bearer ${tokens[role]}` },
  });
  const body = probe.json() as { groups?: Array<{ kind: string; hits: unknown[] }> };
  const hits = (body.groups ?? []).map((g) => `${g.kind}:${g.hits.length}`).join(' ');
  const result = await autocannon({
    url: `${address}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${tokens[role]}` },
  });
  const bad = result.non2xx + result.errors;
  console.log(
    `${role.padEnd(10)}${label.padEnd(36)}${Math.round(result.requests.average).toString().padStart(8)}` +
      `${`${result.latency.p50}`.padStart(8)}${`${result.latency.p99}`.padStart(8)}  ${hits}${bad ? `  (${bad} failed)` : ''}`,
  );
}
await app.close();
await database.close();
