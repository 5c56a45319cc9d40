// npx tsx scripts/scale-out.ts [--instances N] [--measure SECONDS]
//
// N server instances, one PostgreSQL database, a pooler and a read replica, on this machine, with
// real parts (docs/scaling.md, decision 0087):
// - a PostgreSQL primary (initdb, a free port) with the demo data, and a streaming replica of it
//   made with pg_basebackup on a second port;
// - PgBouncer (Debian's `pgbouncer`) in front of the primary: `kandypack` in transaction pooling
//   mode, `kandypack_session` in session mode for what needs a session (LISTEN, the migration
//   lock);
// - N servers (`src/server/main.ts`, one process each) on ports of their own, all through the
//   pooler (DATABASE_POOL_MODE=transaction), reports from the replica (REPORTS_DATABASE_URL).
// It prints the addresses and runs until Ctrl-C, then stops and removes everything it made.
// `--measure S` also loads 1 and then N instances for S seconds each through the pooler and prints
// the requests per second (the figures of docs/scaling.md). src/server/scale-out.test.ts starts
// the same topology and checks what N instances must share.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '#server/db/client';
import { migrate } from '#server/db/migrate';
import { seedDemoData } from '#server/db/seed';
import {
  findPostgresBin,
  freePort,
  type PgCluster,
  postgresFolder,
  startPgCluster,
  startPgReplica,
} from '../src/server/test/pg-cluster';
import { type ServerProcess, startServerProcess } from '../src/server/test/server-process';

/** Where Debian's package puts PgBouncer. */
export const PGBOUNCER = '/usr/sbin/pgbouncer';
/** The database the servers use, on the primary and (replicated) on the replica. */
export const DATABASE = 'kandypack';
/** The statement timeout the pooler sets on its server connections (the servers' default). */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** Connections each server keeps to the pooler, and server connections the pooler keeps per pool. */
export const POOL_SIZE = 10;
export const POOLER_POOL_SIZE = 10;
/** Server connections of the session pool: three per server instance (see docs/scaling.md), and room. */
export const SESSION_POOL_SIZE = 20;

/** What is missing on this machine for the topology, or undefined when nothing is. */
export function scaleOutMissing(): string | undefined {
  if (!findPostgresBin(['pg_basebackup']))
    return "PostgreSQL's server binaries (initdb, pg_ctl, pg_basebackup) for a second cluster";
  if (!existsSync(PGBOUNCER)) return `PgBouncer (${PGBOUNCER}: apt-get install pgbouncer)`;
  return undefined;
}

export interface ScaleOut {
  primary: PgCluster;
  replica: PgCluster;
  /** postgres://… of each database, as the servers are given them. */
  urls: { primary: string; replica: string; pooler: string; poolerSession: string };
  instances: ServerProcess[];
  /** Starts one more server instance on the same database (the test's second configuration). */
  startInstance(env?: Record<string, string>): Promise<ServerProcess>;
  /** PgBouncer's own log, for a failing check's message. */
  poolerLog(): string;
  stop(): Promise<void>;
}

/** PgBouncer in front of `primary`: one transaction pool and one session pool of DATABASE. */
async function startPgBouncer(primary: PgCluster) {
  const { dir, asPostgres } = await postgresFolder('kandypack-pgbouncer-');
  const port = await freePort();
  const target = `host=127.0.0.1 port=${primary.port} dbname=${DATABASE}`;
  writeFileSync(join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      // the servers send no startup parameter through a transaction pooler: the statement timeout
      // is set on every server connection the pooler opens
      `${DATABASE} = ${target} pool_mode=transaction connect_query='SET statement_timeout = ${STATEMENT_TIMEOUT_MS}'`,
      // per server: its LISTEN connection and up to two health checks; one more for a migration
      `${DATABASE}_session = ${target} pool_mode=session pool_size=${SESSION_POOL_SIZE}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'admin_users = postgres',
      `default_pool_size = ${POOLER_POOL_SIZE}`,
      'max_client_conn = 2000',
      'server_reset_query = DISCARD ALL',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root
  const [command, args] = asPostgres(PGBOUNCER, [join(dir, 'pgbouncer.ini')]);
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  }
  const url = `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
  // ready when it answers through the session pool
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: `${url}_session` });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt > 100 || child.exitCode !== null)
        throw new Error(`PgBouncer did not start: ${(error as Error).message}\n${lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    sessionUrl: `${url}_session`,
    log: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode === null) {
        const ended = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await ended;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the whole topology with `instances` servers. */
export async function startScaleOut(
  options: { instances?: number; env?: Record<string, string> } = {},
): Promise<ScaleOut> {
  const missing = scaleOutMissing();
  if (missing) throw new Error(`cannot start the scale-out topology: this machine has no ${missing}`);
  const bin = findPostgresBin(['pg_basebackup'])!;
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  try {
    const primary = await startPgCluster(bin);
    stops.push(() => primary.destroy());
    const admin = new pg.Client({ connectionString: primary.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const primaryUrl = primary.url.replace(/\/postgres$/, `/${DATABASE}`);
    // migrated and seeded once, directly (the servers find nothing pending)
    const direct = openPostgres(primaryUrl);
    await migrate(direct);
    await seedDemoData(direct.db);
    await direct.close();
    const replica = await startPgReplica(bin, primary);
    stops.push(() => replica.destroy());
    const pooler = await startPgBouncer(primary);
    stops.push(() => pooler.stop());
    const dataDir = mkdtempSync(join(tmpdir(), 'kandypack-shared-files-'));
    stops.push(() => rm(dataDir, { recursive: true, force: true }));
    const urls = {
      primary: primaryUrl,
      replica: replica.url.replace(/\/postgres$/, `/${DATABASE}`),
      pooler: pooler.url,
      poolerSession: pooler.sessionUrl,
    };
    const instances: ServerProcess[] = [];
    const startInstance = async (env: Record<string, string> = {}) => {
      const server = await startServerProcess({
        DATABASE_URL: urls.pooler,
        DATABASE_POOL_MODE: 'transaction',
        DATABASE_SESSION_URL: urls.poolerSession,
        REPORTS_DATABASE_URL: urls.replica,
        PG_POOL_SIZE: String(POOL_SIZE),
        PG_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        // every instance signs and checks tokens with the same secret
        JWT_SECRET: 'scale-out-shared-secret-0123456789abcdef',
        WORKERS: '1',
        // uploaded files: one folder all instances see (a shared volume across hosts)
        DATA_DIR: dataDir,
        ...options.env,
        ...env,
      });
      stops.push(async () => {
        server.signal('SIGTERM');
        await server.exited;
      });
      return server;
    };
    // started together, as a rolling deploy may: each migrates under the lock, finding nothing to do
    instances.push(
      ...(await Promise.all(Array.from({ length: options.instances ?? 2 }, () => startInstance()))),
    );
    return {
      primary,
      replica,
      urls,
      instances,
      startInstance,
      poolerLog: pooler.log,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Requests per second of `path` as `token`, `connections` at once spread over `bases`, for `seconds`. */
export async function measureThroughput(
  bases: string[],
  path: string,
  token: string,
  connections: number,
  seconds: number,
): Promise<{ perSecond: number; p99Ms: number; errors: number; answers: string }> {
  const results = await Promise.all(
    bases.map((base) =>
      autocannon({
        url: `${base}${path}`,
        connections: Math.max(1, Math.round(connections / bases.length)),
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      }),
    ),
  );
  return {
    perSecond: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    answers: (['2xx', '4xx', '5xx'] as const)
      .map((k) => `${k} ${results.reduce((sum, r) => sum + r[k], 0)}`)
      .concat(`no answer ${results.reduce((sum, r) => sum + r.errors, 0)}`)
      .join(', '),
  };
}

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username, password: 'demo-password' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function main() {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const instances = Number(value('--instances') ?? 2);
  const measure = value('--measure');
  console.log(`Starting PostgreSQL, its replica, PgBouncer and ${instances} server instance(s)…`);
  const topology = await startScaleOut({ instances });
  console.log(`primary    ${topology.urls.primary}`);
  console.log(`replica    ${topology.urls.replica}`);
  console.log(`pooler     ${topology.urls.pooler} (transaction), ${topology.urls.poolerSession} (session)`);
  for (const server of topology.instances) console.log(`instance   ${server.base}`);
  if (measure) {
    const seconds = Number(measure);
    const token = await signIn(topology.instances[0]!.base, 'manager');
    const bases = topology.instances.map((s) => s.base);
    for (const path of ['/api/orders?page=1&page_size=20', '/api/dashboard/manager-stats']) {
      for (const connections of [8, 32]) {
        const one = await measureThroughput(bases.slice(0, 1), path, token, connections, seconds);
        const all = await measureThroughput(bases, path, token, connections, seconds);
        if (one.errors + all.errors > 0) {
          // what a failing answer says, for whoever reads the figures
          const sample = await fetch(`${bases[0]}${path}`, { headers: { authorization: `Bearer ${token}` } });
          console.log(`  after the runs: ${sample.status} ${(await sample.text()).slice(0, 200)}`);
        }
        console.log(
          `${path} at ${connections} connections: 1 instance ${one.perSecond}/s (p99 ${one.p99Ms} ms; ${one.answers}); ${bases.length} instances ${all.perSecond}/s (p99 ${all.p99Ms} ms; ${all.answers})`,
        );
      }
    }
    await topology.stop();
    return;
  }
  console.log('Ctrl-C stops and removes everything.');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await topology.stop();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
