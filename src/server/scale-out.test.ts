import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POOL_SIZE,
  POOLER_POOL_SIZE,
  type ScaleOut,
  scaleOutMissing,
  startScaleOut,
} from '../../scripts/scale-out';
import { openEventStream } from './test/event-stream';
import { daysFromNow } from './test/factories';
import type { ServerProcess } from './test/server-process';

// N servers, one database, a pooler and a replica, with real parts (docs/scaling.md, decision
// 0087): the topology of scripts/scale-out.ts (a PostgreSQL primary, a pg_basebackup replica,
// PgBouncer in transaction mode with a session pool beside it, server processes through it).
// Checks what servers on different hosts must share: data, the sign-in throttle, live events,
// a deleted user's refusal; that statements and LISTEN work through the pooler; and that a report
// read from the replica says how far behind it may be, and is never further behind than that.
const missing = scaleOutMissing();
if (missing) console.warn(`scale-out test skipped: this machine has no ${missing} (.ci/run installs it)`);

let topology: ScaleOut;
/** Two instances alike (reports from the replica while it is at most 60 s behind)… */
let a: ServerProcess;
let b: ServerProcess;
/** …and one that lets the replica be at most 1 s behind. */
let strict: ServerProcess;

beforeAll(async () => {
  if (missing) return;
  topology = await startScaleOut({ instances: 2, env: { REPORTS_MAX_LAG_MS: '60000' } });
  [a, b] = topology.instances as [ServerProcess, ServerProcess];
  strict = await topology.startInstance({ REPORTS_MAX_LAG_MS: '1000' });
}, 180_000);

afterAll(async () => {
  await topology?.stop();
}, 60_000);

async function signIn(server: ServerProcess, username: string, password = 'demo-password') {
  return fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username, password }),
  });
}

async function tokenOf(server: ServerProcess, username: string, password = 'demo-password') {
  const res = await signIn(server, username, password);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function getJson<T>(server: ServerProcess, path: string, token: string): Promise<T> {
  const res = await fetch(`${server.base}${path}`, { headers: bearer(token) });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

async function register(server: ServerProcess, username: string) {
  const res = await fetch(`${server.base}/api/auth/register_public_customer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password: 'scale-out-password',
      name: `Shop ${username}`,
      email: `${username}@example.lk`,
      address: '5 Lake Road',
      city: 'Kandy',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** Polls `check` every 50 ms until it holds, for at most `ms`; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`did not hold within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The customer's order placed through `server`: its id. */
async function placeOrder(server: ServerProcess, token: string): Promise<number> {
  const profile = await getJson<{ customer_id: number }>(server, '/api/auth/profile', token);
  const products = await getJson<Array<{ product_id: number }>>(server, '/api/products', token);
  const res = await fetch(`${server.base}/api/customers/${profile.customer_id}/orders`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({
      scheduleDate: daysFromNow(10),
      items: [{ productID: products[0]!.product_id, quantity: 1 }],
      deliveryAddress: '5 Lake Road, Kandy',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { order_id: number }).order_id;
}

/** The customer-orders report of the demo customer through `server`: its order ids and where it read. */
async function ordersReport(server: ServerProcess, token: string, customerId: number) {
  const res = await fetch(`${server.base}/api/report/customer-orders?customer_id=${customerId}&limit=5000`, {
    headers: bearer(token),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const rows = (await res.json()) as Array<{ order_id: number }>;
  return {
    ids: rows.map((r) => r.order_id),
    source: res.headers.get('x-data-source'),
    lagMs: Number(res.headers.get('x-data-lag-ms')),
  };
}

/** One statement on the replica (read-only: replay control and what it holds). */
async function onReplica<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: topology.urls.replica });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(missing)(
  'two servers through PgBouncer (transaction pooling) on one database, with a replica',
  () => {
    it('serve the same data: an account registered on one signs in on the other, its request is seen there', async () => {
      await register(a, 'scaleout-shop');
      const token = await tokenOf(b, 'scaleout-shop', 'scale-out-password');
      const created = await fetch(`${b.base}/api/support/requests`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ subject: 'Seen on both', message: 'Asked through the second server' }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const manager = await tokenOf(a, 'manager');
      const inbox = await getJson<Array<{ subject: string }>>(a, '/api/support/requests', manager);
      expect(inbox.map((r) => r.subject)).toContain('Seen on both');
    });

    it('hold a sign-in throttle started on one server on the other', async () => {
      await register(a, 'scaleout-throttled');
      for (let i = 0; i < 10; i++)
        expect((await signIn(a, 'scaleout-throttled', 'wrong-password')).status).toBe(401);
      const other = await signIn(b, 'scaleout-throttled', 'scale-out-password');
      expect(other.status).toBe(429);
      expect(((await other.json()) as { detail: string }).detail).toMatch(
        /^Too many failed sign-in attempts/,
      );
    });

    it('deliver an event raised on one server to a live stream held on the other, within a second', async () => {
      const manager = await tokenOf(b, 'manager');
      const stream = await openEventStream(b.base, bearer(manager));
      const events = stream.events;
      try {
        const customer = await tokenOf(a, 'customer');
        const asked = await fetch(`${a.base}/api/support/requests`, {
          method: 'POST',
          headers: { ...bearer(customer), 'content-type': 'application/json' },
          body: JSON.stringify({ subject: 'An event across servers', message: 'Raised on the first server' }),
        });
        expect(asked.status).toBe(201);
        const tookMs = await within(5000, async () => events.includes('notification'));
        expect(tookMs).toBeLessThan(1000);
      } finally {
        await stream.close();
      }
    });

    it("refuse a deleted user's token on both servers", async () => {
      await register(a, 'scaleout-leaver');
      const token = await tokenOf(b, 'scaleout-leaver', 'scale-out-password');
      for (const server of [a, b]) {
        expect((await fetch(`${server.base}/api/auth/profile`, { headers: bearer(token) })).status).toBe(200);
      }
      const admin = await tokenOf(a, 'admin');
      const users = await getJson<Array<{ user_id: number; user_name: string }>>(
        a,
        '/api/users?q=scaleout-leaver',
        admin,
      );
      const leaver = users.find((u) => u.user_name === 'scaleout-leaver')!;
      const deleted = await fetch(`${a.base}/api/users/${leaver.user_id}`, {
        method: 'DELETE',
        headers: bearer(admin),
      });
      expect(deleted.status).toBe(204);
      for (const server of [a, b]) {
        await within(2000, async () => {
          const res = await fetch(`${server.base}/api/auth/profile`, { headers: bearer(token) });
          return res.status === 401;
        });
      }
    });

    it('run the hot statements through the pooler unnamed, and LISTEN on the session pool', async () => {
      const manager = await tokenOf(a, 'manager');
      // more requests than the pooler has server connections, several times over, on both servers
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          fetch(`${[a, b][i % 2]!.base}/api/orders?page=1`, { headers: bearer(manager) }).then(
            (r) => r.status,
          ),
        ),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      // what the pooler holds: at most its pool of server connections for everyone's statements,
      // and one session (the LISTEN connection) per server on the session pool
      const admin = new pg.Client({
        connectionString: topology.urls.pooler.replace(/\/kandypack$/, '/pgbouncer'),
      });
      await admin.connect();
      try {
        const pools = (await admin.query({ text: 'SHOW POOLS', queryMode: 'simple' } as pg.QueryConfig))
          .rows as Array<Record<string, string>>;
        const pool = (name: string) => pools.find((p) => p.database === name)!;
        const transaction = pool('kandypack');
        const servers =
          Number(transaction.sv_active) + Number(transaction.sv_idle) + Number(transaction.sv_used);
        expect(servers).toBeGreaterThan(0);
        expect(servers).toBeLessThanOrEqual(POOLER_POOL_SIZE);
        expect(pool('kandypack').pool_mode).toBe('transaction');
        expect(pool('kandypack_session').pool_mode).toBe('session');
        const clients = (await admin.query({ text: 'SHOW CLIENTS', queryMode: 'simple' } as pg.QueryConfig))
          .rows as Array<Record<string, string>>;
        const onSession = clients.filter((c) => c.database === 'kandypack_session');
        // each of the three servers: its LISTEN connection (and the health check's own, when open)
        expect(onSession.length).toBeGreaterThanOrEqual(3);
        const onTransaction = clients.filter((c) => c.database === 'kandypack');
        expect(onTransaction.length).toBeLessThanOrEqual(3 * (POOL_SIZE + 2));
      } finally {
        await admin.end();
      }
    });

    it('keep the pooler up while clients walk away from hundreds of requests (their statements cancelled through it)', async () => {
      const manager = await tokenOf(a, 'manager');
      // each abandoned request's statements get a cancel request through PgBouncer; one that its
      // client closed first ended PgBouncer 1.18 (decision 0087)
      for (let round = 0; round < 15; round++) {
        const controller = new AbortController();
        const asked = Array.from({ length: 40 }, (_, i) =>
          fetch(`${[a, b][i % 2]!.base}/api/orders?page=${1 + (i % 5)}`, {
            headers: bearer(manager),
            signal: controller.signal,
          }).catch(() => undefined),
        );
        await new Promise((r) => setTimeout(r, 5 + (round % 5) * 5));
        controller.abort();
        await Promise.all(asked);
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const server of [a, b]) {
        const res = await fetch(`${server.base}/api/orders?page=1`, { headers: bearer(manager) });
        expect(res.status, await res.clone().text()).toBe(200);
      }
      expect(topology.poolerLog()).not.toMatch(/FATAL/);
    });

    it('read the reports from the replica, saying how far behind it may be, and never further behind than that', async () => {
      const customer = await tokenOf(a, 'customer');
      const admin = await tokenOf(a, 'admin');
      const { customer_id: customerId } = await getJson<{ customer_id: number }>(
        a,
        '/api/auth/profile',
        customer,
      );

      // caught up: the replica answers, nothing behind
      const before = await placeOrder(a, customer);
      await within(5000, async () => (await ordersReport(a, admin, customerId)).ids.includes(before));
      const current = await ordersReport(a, admin, customerId);
      expect(current.source).toBe('replica');

      // the replica stops replaying: an order placed now is not on it
      await onReplica('select pg_wal_replay_pause()');
      try {
        const pausedAt = Date.now();
        const placed = await placeOrder(b, customer);
        await new Promise((r) => setTimeout(r, 1500));
        const asked = Date.now();
        const behind = await ordersReport(a, admin, customerId);
        expect(behind.source).toBe('replica');
        expect(behind.ids).not.toContain(placed);
        // the answer's bound covers what it does not show: everything since the pause, the order too
        expect(behind.lagMs).toBeGreaterThanOrEqual(asked - pausedAt);
        // the server that allows 1 s reads the primary instead, and shows the order
        const fresh = await ordersReport(strict, admin, customerId);
        expect(fresh).toMatchObject({ source: 'primary', lagMs: 0 });
        expect(fresh.ids).toContain(placed);
        const health = (await (await fetch(`${strict.base}/api/health`)).json()) as Record<string, unknown>;
        expect(health).toMatchObject({ status: 'ok', database: 'ok', pooler: 'ok', replica: 'behind' });
        expect(Number(health.replica_lag_ms)).toBeGreaterThan(1000);

        await onReplica('select pg_wal_replay_resume()');
        await within(5000, async () => (await ordersReport(a, admin, customerId)).ids.includes(placed));
        // the server that allows 1 s goes back to the replica once it has caught up with the
        // primary's position (on a busy machine the stream can trail the primary's newest WAL
        // for a moment; meanwhile the bound is the last replayed commit, the paused order's, > 1 s)
        let after: Awaited<ReturnType<typeof ordersReport>> | undefined;
        await within(10_000, async () => {
          after = await ordersReport(strict, admin, customerId);
          return after.source === 'replica';
        });
        expect(after?.ids).toContain(placed);
      } finally {
        await onReplica('select pg_wal_replay_resume()').catch(() => undefined);
      }
    });

    it('say in GET /api/health that the database, the pooler and the replica answer', async () => {
      for (const server of [a, b]) {
        const health = (await (await fetch(`${server.base}/api/health`)).json()) as Record<string, unknown>;
        expect(health).toMatchObject({ status: 'ok', database: 'ok', pooler: 'ok', replica: 'ok' });
        expect(typeof health.replica_lag_ms).toBe('number');
      }
    });
  },
);
