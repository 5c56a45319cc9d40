// The placement functions alone, without the HTTP server: batches of `place_orders()` (as the
// server's PlacementBatcher sends them: BEGIN, the advisory lock, the batch, COMMIT) or lone
// `place_order()` calls, one connection, and the backend's CPU per order from /proc/<pid>/stat
// (PostgreSQL on the same machine). Decision 0050.
// Usage: tsx bench/http/place-sql.ts <db url> [--hot] [--batch 16] [--orders 1600] [--perf out.data]
// (--perf: `perf record -e cpu-clock -g` of the backend meanwhile; `perf report -i out.data`)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

const [url, ...args] = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const hot = args.includes('--hot');
const batchSize = Number(arg('--batch') ?? 16);
const total = Number(arg('--orders') ?? 1600);
const TICK = Number(process.env.CLK_TCK ?? 100);

function cpuOf(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / TICK;
}

const c = new pg.Client({ connectionString: url });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p as number;
const user = (await c.query("select user_id, customer_id from users where user_name = 'bigcustomer1'"))
  .rows[0];
const products = (
  await c.query('select product_id from products where available_units > 1000 order by product_id')
).rows.map((r) => r.product_id as number);
const schedule = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
let n = 0;
const order = () => {
  n += 1;
  const pick = hot
    ? products.slice(0, 3)
    : [0, 1, 2].map((k) => products[(n * 7 + k * 5) % products.length]!);
  const ids = [...new Set(pick)].sort((a, b) => a - b);
  return {
    actor: user.user_id,
    customer: user.customer_id,
    at: new Date().toISOString(),
    schedule,
    address: null,
    city: null,
    instructions: null,
    fee: 0,
    product_ids: ids,
    quantities: ids.map((_, k) => 1 + ((n + k) % 3)),
    files: [],
  };
};

const perfOut = arg('--perf');
const perf = perfOut
  ? spawn('perf', ['record', '-e', 'cpu-clock', '-g', '-p', String(pid), '-o', perfOut], { stdio: 'ignore' })
  : null;
if (perf) await new Promise((r) => setTimeout(r, 500));
const cpu0 = cpuOf(pid);
const t0 = performance.now();
let placed = 0;
while (placed < total) {
  if (batchSize === 1) {
    const o = order();
    await c.query(
      'select place_order($1::int, $2::int, $3::timestamptz, $4::date, null, null, null, 0, $5::int[], $6::int[], $7::json)',
      [o.actor, o.customer, o.at, o.schedule, o.product_ids, o.quantities, '[]'],
    );
  } else {
    const batch = Array.from({ length: batchSize }, order);
    await c.query('begin');
    await c.query('select pg_advisory_xact_lock(7021001)');
    await c.query('select place_orders($1::jsonb)', [JSON.stringify(batch)]);
    await c.query('commit');
  }
  placed += batchSize;
}
const wall = performance.now() - t0;
const cpu = cpuOf(pid) - cpu0;
if (perf) {
  perf.kill('SIGINT');
  await new Promise((r) => perf.once('exit', r));
}
console.log(
  `${hot ? 'hot' : 'spread'}, batches of ${batchSize}: ${placed} orders in ${(wall / 1000).toFixed(1)} s (${((placed / wall) * 1000).toFixed(0)}/s), backend CPU per order ${((cpu / placed) * 1000).toFixed(3)} ms`,
);
await c.end();
