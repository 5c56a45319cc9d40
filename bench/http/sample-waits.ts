// Samples, while a placement bench runs, where the time goes: the wait events of the bench
// database's backends (pg_stat_activity, every 10 ms), the CPU used by those backends and by
// this worktree's server processes (/proc), and the WAL written (pg_current_wal_lsn).
// Usage: tsx bench/http/sample-waits.ts <db url> <seconds>
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuOf } from './day-cpu';

const [url, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 10);

function serverPids(): number[] {
  // the server started from this checkout, or from SERVER_DIR (a before/after comparison)
  const cwd = process.env.SERVER_DIR ?? process.cwd();
  const pids: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (cmd.includes('src/server/main.ts') && readFileSync(`/proc/${d}/environ`, 'utf8').includes(cwd))
        pids.push(Number(d));
    } catch {}
  }
  return pids;
}

const c = new pg.Client({ connectionString: url });
await c.connect();
const db = (await c.query('select current_database() as d')).rows[0].d as string;
// wait until the bench's server is connected
const t0 = Date.now();
while (Date.now() - t0 < 60_000) {
  const n = Number(
    (
      await c.query(
        "select count(*) as n from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()",
        [db],
      )
    ).rows[0].n,
  );
  if (n > 0) break;
  await new Promise((r) => setTimeout(r, 50));
}
await new Promise((r) => setTimeout(r, 1000));
// the bench database's backends, listed again every 100 ms: a pool opens connections as it needs
// them (a server placing orders in batches uses few) and closes idle ones, so each backend is
// counted by its own PID, from its CPU when first seen to its CPU when last seen (a backend that
// has exited by the end keeps what it used while it was sampled)
const backendsNow = async () =>
  (
    await c.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db])
  ).rows.map((r) => r.pid as number);
const backends = new Set<number>();
const firstCpu = new Map<number, number>();
const lastCpu = new Map<number, number>();
const nodes = serverPids();
async function sampleBackends() {
  for (const p of await backendsNow()) backends.add(p);
  for (const p of [...backends, ...nodes]) {
    const cpu = cpuOf(p);
    if (cpu === null) continue;
    if (!firstCpu.has(p)) firstCpu.set(p, cpu);
    lastCpu.set(p, cpu);
  }
}
/** CPU seconds used since first seen by these processes (each up to when it was last seen). */
const used = (pids: Iterable<number>) =>
  [...pids].reduce((s, p) => s + (lastCpu.get(p) ?? 0) - (firstCpu.get(p) ?? 0), 0);
/** CPU seconds so far, the WAL position, the last order id and the WAL counters. */
async function snapshot() {
  await sampleBackends();
  return {
    cpu: { pg: used(backends), node: used(nodes) },
    lsn: (await c.query('select pg_current_wal_lsn() as l')).rows[0].l as string,
    orders: Number((await c.query('select max(order_id) as n from orders')).rows[0].n),
    wal: (await c.query('select wal_records, wal_fpi, wal_sync from pg_stat_wal')).rows[0],
  };
}
const { cpu: cpu0, lsn: lsn0, orders: orders0, wal: wal0 } = await snapshot();
const started = Date.now();
const counts = new Map<string, number>();
let samples = 0;
while (Date.now() - started < (seconds - 2) * 1000) {
  const rows = (
    await c.query(
      `select coalesce(wait_event_type || ':' || wait_event, 'CPU') || ' ' || state as w, count(*)::int as n
       from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and state <> 'idle' group by 1`,
      [db],
    )
  ).rows;
  const idle = Number(
    (
      await c.query(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and state = 'idle'`,
        [db],
      )
    ).rows[0].n,
  );
  counts.set('idle (waiting for Node)', (counts.get('idle (waiting for Node)') ?? 0) + idle);
  for (const r of rows) counts.set(r.w, (counts.get(r.w) ?? 0) + r.n);
  samples += 1;
  if (samples % 10 === 0) await sampleBackends();
  await new Promise((r) => setTimeout(r, 10));
}
const elapsed = (Date.now() - started) / 1000;
const { cpu: cpu1, lsn: lsn1, orders: orders1, wal: wal1 } = await snapshot();
const walBytes = Number((await c.query('select pg_wal_lsn_diff($1, $2) as d', [lsn1, lsn0])).rows[0].d);
const placed = orders1 - orders0;
console.log(
  `sampler: ${elapsed.toFixed(1)} s, ${placed} orders (${(placed / elapsed).toFixed(0)}/s), ${backends.size} backends, ${nodes.length} server processes`,
);
console.log(
  `  CPU per order: PostgreSQL backends ${(((cpu1.pg - cpu0.pg) / placed) * 1000).toFixed(2)} ms, Node server ${(((cpu1.node - cpu0.node) / placed) * 1000).toFixed(2)} ms (CPU s: pg ${(cpu1.pg - cpu0.pg).toFixed(1)}, node ${(cpu1.node - cpu0.node).toFixed(1)})`,
);
console.log(
  `  WAL per order: ${(walBytes / placed).toFixed(0)} bytes; cluster-wide records ${Number(wal1.wal_records) - Number(wal0.wal_records)}, full-page images ${Number(wal1.wal_fpi) - Number(wal0.wal_fpi)}, syncs ${Number(wal1.wal_sync) - Number(wal0.wal_sync)} (${((Number(wal1.wal_sync) - Number(wal0.wal_sync)) / elapsed).toFixed(0)}/s)`,
);
console.log(`  backend states over ${samples} samples (average backends in each):`);
for (const [k, v] of [...counts.entries()].sort((a, b) => b[1] - a[1]))
  console.log(`    ${(v / samples).toFixed(2)}  ${k}`);
await c.end();
