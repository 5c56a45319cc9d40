// `npm run bench -- --http`: the API against the same SQL, endpoint by endpoint, on PostgreSQL.
//
//   BENCH_DATABASE_URL=postgres://.../kp_bench npm run bench -- --http [--seconds 5]
//     [--connections 4,64] [--only 'text|other'] [--skip 'text|other'] [--workers cores] [--pool 10] [--orders N] [--no-write]
//     [--sql-unnamed] [--warmup 1]
//
// The database must hold the scale seed (`npm run seed -- --scale N`); with --orders N an
// empty database is seeded first. For each endpoint of bench/http/registry.ts the server (its
// own process, as `npm start` runs it) is driven over loopback by autocannon, then the
// statements that endpoint runs (captured from it, user check included) are replayed through
// `pg` by as many callers on a pool as large as the server's. Results go to docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { seedScale } from '#server/db/scale-seed';
import { hasAnyUser, seedDemoData } from '#server/db/seed';
import { HEAVY_WORK_LIMITS } from '#server/http/heavy-work';
import { createTokenService } from '#server/http/tokens';
import { freePort } from '#server/test/pg-cluster';
import { arg, writeBenchmarksSection } from '../docs-section';
import { captureStatements, openServerLikeApp, postFixtures } from './capture';
import { loadApi, loadSql, type Measured } from './load';
import { placeOrders } from './place-orders';
import { type BenchEndpoint, type BenchUser, ENDPOINTS, FIXTURES, IDS, LOGINS } from './registry';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SECRET = 'bench-http-secret-that-is-long-enough-for-hs256-signing';

export interface HttpBenchOptions {
  url: string;
  seconds: number;
  connections: number[];
  only?: string;
  /** Leave out the endpoints whose name or path contains any of these parts ('a|b'). */
  skip?: string;
  workers: number;
  pool: number;
  orders?: number;
  write: boolean;
  log?: (line: string) => void;
  /** Requests per API run instead of `seconds` (the smoke test: every run completes some). */
  requests?: number;
  /** 'in-process': the app listens inside this process (the smoke test: no server start-up). */
  server?: 'process' | 'in-process';
  /** Replay every statement unnamed and one after another (the method before issue 27 part 0). */
  sqlUnnamed?: boolean;
  /**
   * Seconds of untimed requests to each endpoint before its runs (the server's code compiled and
   * its pool open, as in steady use); the SQL side then opens its pool and runs the statements
   * once per connection before its clock starts. 0: measure from cold.
   */
  warmup?: number;
}

export interface BenchRow {
  endpoint: BenchEndpoint;
  path: string;
  connections: number;
  api: Measured;
  sql: Measured;
  statements: number;
  /** Of them, sent under a prepared statement's name. */
  named: number;
  /** The rounds they were sent in (fewer than the statements: some were in flight together). */
  waves: number;
  /** The statements' texts. */
  sqlTexts: string[];
  /** A report run at more connections than one user's heavy work may take (heavyRun). */
  heavyRun?: HeavyRun;
}

/** How a report's run at `connections` is made (heavyRun). */
export interface HeavyRun {
  /** Connections of the API's run: at most what the processes run at once and half their queue. */
  api: number;
  /** Users they come from, each with at most half its limit of them. */
  users: number;
  /** Callers of the SQL's run: as many as the processes run at once. */
  sqlCallers: number;
}

/**
 * Every report of the registry is heavy work (src/server/http/heavy-work.ts, decision 0074): a
 * server process runs `running` at once and queues `queued` more (past them 503), and one user
 * may have `perUser` running or waiting (past it 429). A run from more connections than one user
 * may have comes from as many users as that takes (copies of the endpoint's login, copiesOf), on
 * at most as many connections as the processes admit, each user and process kept at half its
 * limit; the same SQL is replayed by as many callers as they run at once. 64 connections of one
 * user measured the refusals (429 to most requests), not the report.
 */
export function heavyRun(connections: number, workers: number): HeavyRun {
  const { kinds, perUser } = HEAVY_WORK_LIMITS;
  // half of each limit: a turn is given back when the answer's socket says it is done, and the
  // client's next request may come in before that (a user at its limit would be answered 429)
  const api = Math.min(connections, workers * (kinds.report.running + Math.floor(kinds.report.queued / 2)));
  return {
    api,
    users: Math.ceil(api / Math.max(1, Math.floor(perUser / 2))),
    sqlCallers: Math.min(connections, workers * kinds.report.running),
  };
}

const heavy = (e: BenchEndpoint) => e.kind === 'report';

/**
 * `count` users like `login` (its role, customer or employee, so its scope): `bench.<login>.<n>`,
 * made once in the bench's database; their ids.
 */
async function copiesOf(client: pg.Client, login: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  await client.query(
    `insert into users (user_name, email, password_hash, role_id, customer_id, employee_id, language)
     select 'bench.' || u.user_name || '.' || g, 'bench.' || u.user_name || '.' || g || '@bench.kandypack.lk',
            u.password_hash, u.role_id, u.customer_id, u.employee_id, u.language
       from users u cross join generate_series(1, $2::int) g
      where u.user_name = $1
     on conflict do nothing`,
    [login, count],
  );
  const res = await client.query(
    `select user_id from users where user_name = any(
       select 'bench.' || $1 || '.' || g from generate_series(1, $2::int) g) order by user_id`,
    [login, count],
  );
  return res.rows.map((row) => row.user_id as number);
}

export async function prepareDatabase(url: string, orders: number | undefined, log: (l: string) => void) {
  const database = openPostgres(url);
  try {
    await migrate(database);
    if (orders !== undefined && !(await hasAnyUser(database.db))) {
      const now = new Date();
      await seedDemoData(database.db, { now });
      const summary = await seedScale(database.db, orders, { now });
      await database.exec('VACUUM ANALYZE');
      log(`seeded ${orders} orders in ${(summary.tookMs / 1000).toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
}

export async function startServer(
  url: string,
  port: number,
  options: { workers: number; pool: number; env?: Record<string, string> },
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kp-bench-'));
  // BENCH_SERVER_NODE_ARGS: flags for the server's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WORKERS: String(options.workers),
      PG_POOL_SIZE: String(options.pool),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    /** The server's first process (with WORKERS > 1 the primary, which forks the others). */
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startInProcess(url: string, port: number, pool: number) {
  const { database, app } = await openServerLikeApp(url, pool, SECRET);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}

export async function runHttpBench(options: HttpBenchOptions): Promise<BenchRow[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  await prepareDatabase(options.url, options.orders, log);

  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const userIds: Record<string, number> = {};
  for (const [user, login] of Object.entries(LOGINS)) {
    const res = await client.query('select user_id from users where user_name = $1', [login]);
    if (res.rows[0]) userIds[user] = res.rows[0].user_id as number;
  }
  const lookUp = async (query: string) => {
    const res = await client.query(query);
    const value = res.rows[0] ? Object.values(res.rows[0])[0] : null;
    return value === null || value === undefined ? null : String(value);
  };
  const ids: Record<string, string | null> = {};
  for (const [name, query] of Object.entries(IDS)) ids[name] = await lookUp(query);
  const fixtures = Object.entries(FIXTURES).filter(
    ([name, f]) => ids[name] === null && userIds[f.user] !== undefined,
  );
  if (fixtures.length > 0) {
    await postFixtures(
      options.url,
      fixtures.map(([, f]) => ({ path: f.path, userId: userIds[f.user]!, body: f.body })),
    );
    for (const [name] of fixtures) ids[name] = await lookUp(IDS[name]!);
  }
  const orders = Number((await client.query('select count(*) as n from orders')).rows[0].n);
  // the users a report's runs come from (heavyRun): its login and copies of it
  const reportUsers = Math.max(...options.connections.map((c) => heavyRun(c, options.workers).users));
  const heavyUserIds: Partial<Record<BenchUser, number[]>> = {};
  for (const user of new Set(ENDPOINTS.filter(heavy).map((e) => e.user))) {
    if (user === 'public' || userIds[user] === undefined) continue;
    heavyUserIds[user] = [userIds[user], ...(await copiesOf(client, LOGINS[user], reportUsers - 1))];
  }
  await client.end();

  // --only 'a|b': the endpoints whose name or path contains any of the parts
  const parts = options.only?.split('|').filter(Boolean) ?? [];
  // --skip 'a|b': leave out those whose name or path contains any of the parts
  const skipped = options.skip?.split('|').filter(Boolean) ?? [];
  const matches = (e: BenchEndpoint, p: string) => e.name.includes(p) || e.path.includes(p);
  const chosen = ENDPOINTS.filter(
    (e) => (parts.length === 0 || parts.some((p) => matches(e, p))) && !skipped.some((p) => matches(e, p)),
  );
  // userId null: a public endpoint, asked without a token
  const runnable: Array<{ endpoint: BenchEndpoint; path: string; userId: number | null }> = [];
  for (const endpoint of chosen) {
    const missing = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((k) => ids[k] == null);
    const userId = endpoint.user === 'public' ? null : userIds[endpoint.user];
    if (missing.length > 0 || userId === undefined) {
      log(
        `skipped ${endpoint.name}: no ${missing.length > 0 ? missing.join(', ') : `login ${endpoint.user === 'public' ? '' : LOGINS[endpoint.user]}`} in this database`,
      );
      continue;
    }
    runnable.push({
      endpoint,
      path: endpoint.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(ids[k]!)),
      userId,
    });
  }

  const captured = await captureStatements(options.url, runnable);
  const tokens = createTokenService(SECRET, 60, () => new Date());
  const port = await freePort();
  const server =
    options.server === 'in-process'
      ? await startInProcess(options.url, port, options.pool)
      : await startServer(options.url, port, options);
  const rows: BenchRow[] = [];
  try {
    log(
      `${orders.toLocaleString('en-US')} orders; ${options.seconds} s per run; server: ${options.workers} process(es), pool ${options.pool}`,
    );
    log(header());
    for (const [i, r] of runnable.entries()) {
      const capture = captured[i]!;
      if (capture.status !== 200) {
        log(`skipped ${r.endpoint.name}: answered ${capture.status}`);
        continue;
      }
      const token = r.userId === null ? null : await tokens.sign(r.userId);
      if (options.warmup) {
        // at the lowest concurrency: a warm-up at 64 connections left up to 64 requests of a slow
        // endpoint in the server when it stopped, and the 4-connection run measured their tail
        await loadApi(
          `http://127.0.0.1:${port}${r.path}`,
          token,
          Math.min(...options.connections),
          options.warmup,
        );
      }
      const reportTokens =
        heavy(r.endpoint) && r.endpoint.user !== 'public'
          ? await Promise.all((heavyUserIds[r.endpoint.user] ?? []).map((id) => tokens.sign(id)))
          : [];
      for (const connections of options.connections) {
        const run = heavy(r.endpoint) ? heavyRun(connections, options.workers) : null;
        const api = await loadApi(
          `http://127.0.0.1:${port}${r.path}`,
          run && run.users > 1 ? reportTokens.slice(0, run.users) : token,
          run ? run.api : connections,
          options.seconds,
          options.requests,
        );
        // an answer the server makes from memory (the public figures' cache) sends no SQL: no ratio
        const sqlRun =
          capture.statements.length === 0
            ? { rps: 0, p50: 0, p99: 0, errors: 0, total: 0 }
            : await loadSql(
                options.url,
                capture.statements,
                run ? run.sqlCallers : connections,
                Math.min(run ? run.sqlCallers : connections, options.pool * options.workers),
                options.seconds,
                options.sqlUnnamed,
                (options.warmup ?? 0) > 0,
              );
        const row = {
          endpoint: r.endpoint,
          path: r.path,
          connections,
          ...(run &&
            (run.users > 1 || run.api < connections || run.sqlCallers < connections) && { heavyRun: run }),
          api,
          sql: sqlRun,
          statements: capture.statements.length,
          named: capture.statements.filter((st) => st.name).length,
          waves: new Set(capture.statements.map((st) => st.wave)).size,
          sqlTexts: capture.statements.map((st) => st.text),
        };
        rows.push(row);
        log(line(row));
      }
    }
  } finally {
    await server.stop();
  }
  if (options.write) writeReport(rows, options, orders);
  return rows;
}

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/** `64`, or for a report's run from several users `64: 28 of 14 users, SQL 4` (heavyRun). */
const connectionsOf = (r: BenchRow) =>
  r.heavyRun
    ? `${r.connections}: ${r.heavyRun.api} of ${r.heavyRun.users} users, SQL ${r.heavyRun.sqlCallers}`
    : String(r.connections);

/** The standing targets (GUIDE.md): at 4 connections p99 < 50 ms (reports: < 200 ms); at 64, API/SQL >= 0.7. */
export function verdict(row: BenchRow): string {
  const problems: string[] = [];
  // a run in which no request came back (the server busy with earlier ones) is no pass
  if (row.api.total === 0) problems.push('no answer within the run');
  if (row.api.errors > 0)
    problems.push(`${row.api.errors} errors${row.api.errorKinds ? ` (${row.api.errorKinds})` : ''}`);
  if (row.sql.errors > 0)
    problems.push(`${row.sql.errors} SQL errors${row.sql.errorKinds ? ` (${row.sql.errorKinds})` : ''}`);
  if (row.connections <= 4) {
    const limit = row.endpoint.kind === 'report' ? 200 : 50;
    if (row.api.p99 >= limit) problems.push(`p99 >= ${limit} ms`);
  } else if (row.sql.rps > 0 && row.api.rps / row.sql.rps < 0.7) {
    problems.push('API/SQL < 0.7');
  }
  return problems.length === 0 ? 'ok' : `MISS: ${problems.join(', ')}`;
}

function header() {
  return `${'endpoint'.padEnd(44)} conns  API req/s  p50 ms  p99 ms  SQL q/s  p50 ms  p99 ms  API/SQL  target`;
}

function line(r: BenchRow) {
  const ratio = r.sql.rps > 0 ? (r.api.rps / r.sql.rps).toFixed(2) : '-';
  return `${r.endpoint.name.padEnd(44)} ${connectionsOf(r).padStart(5)} ${r.api.rps.toFixed(0).padStart(10)} ${ms(r.api.p50).padStart(7)} ${ms(r.api.p99).padStart(7)} ${r.sql.rps.toFixed(0).padStart(8)} ${ms(r.sql.p50).padStart(7)} ${ms(r.sql.p99).padStart(7)} ${ratio.padStart(8)}  ${verdict(r)}`;
}

const START = '<!-- http-bench:start -->';
const END = '<!-- http-bench:end -->';

function writeReport(rows: BenchRow[], options: HttpBenchOptions, orders: number) {
  const cpu = cpus();
  const command = `BENCH_DATABASE_URL=... npm run bench -- --http --seconds ${options.seconds} --connections ${options.connections.join(',')} --workers ${options.workers} --pool ${options.pool}${options.only ? ` --only '${options.only}'` : ''}${options.skip ? ` --skip '${options.skip}'` : ''}${options.sqlUnnamed ? ' --sql-unnamed' : ''} --warmup ${options.warmup ?? 0}`;
  const table = [
    '| endpoint | path | conns | API req/s | API p50 | API p99 | SQL q/s | SQL p50 | SQL p99 | API / SQL | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.endpoint.name}${r.endpoint.note ? ` (${r.endpoint.note})` : ''} | \`${r.path.replace(/\|/g, '%7C')}\` | ${connectionsOf(r)} | ${r.api.rps.toFixed(0)} | ${ms(r.api.p50)} ms | ${ms(r.api.p99)} ms | ${r.sql.rps.toFixed(0)} | ${ms(r.sql.p50)} ms | ${ms(r.sql.p99)} ms | ${r.sql.rps > 0 ? (r.api.rps / r.sql.rps).toFixed(2) : '-'} | ${verdict(r)} |`,
    ),
  ].join('\n');
  const section = [
    START,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} x ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, PostgreSQL on the same machine, ${orders.toLocaleString('en-US')} orders; the server, PostgreSQL and the load generator share the machine (and other engineers' test suites ran at the same time).`,
    '',
    `Command: \`${command}\``,
    '',
    table,
    END,
  ].join('\n');
  writeBenchmarksSection(START, END, section);
}

/** `--place`: orders per second through the API, then the stock checked (part 5). */
async function placeBench(url: string, args: string[]) {
  const workers = Number(arg(args, '--workers') ?? 1);
  const pool = Number(arg(args, '--pool') ?? 10);
  const connections = Number(arg(args, '--connections') ?? 64);
  const seconds = Number(arg(args, '--seconds') ?? 10);
  const hot = args.includes('--hot');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const user = (
    await client.query('select user_id, customer_id from users where user_name = $1', [LOGINS.customer])
  ).rows[0] as { user_id: number; customer_id: number } | undefined;
  await client.end();
  if (!user) throw new Error(`no ${LOGINS.customer} login: seed with npm run seed -- --scale N`);
  const port = await freePort();
  const server = await startServer(url, port, { workers, pool });
  try {
    const token = await createTokenService(SECRET, 60, () => new Date()).sign(user.user_id);
    const r = await placeOrders({
      url,
      baseUrl: `http://127.0.0.1:${port}`,
      token,
      customerId: user.customer_id,
      connections,
      seconds,
      hot,
    });
    const text = `placing orders (${hot ? 'all on the same 3 products' : 'spread over the products'}), ${connections} connections, ${seconds} s, ${workers} process(es), pool ${pool}: ${r.ordersPerSecond.toFixed(0)} orders/s, p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms; ${r.created} created, ${r.refused} refused (409), ${r.errors} errors; products below zero: ${r.negativeStock}; orders whose reserved units differ from their lines: ${r.reservedMismatch}`;
    console.log(text);
    if (!args.includes('--no-write')) {
      const file = join(ROOT, 'docs', 'benchmarks.md');
      const now = new Date().toISOString().slice(0, 16).replace('T', ' ');
      writeFileSync(
        file,
        `${readFileSync(file, 'utf8').trimEnd()}\n\n- ${now} UTC, \`npm run bench -- --http --place${hot ? ' --hot' : ''} --seconds ${seconds} --workers ${workers}\`: ${text}\n`,
      );
    }
  } finally {
    await server.stop();
  }
}

export async function httpBenchMain(args: string[]): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'Set BENCH_DATABASE_URL to a PostgreSQL database with the scale seed (npm run seed -- --scale N)',
    );
  if (args.includes('--place')) return placeBench(url, args);
  const rows = await runHttpBench({
    url,
    seconds: Number(arg(args, '--seconds') ?? 5),
    connections: (arg(args, '--connections') ?? '4,64').split(',').map(Number),
    only: arg(args, '--only'),
    skip: arg(args, '--skip'),
    // the server's own default: one process per core
    workers: Number(arg(args, '--workers') ?? availableParallelism()),
    pool: Number(arg(args, '--pool') ?? 10),
    orders: arg(args, '--orders') ? Number(arg(args, '--orders')) : undefined,
    write: !args.includes('--no-write'),
    sqlUnnamed: args.includes('--sql-unnamed'),
    warmup: Number(arg(args, '--warmup') ?? 1),
  });
  const misses = rows.filter((r) => verdict(r) !== 'ok');
  console.log(
    `\n${rows.length} runs, ${misses.length} missing a target${misses.length ? `: ${misses.map((r) => `${r.endpoint.name} @${r.connections}`).join('; ')}` : ''}`,
  );
}
