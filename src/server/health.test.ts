import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import type { ReportReads } from './db/replica';
import { DATABASE_UNREACHABLE } from './http/errors';
import { UNMATCHED_ROUTE } from './http/metrics';
import { createUser } from './test/factories';
import { createTestApp, TEST_JWT_SECRET } from './test/harness';
import { type ServerProcess, startServerProcess } from './test/server-process';

// GET /api/health says whether the database answers (decision 0070); the outage itself is in
// db/database-outage.test.ts. GET /api/metrics (decision 0080) is here too: both are what a team
// running the server watches.
const { app, database } = await createTestApp();

describe('GET /api/health', () => {
  it('says the server and the database are fine, and that no replica or pooler is configured', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      replica: 'not configured',
      pooler: 'not configured',
    });
  });

  it('answers 503 with the database unreachable when select 1 fails, within its timeout', async () => {
    const timeouts: number[] = [];
    const down = await buildApp({
      db: database.db,
      jwtSecret: TEST_JWT_SECRET,
      pingDatabase: async (timeoutMs) => {
        timeouts.push(timeoutMs);
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      },
    });
    const res = await down.inject({ url: '/api/health' });
    await down.close();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      status: 'unavailable',
      database: 'unreachable',
      replica: 'not configured',
      pooler: 'not configured',
      detail: DATABASE_UNREACHABLE,
    });
    expect(timeouts).toEqual([2000]);
  });
});

describe('GET /api/health with a pooler and a replica (docs/scaling.md)', () => {
  const fakeReplica = (state: Awaited<ReturnType<ReportReads['state']>>): ReportReads => ({
    choose: async () => ({ db: database.db, source: 'primary', lagMs: 0 }),
    state: async () => state,
    lastLagMs: () => undefined,
  });
  const healthOf = async (options: Partial<Parameters<typeof buildApp>[0]>) => {
    const built = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET, ...options });
    const res = await built.inject({ url: '/api/health' });
    await built.close();
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };

  it('says the pooler and the replica answer, with the replica lag', async () => {
    expect(
      await healthOf({ pingPooler: async () => {}, reportReads: fakeReplica({ state: 'ok', lagMs: 12 }) }),
    ).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', pooler: 'ok', replica: 'ok', replica_lag_ms: 12 },
    });
  });

  it('answers 503 when the pooler does not answer, though the database does', async () => {
    const { status, body } = await healthOf({
      pingPooler: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:6432');
      },
    });
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'unavailable', database: 'ok', pooler: 'unreachable' });
  });

  it('stays 200 with a replica behind or unreachable: the reports read the primary meanwhile', async () => {
    expect(await healthOf({ reportReads: fakeReplica({ state: 'behind', lagMs: 9000 }) })).toEqual({
      status: 200,
      body: {
        status: 'ok',
        database: 'ok',
        pooler: 'not configured',
        replica: 'behind',
        replica_lag_ms: 9000,
      },
    });
    expect(await healthOf({ reportReads: fakeReplica({ state: 'unreachable' }) })).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', pooler: 'not configured', replica: 'unreachable' },
    });
  });
});

/** One sample of Prometheus's text format: name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Reads Prometheus's text exposition format strictly: every line is a `# HELP`, a `# TYPE` or a
 * sample `name{label="value",...} number`; anything else fails the test.
 */
function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*';
  // values as Prometheus reads them (Go's ParseFloat): numbers, and Inf and NaN in any case
  const sample = new RegExp(`^(${name})(?:\\{(.*)\\})? ([+-]?(?:[0-9.]+(?:e[+-]?[0-9]+)?|inf|nan))$`, 'i');
  const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = new RegExp(`^# TYPE (${name}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (new RegExp(`^# HELP ${name} `).test(line)) continue;
    const match = sample.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    const list = match[2] ?? '';
    label.lastIndex = 0;
    while (label.lastIndex < list.length) {
      const at = label.lastIndex;
      const pair = label.exec(list);
      if (!pair || label.lastIndex === at) throw new Error(`bad labels: ${line}`);
      labels[pair[1]!] = pair[2]!;
    }
    const text = match[3]!.toLowerCase();
    const value = text.endsWith('nan')
      ? Number.NaN
      : text.endsWith('inf')
        ? (text.startsWith('-') ? -1 : 1) * Number.POSITIVE_INFINITY
        : Number(text);
    samples.push({ name: match[1]!, labels, value });
  }
  return { samples, types };
}

const TOKEN = 'a-metrics-token-for-the-tests';

// the same database, with the metrics on
const watched = await buildApp({
  db: database.db,
  listen: database.listen,
  queries: database.queries,
  pingDatabase: database.ping,
  poolState: database.pool,
  jwtSecret: TEST_JWT_SECRET,
  metricsToken: TOKEN,
});
// over real HTTP, as a scraper and the streams reach it
const base = await watched.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => watched.close());

describe('GET /api/metrics', () => {
  it('is off without METRICS_TOKEN: 404 like any unknown path', async () => {
    const res = await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/metrics' });
  });

  const scrape = async () => {
    const res = await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parseMetrics(await res.text());
  };
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      ?.value;

  it('refuses a missing or wrong bearer token with 401 {detail}', async () => {
    const missing = await fetch(`${base}/api/metrics`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ detail: 'Not authenticated' });
    const refusals: Array<[string, string]> = [
      [`Bearer ${TOKEN}x`, 'Invalid metrics token'],
      ['Bearer nope', 'Invalid metrics token'],
      [TOKEN, 'Not authenticated'],
      [`Basic ${TOKEN}`, 'Not authenticated'],
    ];
    for (const [authorization, detail] of refusals) {
      const wrong = await fetch(`${base}/api/metrics`, { headers: { authorization } });
      expect(wrong.status, authorization).toBe(401);
      expect(await wrong.json(), authorization).toEqual({ detail });
    }
  });

  it('counts requests per route pattern, method and status class, with their latency histogram', async () => {
    const before = (await scrape()).samples;
    const count = (samples: Sample[], route: string, method: string, status_class: string) =>
      value(samples, 'kandypack_http_request_duration_seconds_count', { route, method, status_class }) ?? 0;
    const health = 3;
    for (let i = 0; i < health; i++) expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // a route with a parameter counts under its pattern; an unmatched path under one label
    expect((await fetch(`${base}/api/orders/123456`)).status).toBe(401);
    expect((await fetch(`${base}/api/orders/654321`)).status).toBe(401);
    expect((await fetch(`${base}/api/nope`, { method: 'DELETE' })).status).toBe(404);

    // the answer is counted when its response is done: wait for that, not a time
    let after: Sample[] = [];
    await vi.waitFor(async () => {
      after = (await scrape()).samples;
      expect(count(after, UNMATCHED_ROUTE, 'DELETE', '4xx')).toBe(
        count(before, UNMATCHED_ROUTE, 'DELETE', '4xx') + 1,
      );
    });
    expect(count(after, '/api/health', 'GET', '2xx') - count(before, '/api/health', 'GET', '2xx')).toBe(
      health,
    );
    expect(
      count(after, '/api/orders/:id', 'GET', '4xx') - count(before, '/api/orders/:id', 'GET', '4xx'),
    ).toBe(2);
    const { types } = await scrape();
    expect(types.get('kandypack_http_request_duration_seconds')).toBe('histogram');
    // the +Inf bucket holds every request of its series, and the buckets only grow
    const buckets = after.filter(
      (s) =>
        s.name === 'kandypack_http_request_duration_seconds_bucket' &&
        s.labels.route === '/api/health' &&
        s.labels.status_class === '2xx',
    );
    expect(buckets.at(-1)).toMatchObject({
      labels: { le: '+Inf' },
      value: count(after, '/api/health', 'GET', '2xx'),
    });
    for (let i = 1; i < buckets.length; i++)
      expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
  });

  it('reports the pool, the queues, the process memory and the open event streams', async () => {
    const { samples, types } = await scrape();
    const driver = database.kind;
    for (const state of ['max', 'total', 'idle', 'waiting'])
      expect(
        value(samples, 'kandypack_db_pool_connections', { driver, state }),
        state,
      ).toBeGreaterThanOrEqual(0);
    expect(value(samples, 'kandypack_db_pool_connections', { driver, state: 'max' })).toBe(
      database.pool().max,
    );
    for (const kind of ['report', 'export', 'pdf', 'planner']) {
      expect(value(samples, 'kandypack_heavy_work_running', { kind }), kind).toBe(0);
      expect(value(samples, 'kandypack_heavy_work_waiting', { kind }), kind).toBe(0);
    }
    for (const pool of ['pdf', 'planner']) {
      expect(value(samples, 'kandypack_worker_tasks_running', { pool }), pool).toBe(0);
      expect(value(samples, 'kandypack_worker_tasks_waiting', { pool }), pool).toBe(0);
    }
    const pid = String(process.pid);
    expect(value(samples, 'kandypack_process_memory_bytes', { pid, kind: 'rss' })).toBeGreaterThan(0);
    expect(value(samples, 'kandypack_process_memory_bytes', { pid, kind: 'heap_used' })).toBeGreaterThan(0);
    expect(types.get('process_resident_memory_bytes')).toBe('gauge');
    expect(value(samples, 'kandypack_server_processes')).toBe(1);
    expect(value(samples, 'kandypack_event_streams_open')).toBe(0);

    const user = await createUser(watched, 'Manager');
    const client = new AbortController();
    const stream = await fetch(`${base}/api/events`, { headers: user.auth, signal: client.signal });
    expect(stream.status).toBe(200);
    await vi.waitFor(async () =>
      expect(value((await scrape()).samples, 'kandypack_event_streams_open')).toBe(1),
    );
    client.abort();
    await vi.waitFor(async () =>
      expect(value((await scrape()).samples, 'kandypack_event_streams_open')).toBe(0),
    );
  });
});

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

// WORKERS runs several processes only on PostgreSQL; the embedded database is always one process
describe.runIf(onPostgres)('GET /api/metrics with WORKERS=2: one answer for every process', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server) {
      server.signal('SIGTERM');
      await server.exited;
    }
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('sums the processes’ request counts and keeps each one’s memory by pid', {
    timeout: 180_000,
  }, async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    // the real server on its own schema of the test database (the URL's options set its path)
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    server = await startServerProcess({
      DATABASE_URL: url.toString(),
      JWT_SECRET: TEST_JWT_SECRET,
      WORKERS: '2',
      PG_POOL_SIZE: '2',
      METRICS_TOKEN: TOKEN,
    });
    const scrape = async () => {
      const res = await fetch(`${server!.base}/api/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status, server!.output()).toBe(200);
      return parseMetrics(await res.text()).samples;
    };
    const healthCount = (samples: Sample[]) =>
      samples.find(
        (s) =>
          s.name === 'kandypack_http_request_duration_seconds_count' &&
          s.labels.route === '/api/health' &&
          s.labels.status_class === '2xx',
      )?.value ?? 0;
    // new connections each time, so the primary hands them to both processes
    const made = 8;
    for (let i = 0; i < made; i++)
      expect((await fetch(`${server.base}/api/health`, { headers: { connection: 'close' } })).status).toBe(
        200,
      );
    let samples: Sample[] = [];
    await vi.waitFor(
      async () => {
        samples = await scrape();
        expect(healthCount(samples)).toBe(made);
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(samples.find((s) => s.name === 'kandypack_server_processes')?.value).toBe(2);
    const pids = new Set(
      samples
        .filter((s) => s.name === 'kandypack_process_memory_bytes' && s.labels.kind === 'rss' && s.value > 0)
        .map((s) => s.labels.pid),
    );
    expect(pids.size).toBe(2);
    expect(pids.has(String(server.pid))).toBe(false);
    // the summed pool: both processes' limits
    expect(
      samples.find(
        (s) =>
          s.name === 'kandypack_db_pool_connections' &&
          s.labels.driver === 'postgres' &&
          s.labels.state === 'max',
      )?.value,
    ).toBe(4);
  });
});
