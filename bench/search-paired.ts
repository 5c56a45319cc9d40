// Before/after of global search on one database, side by side under the same load:
//   BENCH_DATABASE_URL=postgres://.../kp_copy BENCH_BEFORE_DIR=/path/to/other/checkout \
//     npx tsx bench/search-paired.ts
// Builds this checkout's app and the other checkout's app in-process on the same database and
// alternates their requests one at a time (inject: the handler and its SQL, no sockets), so a
// busy shared machine slows both alike; prints the median and p90 of each per query, and the
// ratio of the medians. It does not migrate: run the newer checkout's server once first.
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app';
import { openPostgres } from '#server/db/client';

const url = process.env.BENCH_DATABASE_URL;
const beforeDir = process.env.BENCH_BEFORE_DIR;
if (!url || !beforeDir) throw new Error('BENCH_DATABASE_URL and BENCH_BEFORE_DIR are required');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

const before = (await import(pathToFileURL(`${beforeDir}/src/server/app.ts`).href)) as {
  buildApp: typeof buildApp;
};
const database = openPostgres(url, { max: 4 });
const secret = 'bench-secret-bench-secret-bench-secret';
const apps = {
  before: await before.buildApp({ db: database.db, jwtSecret: secret }),
  after: await buildApp({ db: database.db, jwtSecret: secret }),
};

async function tokenOf(userName: string) {
  const res = await database.db.execute<{ user_id: number }>(
    sql`select user_id from users where user_name = ${userName}`,
  );
  return apps.after.ctx.tokens.sign(res.rows[0]!.user_id);
}
const tokens: Record<string, string> = {};
for (const [role, login] of Object.entries({
  manager: 'manager',
  customer: 'bigcustomer1',
  warehouse: 'warehouse',
  driver: 'driver',
  admin: 'admin',
}))
  tokens[role] = await tokenOf(login);

const CASES: Array<[string, string]> = [
  ['manager', 'negombo'],
  ['manager', 'hill coun'],
  ['manager', 'wpla'],
  ['manager', 'golden tradres'],
  ['manager', 'jayawardna'],
  ['manager', 'golden jayawardena'],
  ['customer', 'ceylon tea'],
  ['customer', 'templ borela'],
  ['warehouse', 'cocon'],
  ['warehouse', 'cocnut'],
  ['driver', 'dehiwala'],
  ['driver', 'dehiwla'],
  ['admin', 'abeysekera'],
  ['admin', 'abeysekra'],
];

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
console.log(
  `${'role'.padEnd(10)}${'query'.padEnd(22)}${'before p50'.padStart(12)}${'p90'.padStart(8)}${'after p50'.padStart(12)}${'p90'.padStart(8)}${'ratio'.padStart(8)}  hits before / after`,
);
for (const [role, q] of CASES) {
  const times = { before: [] as number[], after: [] as number[] };
  const hits = { before: '', after: '' };
  for (let i = 0; i < ROUNDS + 3; i++) {
    for (const side of i % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
      const started = performance.now();
      const res = await apps[side].inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}`,
        headers: { authorization: `Bearer ${tokens[role]}` },
      });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${side} ${q}: ${res.statusCode} ${res.body}`);
      if (i >= 3) times[side].push(took);
      else
        hits[side] = (res.json() as { groups: Array<{ kind: string; hits: unknown[] }> }).groups
          .map((g) => `${g.kind}:${g.hits.length}`)
          .join(' ');
    }
  }
  const b = pct(times.before, 0.5);
  const a = pct(times.after, 0.5);
  console.log(
    `${role.padEnd(10)}${q.padEnd(22)}${b.toFixed(1).padStart(12)}${pct(times.before, 0.9).toFixed(1).padStart(8)}${a.toFixed(1).padStart(12)}${pct(times.after, 0.9).toFixed(1).padStart(8)}${(a / b).toFixed(2).padStart(8)}  ${hits.before} / ${hits.after}`,
  );
}
await apps.before.close();
await apps.after.close();
await database.close();
