import { createServer, type Server, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp, HEALTH_PING_TIMEOUT_MS } from '../app';
import { DATABASE_UNREACHABLE } from '../http/errors';
import { openEventStream } from '../test/event-stream';
import { createUser, type TestUser } from '../test/factories';
import { TEST_JWT_SECRET } from '../test/harness';
import { findPostgresBin, type PgCluster, startPgCluster } from '../test/pg-cluster';
import { createStore } from '../test/scheduling-factories';
import { type Database, openPostgres } from './client';
import { migrate } from './migrate';

// PostgreSQL stopped and started again under a running server (decision 0070), on a throwaway
// cluster this file starts itself (initdb, pg_ctl) on a free port: requests during the outage
// answer 503 with a detail and Retry-After within the statement timeout, health says the
// database is unreachable, the user cache is not trusted while its notifications are not
// heard, and the server recovers by itself with no 500 on the way. Runs once (not again in the
// PostgreSQL project: it brings its own database).

const STATEMENT_TIMEOUT_MS = 3000;
const bin = findPostgresBin();
if (!bin) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! SKIPPED: the database outage tests need PostgreSQL's initdb and pg_ctl\n` +
      `!! (looked in /usr/local/bin and /usr/lib/postgresql/*/bin; Debian: apt-get install postgresql).\n` +
      `!! Nothing about 503s, health or the user cache during an outage was checked.\n${line}\n`,
  );
}

interface Server503 {
  app: BuiltApp;
  database: Database;
  /** pino's JSON lines at warn and above. */
  lines: string[];
}

async function startServer(url: string, cacheUsers: boolean): Promise<Server503> {
  const database = openPostgres(url, { max: 4, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
  const lines: string[] = [];
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    queries: database.queries,
    pingDatabase: database.ping,
    cacheUsers,
    jwtSecret: TEST_JWT_SECRET,
    checkResponses: true,
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
  });
  await app.ready();
  return { app, database, lines };
}

const openStream = (base: string, user: TestUser) => openEventStream(base, user.auth);

const unhandled = (lines: string[]) => lines.filter((l) => l.includes('unhandled error'));

/**
 * A TCP relay in front of PostgreSQL that can cut every connection silently: the database's
 * side is closed, the server's side stays open until it sends something, and is then reset.
 * That is a dead pooled connection as a restart behind a proxy or a dropped NAT entry leaves it.
 */
async function startRelay(port: number) {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    const pair = { client, upstream };
    pairs.add(pair);
    upstream.connect(port, '127.0.0.1');
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    /** Cuts every open connection silently; returns how many. */
    cutSilently(): number {
      const cut = [...pairs];
      for (const pair of cut) {
        const { client, upstream } = pair;
        pairs.delete(pair);
        client.unpipe(upstream);
        upstream.unpipe(client);
        upstream.removeAllListeners('close');
        upstream.removeAllListeners('error');
        upstream.on('error', () => {});
        upstream.destroy();
        client.removeAllListeners('close');
        client.removeAllListeners('error');
        client.on('error', () => {});
        client.once('data', () => client.resetAndDestroy());
        client.resume();
      }
      return cut.length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!bin)('PostgreSQL stopped and started under a running server', () => {
  let cluster: PgCluster;
  let server: Server503;
  let manager: TestUser;
  let storeCity: string;

  beforeAll(async () => {
    cluster = await startPgCluster(bin!);
    const setup = openPostgres(cluster.url);
    await migrate(setup);
    await setup.close();
    server = await startServer(cluster.url, true);
    manager = await createUser(server.app, 'Manager');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    storeCity = (await createStore(server.app)).cityName;
  }, 60_000);

  afterAll(async () => {
    await server?.app.close();
    await server?.database.close();
    if (cluster && process.env.KEEP_PG_LOG) console.log(await cluster.log());
    await cluster?.destroy();
  });

  const calls = (user: TestUser, app = server.app) => {
    const inject = (options: InjectOptions) => app.inject(options);
    return {
      trips: () => inject({ method: 'GET', url: '/api/train-trips', headers: user.auth }),
      profile: () => inject({ method: 'GET', url: '/api/auth/profile', headers: user.auth }),
      addTrip: () =>
        inject({
          method: 'POST',
          url: '/api/train-trips',
          headers: user.auth,
          payload: {
            arrival_city: storeCity,
            departure_date_time: new Date(Date.now() + 24 * 3600_000).toISOString(),
            arrival_date_time: new Date(Date.now() + 28 * 3600_000).toISOString(),
            total_capacity: 100,
          },
        }),
      health: () => inject({ method: 'GET', url: '/api/health' }),
    };
  };

  it('answers 503 with a detail while it is down, distrusts the user cache, and recovers by itself', async () => {
    const deleted = await createUser(server.app, 'Manager');
    const m = calls(manager);
    const d = calls(deleted);
    // before: everything works, and both users are in the cache
    expect((await m.trips()).statusCode).toBe(200);
    expect((await m.profile()).statusCode).toBe(200);
    expect((await d.profile()).statusCode).toBe(200);
    expect((await m.addTrip()).statusCode).toBe(201);
    // a live event stream, open across the outage
    const address = server.app.server.address();
    const stream = await openStream(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      manager,
    );
    const healthy = await m.health();
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({
      status: 'ok',
      database: 'ok',
      replica: 'not configured',
      pooler: 'not configured',
    });

    await cluster.stop('immediate');
    // the listening connection's end is an event of its own; give it a moment to be read
    await new Promise((r) => setTimeout(r, 300));

    // during the outage: every call, the cached users' too, is a 503 with a detail and
    // Retry-After, well within the statement timeout
    let outageCalls = 0;
    for (let round = 0; round < 3; round++) {
      for (const call of [m.trips, m.profile, d.profile, m.addTrip]) {
        const started = Date.now();
        const res = await call();
        outageCalls++;
        expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toEqual({ detail: DATABASE_UNREACHABLE });
        expect(res.headers['retry-after']).toBe('5');
      }
      const started = Date.now();
      const health = await m.health();
      expect(Date.now() - started).toBeLessThan(HEALTH_PING_TIMEOUT_MS + 500);
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json()).toEqual({
        status: 'unavailable',
        database: 'unreachable',
        replica: 'not configured',
        pooler: 'not configured',
        detail: DATABASE_UNREACHABLE,
      });
    }
    expect(unhandled(server.lines)).toEqual([]);
    const warned = server.lines.filter((l) => l.includes('"database not reachable"'));
    expect(warned.length).toBe(outageCalls);
    expect(warned.every((l) => JSON.parse(l).level === 40)).toBe(true);

    await cluster.start();
    // a user deleted as soon as the database is back, before this server hears of it (its
    // listening connection reconnects with backoff): refused at once, not served from memory
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('delete from users where user_id = $1', [deleted.userId]);
    await admin.end();
    expect((await d.profile()).statusCode).toBe(401);

    // recovery with no help: bursts of parallel calls from the moment it is back, every one
    // of them a 2xx (counted), until health says the database is fine, three bursts at least
    const statuses: number[] = [];
    const deadline = Date.now() + 10_000;
    let healthyAgain = false;
    for (let burst = 0; (burst < 3 || !healthyAgain) && Date.now() < deadline; burst++) {
      const answers = await Promise.all([
        m.trips(),
        m.trips(),
        m.profile(),
        m.profile(),
        m.addTrip(),
        m.health(),
      ]);
      statuses.push(...answers.map((r) => r.statusCode));
      const health = answers.at(-1)!;
      healthyAgain = health.statusCode === 200 && health.json().database === 'ok';
      if (!healthyAgain) await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses.length).toBeGreaterThanOrEqual(18);
    expect(healthyAgain).toBe(true);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    expect(unhandled(server.lines)).toEqual([]);

    // the live stream stayed open and resumes: told to refetch (resync), then new events arrive
    await expect.poll(() => stream.events.includes('resync'), { timeout: 10_000 }).toBe(true);
    const seen = stream.events.length;
    await server.database.db.execute(
      sql`insert into notifications (user_id, message) values (${manager.userId}, 'after the outage')`,
    );
    await expect
      .poll(() => stream.events.slice(seen).includes('notification'), { timeout: 5_000 })
      .toBe(true);
    await stream.close();

    // the listener is back by itself: a change made behind this server's back is heard, and
    // the cache is trusted again (a renamed user shows the new name without a restart)
    await expect
      .poll(
        async () => {
          const renamed = `${manager.userName}-${Date.now()}`;
          await server.database.db.execute(
            sql`update users set user_name = ${renamed} where user_id = ${manager.userId}`,
          );
          await new Promise((r) => setTimeout(r, 200));
          return (await m.profile()).json().user_name === renamed;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  }, 45_000);

  it('answers the writes in flight when PostgreSQL dies with a 2xx or a 503, and keeps every 2xx', async () => {
    const m = calls(manager);
    const created: number[] = [];
    const statuses: number[] = [];
    let done = false;
    // parallel writers, before, across and after the moment the database dies
    const writer = async () => {
      while (!done) {
        const res = await m.addTrip();
        statuses.push(res.statusCode);
        if (res.statusCode === 201) created.push((res.json() as { train_trip_id: number }).train_trip_id);
      }
    };
    const writers = [writer(), writer(), writer(), writer()];
    await expect.poll(() => created.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(8);
    const before = created.length;
    await cluster.stop('immediate');
    await expect.poll(() => statuses.filter((s) => s === 503).length, { timeout: 10_000 }).toBeGreaterThan(0);
    done = true;
    await Promise.all(writers);
    await cluster.start();
    await expect
      .poll(async () => (await m.health()).statusCode, { timeout: 10_000, interval: 100 })
      .toBe(200);

    // never a 500: each write was done (201) or refused as the outage it met (503)
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(unhandled(server.lines)).toEqual([]);
    expect(created.length).toBeGreaterThanOrEqual(before);
    // every acknowledged trip is there after the restart
    const stored = await server.database.db.execute<{ train_trip_id: number }>(
      sql`select train_trip_id from train_trips where train_trip_id in ${sql.raw(`(${created.join(',')})`)}`,
    );
    expect(stored.rows.map((r) => r.train_trip_id).sort((a, b) => a - b)).toEqual(
      [...created].sort((a, b) => a - b),
    );
  }, 30_000);

  it('retries a request whose pooled connection died silently, on a fresh connection', async () => {
    const relay = await startRelay(Number(new URL(cluster.url).port));
    const url = new URL(cluster.url);
    url.port = String(relay.port);
    const behind = await startServer(url.toString(), false);
    try {
      const m = calls(manager, behind.app);
      // fill the pool (4 connections), then leave them idle
      const warm = await Promise.all([m.trips(), m.trips(), m.profile(), m.profile()]);
      expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(relay.cutSilently()).toBeGreaterThanOrEqual(2);

      // reads, and a write whose transaction had not begun, are sent again on a new connection
      const statuses: number[] = [];
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all([m.trips(), m.profile(), m.trips(), m.addTrip()]);
        statuses.push(...answers.map((r) => r.statusCode));
      }
      expect(statuses).toEqual([200, 200, 200, 201, 200, 200, 200, 201, 200, 200, 200, 201]);
      expect(unhandled(behind.lines)).toEqual([]);
    } finally {
      await behind.app.close();
      await behind.database.close();
      await relay.close();
    }
  }, 30_000);
});
