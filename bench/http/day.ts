// `npm run bench -- --day`: a business day, all at once (issue 27 part 1). Against a server of
// `--workers` processes (its own process, as `npm start` runs it) on the scaled PostgreSQL
// database, for `--minutes`:
//
//   customers  browse (dashboard, order list, an order, products, notifications), search their
//              history and place orders, with think times;
//   managers   read the order list (pages, tabs, search), the trip board, the dashboard and the
//              planner, and allocate the day's new orders to trains (preview, then allocate);
//   warehouse  counts stock (a manual count of one product), reads the ledger and opens reports;
//   crews      start a run and confirm its items one by one; then the next run;
//   streams    open event streams (GET /api/events): one per active user, the rest idle customers;
//   admin      downloads a year's reports (CSV and PDF).
//
// Each answer's time is recorded per action; events the actions raise (an order approved, a run
// started, an order or run delivered) are checked on every stream that should receive them,
// measured from when the raising request was answered; each server process's memory comes from
// GET /api/metrics every `--sample` seconds. Results go to docs/benchmarks.md (between the
// day-bench markers) with two SVG charts in docs/benchmarks/.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTokenService } from '#server/http/tokens';
import { freePort } from '#server/test/pg-cluster';
import { arg, writeBenchmarksSection } from '../docs-section';
import { lineChart } from './day-charts';
import { TimeAccount, type TimeFigures } from './day-cpu';
import { prepareDatabase, SECRET, startServer } from './run-http';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const METRICS_TOKEN = 'day-bench-metrics-token-0123456789';

export interface DayOptions {
  url: string;
  /** Length of the mix in seconds (`--minutes` x 60). */
  seconds: number;
  customers: number;
  managers: number;
  warehouse: number;
  crews: number;
  /** Open event streams in all: one per active user, the rest held by idle customers. */
  streams: number;
  admins: number;
  workers: number;
  pool: number;
  /** Memory sampled every this many seconds. */
  sampleSeconds: number;
  /** Think times are multiplied by this (1: as written below). */
  think: number;
  /** Seconds at the start that count as warm-up: memory growth and the "after warm-up" latencies are taken after it. */
  warmupSeconds: number;
  /** Users arrive spread over this many seconds at the start (a morning, not one instant). */
  rampSeconds: number;
  /** Seed this many orders first when the database has no users (the smoke test). */
  orders?: number;
  write: boolean;
  log?: (line: string) => void;
}

/** Interactive actions' target and report downloads' (the issue's). */
export const INTERACTIVE_P99_MS = 100;
export const DOWNLOAD_P99_MS = 1000;
export const EVENT_DEADLINE_MS = 1000;

export interface ActionStats {
  action: string;
  kind: 'interactive' | 'download';
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** The same after the warm-up. */
  steady: { count: number; p50: number; p99: number };
  errors: number;
  /** The first few errors (status and answer). */
  errorSamples: string[];
}

export interface MemorySample {
  t: number;
  pid: string;
  rss: number;
  heapUsed: number;
}

export interface DayResult {
  orders: number;
  seconds: number;
  actions: ActionStats[];
  /** Classes of user: their actions together. */
  classes: Array<{ name: string; count: number; p50: number; p99: number; errors: number }>;
  events: {
    expected: number;
    onTime: number;
    late: number;
    missing: number;
    /** Of those received, how many arrived before the raising request's answer had been read. */
    beforeAnswer: number;
    p50: number;
    p99: number;
    max: number;
    raised: number;
    streamsOpen: number;
    streamErrors: number;
  };
  memory: MemorySample[];
  /** Per 10 s window: the interactive actions' p50 and p99 and the downloads' p99. */
  timeline: Array<{ t: number; p50: number; p99: number; downloadP99: number; count: number }>;
  runs: { created: number; started: number; finished: number; noOrders: number };
  placed: number;
  allocated: number;
  allocationRefused: number;
  loadAverage: number[];
  /** Where the time went: cores busy by whom, the load generator's own delay, backends' waits. */
  time: TimeFigures;
  /** Every answer: action, seconds from the start of the mix, time taken, success. */
  samples: Array<{ action: string; t: number; ms: number; ok: boolean }>;
  latencySvg: string;
  memorySvg: string;
}

// ---------------------------------------------------------------------------------------------
// small helpers

/** mulberry32: the same sequence of choices on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = ReturnType<typeof rng>;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// the recorder: every answer's time, by action

interface Sample {
  action: string;
  at: number;
  ms: number;
  ok: boolean;
}

class Recorder {
  readonly samples: Sample[] = [];
  readonly errorSamples = new Map<string, string[]>();
  readonly kinds = new Map<string, 'interactive' | 'download'>();
  constructor(readonly t0: number) {}

  add(
    action: string,
    kind: 'interactive' | 'download',
    started: number,
    ms: number,
    ok: boolean,
    why?: string,
  ) {
    this.kinds.set(action, kind);
    this.samples.push({ action, at: started - this.t0, ms, ok });
    if (!ok) {
      const list = this.errorSamples.get(action) ?? [];
      if (list.length < 3) list.push(why ?? 'error');
      this.errorSamples.set(action, list);
    }
  }
}

interface Answer {
  status: number;
  body: string;
  /** performance.now() when the whole answer had arrived. */
  answeredAt: number;
  json: <T>() => T;
}

class Api {
  constructor(
    private readonly base: string,
    private readonly rec: Recorder,
  ) {}

  /**
   * One request, timed from sending to the last byte of the answer; `ok` lists the statuses
   * that count as success (others are errors). Returns null on an error.
   */
  async call(
    action: string,
    token: string,
    method: string,
    path: string,
    options: { body?: unknown; ok?: number[]; kind?: 'interactive' | 'download' } = {},
  ): Promise<Answer | null> {
    const started = performance.now();
    let status = 0;
    let body = '';
    let why: string | undefined;
    try {
      const res = await fetch(this.base + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      body = await res.text();
    } catch (err) {
      why = err instanceof Error ? err.message : String(err);
    }
    const answeredAt = performance.now();
    const ok = (options.ok ?? [200]).includes(status);
    this.rec.add(
      action,
      options.kind ?? 'interactive',
      started,
      answeredAt - started,
      ok,
      why ?? `${method} ${path}: ${status} ${body.slice(0, 200)}`,
    );
    if (!ok) return null;
    return { status, body, answeredAt, json: <T>() => JSON.parse(body) as T };
  }
}

// ---------------------------------------------------------------------------------------------
// event streams

interface StreamOwner {
  userId: number;
  token: string;
  /** The portal the events go to: staff (manager, admin) see every order and run. */
  staff: boolean;
  customerId: number | null;
  employeeId: number | null;
}

interface RaisedEvent {
  key: string;
  answeredAt: number;
  kind: 'order' | 'delivery';
  customerId?: number;
  employeeIds?: number[];
}

class Stream {
  readonly received = new Map<string, number>();
  ready = false;
  ended = false;
  private req: http.ClientRequest | null = null;
  constructor(readonly owner: StreamOwner) {}

  open(port: number, onError: (why: string) => void): Promise<void> {
    return new Promise((resolve) => {
      let settled = false;
      const done = () => {
        if (!settled) {
          settled = true;
          resolve();
        }
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/events',
          agent: false,
          headers: { authorization: `Bearer ${this.owner.token}`, accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode !== 200) {
            onError(`GET /api/events: ${res.statusCode}`);
            res.resume();
            done();
            return;
          }
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            const now = performance.now();
            buffer += chunk;
            for (;;) {
              const end = buffer.indexOf('\n\n');
              if (end < 0) break;
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              let event = '';
              let data = '';
              for (const line of block.split('\n')) {
                if (line.startsWith('event: ')) event = line.slice(7);
                else if (line.startsWith('data: ')) data = line.slice(6);
              }
              if (event === 'ready') {
                this.ready = true;
                done();
              } else if (event === 'order' || event === 'delivery') {
                try {
                  const d = JSON.parse(data) as { order_id?: number; delivery_id?: number; status?: string };
                  const key = `${event}:${event === 'order' ? d.order_id : d.delivery_id}:${d.status}`;
                  if (!this.received.has(key)) this.received.set(key, now);
                } catch {
                  // not ours
                }
              } else if (event === 'end' || event === 'error') {
                onError(`stream ${event}: ${data}`);
              }
            }
          });
          res.on('end', () => {
            if (!this.ended) onError('the stream ended');
            done();
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', (err) => {
        if (!this.ended) onError(`GET /api/events: ${err.message}`);
        done();
      });
      req.end();
      this.req = req;
      setTimeout(done, 15_000).unref();
    });
  }

  close() {
    this.ended = true;
    this.req?.destroy();
  }
}

function expectedOn(e: RaisedEvent, o: StreamOwner): boolean {
  if (o.staff) return true;
  if (e.kind === 'order') return e.customerId != null && e.customerId === o.customerId;
  return o.employeeId !== null && !!e.employeeIds?.includes(o.employeeId);
}

// ---------------------------------------------------------------------------------------------
// users and runs

interface Login {
  userId: number;
  token: string;
  customerId: number | null;
  employeeId: number | null;
}

interface CrewMember extends Login {
  driverId: number;
  assistantId: number;
  truckId: number;
  routes: number[];
}

interface Run {
  deliveryId: number;
  orders: Array<{ orderId: number; customerId: number }>;
}

/** Logins `prefix1..n` of the role of `like` (created once, reused by later runs). */
async function ensureLogins(
  client: pg.Client,
  prefix: string,
  n: number,
  like: string,
  customerIds?: number[],
): Promise<Array<{ user_id: number; customer_id: number | null }>> {
  if (n === 0) return [];
  const base = await client.query('select role_id, password_hash from users where user_name = $1', [like]);
  if (!base.rows[0]) throw new Error(`no ${like} login in this database: seed the demo data first`);
  await client.query(
    `insert into users (user_name, email, password_hash, role_id, customer_id)
     select $1 || k, $1 || k || '@day-bench.kandypack.lk', $2, $3, ($4::int[])[1 + (k - 1) % greatest(1, cardinality($4::int[]))]
       from generate_series(1, $5::int) k
      where not exists (select 1 from users u where lower(u.user_name) = lower($1 || k))`,
    [prefix, base.rows[0].password_hash, base.rows[0].role_id, customerIds ?? [], n],
  );
  const res = await client.query(
    `select u.user_id, u.customer_id from generate_series(1, $2::int) k
       join users u on lower(u.user_name) = lower($1 || k) order by k`,
    [prefix, n],
  );
  return res.rows;
}

/** Fresh crews for this run: a driver (with a login), an assistant and a truck each, at stores with work. */
async function makeCrews(
  client: pg.Client,
  n: number,
  tag: string,
): Promise<Array<Omit<CrewMember, 'token'>>> {
  if (n === 0) return [];
  // routes with approved orders not on any truck, the busiest first
  const routes = (
    await client.query(
      `select r.route_id, r.store_id, count(*)::int as waiting
         from orders o join routes r using (route_id)
        where o.status = 'Scheduled' and not exists (select 1 from delivery_orders d where d.order_id = o.order_id)
        group by 1, 2 order by 3 desc, 1`,
    )
  ).rows as Array<{ route_id: number; store_id: number; waiting: number }>;
  if (routes.length === 0)
    throw new Error('no approved (Scheduled) order waits for a truck: nothing for the crews to deliver');
  const driver = await client.query(
    `select u.role_id, u.password_hash from users u where u.user_name = 'driver'`,
  );
  if (!driver.rows[0]) throw new Error('no driver login in this database: seed the demo data first');
  const byStore = new Map<number, number[]>();
  for (const r of routes) byStore.set(r.store_id, [...(byStore.get(r.store_id) ?? []), r.route_id]);
  const stores = [...byStore.keys()];
  const crews: Array<Omit<CrewMember, 'token'>> = [];
  await client.query('begin');
  try {
    for (let k = 0; k < n; k++) {
      const storeId = stores[k % stores.length]!;
      const people = await client.query(
        `insert into employees (first_name, last_name, type, weekly_hour_limit, store_id, contact_number)
         values ('Day', $1, 'Driver', 40, $3, '0770000000'), ('Day', $2, 'Assistant', 60, $3, '0770000001')
         returning employee_id`,
        [`Driver ${tag}-${k + 1}`, `Assistant ${tag}-${k + 1}`, storeId],
      );
      const [d, a] = people.rows.map((r) => r.employee_id as number);
      const truck = await client.query(
        `insert into trucks (plate_number, capacity, status, store_id) values ($1, 1000, 'Available', $2) returning truck_id`,
        [`DAY-${tag}-${k + 1}`, storeId],
      );
      const user = await client.query(
        `insert into users (user_name, email, password_hash, role_id, employee_id)
         values ($1, $1 || '@day-bench.kandypack.lk', $2, $3, $4) returning user_id`,
        [`day-${tag}-driver-${k + 1}`, driver.rows[0].password_hash, driver.rows[0].role_id, d],
      );
      crews.push({
        userId: user.rows[0].user_id,
        customerId: null,
        employeeId: d!,
        driverId: d!,
        assistantId: a!,
        truckId: truck.rows[0].truck_id,
        routes: byStore.get(storeId)!,
      });
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
  return crews;
}

/**
 * The manager's part the mix does not time: a Scheduled run an hour from now with up to
 * `orders` approved orders of the crew's routes loaded (as the crew tests load a truck,
 * src/server/test/crew-factories.ts). Null when no approved order waits on its routes.
 */
async function makeRun(pool: pg.Pool, crew: Omit<CrewMember, 'token'>, orders: number): Promise<Run | null> {
  const client = await pool.connect();
  try {
    for (const routeId of crew.routes) {
      await client.query('begin');
      const picked = await client.query(
        `select o.order_id, o.customer_id from orders o
          where o.status = 'Scheduled' and o.route_id = $1
            and not exists (select 1 from delivery_orders d where d.order_id = o.order_id)
          order by o.order_id desc limit $2 for update skip locked`,
        [routeId, orders],
      );
      if (picked.rows.length === 0) {
        await client.query('rollback');
        continue;
      }
      const delivery = await client.query(
        `insert into deliveries (truck_id, route_id, driver_employee_id, assistant_employee_id, delivery_date_time,
                                 end_date_time, status)
         values ($1, $2, $3, $4, now() + interval '1 hour', now() + interval '5 hours', 'Scheduled') returning delivery_id`,
        [crew.truckId, routeId, crew.driverId, crew.assistantId],
      );
      const deliveryId = delivery.rows[0].delivery_id as number;
      await client.query('insert into delivery_orders (delivery_id, order_id) select $1, unnest($2::int[])', [
        deliveryId,
        picked.rows.map((r) => r.order_id),
      ]);
      await client.query('commit');
      return {
        deliveryId,
        orders: picked.rows.map((r) => ({
          orderId: r.order_id as number,
          customerId: r.customer_id as number,
        })),
      };
    }
    return null;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------------------------------------
// the mix

interface Shared {
  api: Api;
  rec: Recorder;
  running: () => boolean;
  think: (r: Rand, lo: number, hi: number) => Promise<void>;
  /** A user's first action, somewhere in the ramp at the start of the mix. */
  arrive: (r: Rand) => Promise<void>;
  raised: RaisedEvent[];
  /** Orders the customers placed today, for the managers to allocate. */
  newOrders: Array<{ orderId: number; customerId: number }>;
  products: number[];
  counts: {
    placed: number;
    allocated: number;
    allocationRefused: number;
    runsCreated: number;
    runsStarted: number;
    runsFinished: number;
    noOrders: number;
  };
  ids: Record<string, number | null>;
  today: Date;
}

const SEARCH_WORDS = ['tea', 'rice', 'biscuit', 'coconut', 'soap', 'temple', 'road', 'ceylon'];
const STAFF_SEARCHES = ['Tea', 'golden', 'hill%20country', 'negombo', 'Ceylon%20Traders', 'temple%20road'];

async function customerLoop(s: Shared, me: Login, seed: number) {
  const r = rng(seed);
  const orders: number[] = [];
  await s.arrive(r);
  while (s.running()) {
    const dash = await s.api.call('customer: dashboard', me.token, 'GET', '/api/dashboard/customer-stats');
    void dash;
    await s.think(r, 2, 6);
    if (!s.running()) break;
    const list = await s.api.call('customer: order list', me.token, 'GET', '/api/orders?page=1&page_size=10');
    const rows = list?.json<Array<{ order_id: number }>>() ?? [];
    for (const o of rows.slice(0, 3)) if (!orders.includes(o.order_id)) orders.push(o.order_id);
    await s.think(r, 2, 6);
    if (!s.running()) break;
    if (orders.length > 0) {
      await s.api.call('customer: order detail', me.token, 'GET', `/api/orders/${pick(r, orders)}`);
      await s.think(r, 2, 8);
      if (!s.running()) break;
    }
    if (r() < 0.5) {
      await s.api.call(
        'customer: search',
        me.token,
        'GET',
        `/api/orders?q=${pick(r, SEARCH_WORDS)}&page_size=10`,
      );
      await s.think(r, 2, 6);
      if (!s.running()) break;
    }
    if (r() < 0.3) {
      await s.api.call('customer: global search', me.token, 'GET', `/api/search?q=${pick(r, SEARCH_WORDS)}`);
      await s.think(r, 2, 6);
      if (!s.running()) break;
    }
    if (r() < 0.3) {
      await s.api.call('customer: notifications', me.token, 'GET', '/api/notifications');
      await s.think(r, 1, 4);
      if (!s.running()) break;
    }
    // the new-order form: products, the starting address, then the order
    if (r() < 0.5) {
      await s.api.call('customer: products', me.token, 'GET', '/api/products');
      await s.think(r, 1, 3);
      if (!s.running()) break;
      await s.api.call(
        'customer: delivery defaults',
        me.token,
        'GET',
        `/api/customers/${me.customerId}/delivery-defaults`,
      );
      await s.think(r, 5, 15);
      if (!s.running()) break;
      const n = 1 + Math.floor(r() * 3);
      const chosen = new Set<number>();
      while (chosen.size < Math.min(n, s.products.length)) chosen.add(pick(r, s.products));
      const placed = await s.api.call(
        'customer: place order',
        me.token,
        'POST',
        `/api/customers/${me.customerId}/orders`,
        {
          body: {
            scheduleDate: dayOf(new Date(s.today.getTime() + 10 * 86_400_000)),
            items: [...chosen].map((productID) => ({ productID, quantity: 1 + Math.floor(r() * 3) })),
          },
          ok: [201],
        },
      );
      if (placed) {
        const id = placed.json<{ order_id: number }>().order_id;
        s.counts.placed += 1;
        orders.unshift(id);
        s.newOrders.push({ orderId: id, customerId: me.customerId! });
      }
      await s.think(r, 3, 8);
    }
  }
}

async function managerLoop(s: Shared, me: Login, seed: number) {
  const r = rng(seed);
  await s.arrive(r);
  while (s.running()) {
    const step = r();
    if (step < 0.25) {
      const path = pick(r, [
        '/api/orders?page=1&page_size=20',
        '/api/orders?status=Pending&page_size=20',
        `/api/orders?page=${2 + Math.floor(r() * 20)}&page_size=20`,
        '/api/orders?status=Scheduled&page_size=20',
      ]);
      await s.api.call('manager: order list', me.token, 'GET', path);
      if (r() < 0.4) {
        await s.think(r, 1, 4);
        await s.api.call(
          'manager: order search',
          me.token,
          'GET',
          `/api/orders?q=${pick(r, STAFF_SEARCHES)}&page_size=20`,
        );
      }
    } else if (step < 0.4) {
      const trips = await s.api.call('manager: trip board', me.token, 'GET', '/api/train-trips');
      const list = trips?.json<Array<{ train_trip_id: number }>>() ?? [];
      if (list.length > 0) {
        await s.think(r, 1, 4);
        await s.api.call(
          'manager: trip detail',
          me.token,
          'GET',
          `/api/train-trips/${pick(r, list).train_trip_id}`,
        );
      }
    } else if (step < 0.55) {
      await s.api.call('manager: dashboard', me.token, 'GET', '/api/dashboard/manager-stats');
    } else if (step < 0.85) {
      // allocation: the oldest of the day's new orders, previewed, then booked when it can be
      const next = s.newOrders.shift();
      if (next) {
        const preview = await s.api.call(
          'manager: allocation preview',
          me.token,
          'GET',
          `/api/orders/${next.orderId}/allocation-preview`,
        );
        await s.think(r, 2, 5);
        if (preview?.json<{ can_allocate: boolean }>().can_allocate) {
          const done = await s.api.call(
            'manager: allocate',
            me.token,
            'POST',
            `/api/orders/${next.orderId}/allocate-train`,
          );
          if (done) {
            s.counts.allocated += 1;
            s.raised.push({
              key: `order:${next.orderId}:Scheduled`,
              answeredAt: done.answeredAt,
              kind: 'order',
              customerId: next.customerId,
            });
          }
        } else if (preview) s.counts.allocationRefused += 1;
      } else {
        await s.api.call('manager: order list', me.token, 'GET', '/api/orders?status=Pending&page_size=20');
      }
    } else {
      await s.api.call('manager: planner', me.token, 'GET', '/api/planning/pending-orders');
      await s.think(r, 2, 5);
      await s.api.call('manager: planner', me.token, 'GET', '/api/planning/proposals/current', {
        ok: [200, 404],
      });
    }
    await s.think(r, 3, 10);
  }
}

async function warehouseLoop(s: Shared, me: Login, seed: number, index: number, of: number) {
  const r = rng(seed);
  await s.arrive(r);
  while (s.running()) {
    const step = r();
    if (step < 0.4) {
      // a count of one of this user's products (each user counts its own share: no two counts of
      // one product race): what the list showed, and one more unit found on the shelf
      const list = await s.api.call('warehouse: products', me.token, 'GET', '/api/products');
      const mine = (list?.json<Array<{ product_id: number; available_units: number }>>() ?? []).filter(
        (p) => p.product_id % of === index % of,
      );
      await s.think(r, 3, 8);
      if (mine.length > 0 && s.running()) {
        const p = pick(r, mine);
        await s.api.call('warehouse: count stock', me.token, 'PUT', `/api/products/${p.product_id}`, {
          body: {
            available_units: p.available_units + 1,
            previous_units: p.available_units,
            reason: 'day bench count',
          },
        });
      }
    } else if (step < 0.55) {
      const product = s.ids.product;
      if (product)
        await s.api.call('warehouse: movements', me.token, 'GET', `/api/products/${product}/movements`);
    } else if (step < 0.7) {
      await s.api.call('warehouse: dashboard', me.token, 'GET', '/api/dashboard/warehouse-manager-stats');
    } else {
      const path = pick(r, [
        '/api/report/inventory-alerts',
        '/api/report/product-performance',
        '/api/report/current-stock',
        ...(s.ids.store ? [`/api/stores/${s.ids.store}/stock`] : []),
      ]);
      await s.api.call('warehouse: report', me.token, 'GET', path);
    }
    await s.think(r, 3, 10);
  }
}

async function crewLoop(
  s: Shared,
  me: CrewMember,
  seed: number,
  newRun: (c: CrewMember) => Promise<Run | null>,
) {
  const r = rng(seed);
  await s.arrive(r);
  while (s.running()) {
    const run = await newRun(me);
    if (!run) {
      s.counts.noOrders += 1;
      await s.think(r, 20, 30);
      continue;
    }
    s.counts.runsCreated += 1;
    await s.api.call(
      'crew: assignments',
      me.token,
      'GET',
      `/api/deliveries/assistant/${me.employeeId}/assignments`,
    );
    await s.think(r, 2, 5);
    if (!s.running()) break;
    const started = await s.api.call(
      'crew: start run',
      me.token,
      'POST',
      `/api/deliveries/${run.deliveryId}/start`,
    );
    if (!started) continue;
    s.counts.runsStarted += 1;
    s.raised.push({
      key: `delivery:${run.deliveryId}:In Transit`,
      answeredAt: started.answeredAt,
      kind: 'delivery',
      employeeIds: [me.driverId, me.assistantId],
    });
    for (const o of run.orders)
      s.raised.push({
        key: `order:${o.orderId}:In Transit`,
        answeredAt: started.answeredAt,
        kind: 'order',
        customerId: o.customerId,
      });
    const items = await s.api.call(
      'crew: items',
      me.token,
      'GET',
      `/api/deliveries/${run.deliveryId}/order-items`,
    );
    const list = items?.json<Array<{ order_id: number; product_id: number }>>() ?? [];
    const left = new Map<number, number>();
    for (const i of list) left.set(i.order_id, (left.get(i.order_id) ?? 0) + 1);
    let remaining = list.length;
    for (const item of list) {
      await s.think(r, 4, 8);
      if (!s.running()) break;
      const confirmed = await s.api.call(
        'crew: confirm item',
        me.token,
        'POST',
        `/api/deliveries/${run.deliveryId}/confirm-item`,
        {
          body: {
            order_id: item.order_id,
            product_id: item.product_id,
            recipient_name: 'Day Bench',
            confirmation_id: randomUUID(),
          },
          ok: [201],
        },
      );
      if (!confirmed) continue;
      remaining -= 1;
      const n = left.get(item.order_id)! - 1;
      left.set(item.order_id, n);
      if (n === 0) {
        s.raised.push({
          key: `order:${item.order_id}:Delivered`,
          answeredAt: confirmed.answeredAt,
          kind: 'order',
          customerId: run.orders.find((o) => o.orderId === item.order_id)?.customerId,
        });
      }
      if (remaining === 0) {
        s.counts.runsFinished += 1;
        s.raised.push({
          key: `delivery:${run.deliveryId}:Delivered`,
          answeredAt: confirmed.answeredAt,
          kind: 'delivery',
          employeeIds: [me.driverId, me.assistantId],
        });
      }
    }
    if (r() < 0.5 && s.running())
      await s.api.call(
        'crew: notifications',
        me.token,
        'GET',
        `/api/deliveries/assistant/${me.employeeId}/notifications`,
      );
    await s.think(r, 5, 10);
  }
}

/** A year's reports, as the admin downloads them. */
function yearDownloads(today: Date): string[] {
  const to = dayOf(today);
  const from = dayOf(new Date(today.getTime() - 364 * 86_400_000));
  const y = `from=${from}&to=${to}`;
  return [
    `/api/report/revenue-analysis?${y}&format=csv`,
    `/api/report/revenue-analysis?${y}&format=pdf`,
    `/api/report/city-sales?${y}&format=csv`,
    `/api/report/route-sales?${y}&format=csv`,
    `/api/report/truck-usage?${y}&format=pdf`,
    `/api/report/product-performance?${y}&format=csv`,
    `/api/report/quarterly-sales?${y}&format=pdf`,
  ];
}

async function adminLoop(s: Shared, me: Login, seed: number) {
  const r = rng(seed);
  const downloads = yearDownloads(s.today);
  let i = Math.floor(r() * downloads.length);
  await s.arrive(r);
  while (s.running()) {
    await s.api.call('admin: year report download', me.token, 'GET', downloads[i % downloads.length]!, {
      kind: 'download',
    });
    i += 1;
    await s.think(r, 5, 15);
  }
}

// ---------------------------------------------------------------------------------------------
// memory

/** The primary's label in the memory series. */
export const PRIMARY = 'primary';

function primaryRss(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function parseMemory(text: string, t: number): MemorySample[] {
  const byPid = new Map<string, MemorySample>();
  for (const m of text.matchAll(/^kandypack_process_memory_bytes\{([^}]*)\}\s+(\S+)/gm)) {
    const labels = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    const pid = labels.pid!;
    const sample = byPid.get(pid) ?? { t, pid, rss: 0, heapUsed: 0 };
    if (labels.kind === 'rss') sample.rss = Number(m[2]);
    if (labels.kind === 'heap_used') sample.heapUsed = Number(m[2]);
    byPid.set(pid, sample);
  }
  return [...byPid.values()];
}

// ---------------------------------------------------------------------------------------------

export async function runDayBench(o: DayOptions): Promise<DayResult> {
  const log = o.log ?? ((line: string) => console.log(line));
  await prepareDatabase(o.url, o.orders, log);
  const tag = Date.now().toString(36);
  const client = new pg.Client({ connectionString: o.url });
  await client.connect();
  const orders = Number((await client.query('select count(*) as n from orders')).rows[0].n);
  const lookUp = async (q: string) => {
    const v = (await client.query(q)).rows[0];
    return v ? (Object.values(v)[0] as number | null) : null;
  };
  const ids: Record<string, number | null> = {
    product: await lookUp('select product_id from products order by movement_count desc limit 1'),
    store: await lookUp(
      `select s.store_id from stores s join orders o on o.city_id = s.city_id and o.status = 'Scheduled' group by 1 order by count(*) desc limit 1`,
    ),
  };
  const products = (
    await client.query('select product_id from products where available_units > 1000 order by product_id')
  ).rows.map((row) => row.product_id as number);
  if (products.length === 0) throw new Error('no product has more than 1,000 units: nothing to order');
  const customerIds = (
    await client.query(
      `select customer_id from customers c where exists (select 1 from orders o where o.customer_id = c.customer_id)
        order by customer_id desc limit $1`,
      [Math.max(1, o.customers + o.streams)],
    )
  ).rows.map((row) => row.customer_id as number);
  const active = o.customers + o.managers + o.warehouse + o.crews + o.admins;
  const idle = Math.max(0, o.streams - active);
  const customers = await ensureLogins(client, 'daycustomer', o.customers, 'bigcustomer1', customerIds);
  const idlers = await ensureLogins(client, 'dayidle', idle, 'bigcustomer1', customerIds.slice().reverse());
  const managers = await ensureLogins(client, 'daymanager', o.managers, 'manager');
  const warehouse = await ensureLogins(client, 'daywarehouse', o.warehouse, 'warehouse');
  const admin = (await client.query(`select user_id from users where user_name = 'admin'`)).rows[0]
    ?.user_id as number | undefined;
  if (o.admins > 0 && admin === undefined) throw new Error('no admin login in this database');
  const crewRows = await makeCrews(client, o.crews, tag);
  await client.end();

  const tokens = createTokenService(SECRET, 120, () => new Date());
  const login = async (
    row: { user_id: number; customer_id: number | null },
    employeeId: number | null = null,
  ) => ({
    userId: row.user_id,
    token: await tokens.sign(row.user_id),
    customerId: row.customer_id,
    employeeId,
  });
  const customerLogins = await Promise.all(customers.map((c) => login(c)));
  const idleLogins = await Promise.all(idlers.map((c) => login(c)));
  const managerLogins = await Promise.all(managers.map((m) => login(m)));
  const warehouseLogins = await Promise.all(warehouse.map((w) => login(w)));
  const adminLogins = await Promise.all(
    Array.from({ length: o.admins }, () => login({ user_id: admin!, customer_id: null })),
  );
  const crews: CrewMember[] = await Promise.all(
    crewRows.map(async (c) => ({ ...c, token: await tokens.sign(c.userId) })),
  );
  log(
    `${orders.toLocaleString('en-US')} orders; ${o.customers} customers, ${o.managers} managers, ${o.warehouse} warehouse, ${o.crews} crews, ${o.admins} admin, ${o.streams} streams; ${o.seconds} s; server: ${o.workers} process(es), pool ${o.pool}`,
  );

  const port = await freePort();
  const server = await startServer(o.url, port, {
    workers: o.workers,
    pool: o.pool,
    env: { METRICS_TOKEN },
  });
  const runPool = new pg.Pool({ connectionString: o.url, max: 1 });
  const base = `http://127.0.0.1:${port}`;
  const streams: Stream[] = [];
  let streamErrors = 0;
  const streamErrorSamples: string[] = [];
  const memory: MemorySample[] = [];
  const accountClient = new pg.Client({ connectionString: o.url });
  const account = new TimeAccount(accountClient, new URL(o.url).pathname.slice(1));
  const t0 = performance.now();
  const rec = new Recorder(t0);
  try {
    // the streams first: every active user's tab, then the idle customers'
    const owners: StreamOwner[] = [
      ...customerLogins.map((l) => ({ ...l, staff: false })),
      ...managerLogins.map((l) => ({ ...l, staff: true })),
      ...warehouseLogins.map((l) => ({ ...l, staff: false })),
      ...crews.map((l) => ({ ...l, staff: false })),
      ...adminLogins.map((l) => ({ ...l, staff: true })),
      ...idleLogins.map((l) => ({ ...l, staff: false })),
    ].slice(0, o.streams);
    const onStreamError = (why: string) => {
      streamErrors += 1;
      if (streamErrorSamples.length < 3) streamErrorSamples.push(why);
    };
    for (let i = 0; i < owners.length; i += 50) {
      const batch = owners.slice(i, i + 50).map((owner) => new Stream(owner));
      streams.push(...batch);
      await Promise.all(batch.map((st) => st.open(port, onStreamError)));
    }
    const readyStreams = streams.filter((st) => st.ready).length;
    log(`${readyStreams} of ${streams.length} event streams open`);

    const start = performance.now();
    const end = start + o.seconds * 1000;
    const running = () => performance.now() < end;
    const sleep = (ms: number) =>
      new Promise<void>((res) => setTimeout(res, Math.max(0, Math.min(ms, end - performance.now()))));
    const shared: Shared = {
      api: new Api(base, rec),
      rec,
      running,
      think: (r, lo, hi) => sleep((lo + r() * (hi - lo)) * 1000 * o.think),
      arrive: (r) => sleep(r() * o.rampSeconds * 1000),
      raised: [],
      newOrders: [],
      products,
      counts: {
        placed: 0,
        allocated: 0,
        allocationRefused: 0,
        runsCreated: 0,
        runsStarted: 0,
        runsFinished: 0,
        noOrders: 0,
      },
      ids,
      today: new Date(),
    };
    // memory every sampleSeconds from the start of the mix, and once at its end
    const sampleMemory = async () => {
      const t = (performance.now() - start) / 1000;
      try {
        const res = await fetch(`${base}/api/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        if (res.ok) {
          const samples = parseMemory(await res.text(), t);
          memory.push(...samples);
          account.addServer(samples.filter((m) => m.pid !== PRIMARY).map((m) => Number(m.pid)));
        } else log(`memory sample at ${t.toFixed(0)} s: ${res.status}`);
      } catch (err) {
        log(`memory sample at ${t.toFixed(0)} s: ${err instanceof Error ? err.message : err}`);
      }
      // the primary (with WORKERS > 1 it forks and watches the others, serves nothing) from /proc
      const primary = server.pid === undefined ? null : primaryRss(server.pid);
      if (primary !== null && o.workers > 1)
        memory.push({ t, pid: PRIMARY, rss: primary, heapUsed: Number.NaN });
    };
    await accountClient.connect();
    account.start(server.pid === undefined ? [] : [server.pid]);
    await sampleMemory();
    const sampler = setInterval(() => void sampleMemory(), o.sampleSeconds * 1000);
    // one run made at a time: two at once could both pick an order the other is loading (the
    // check that it is on no truck reads the snapshot from before the other's commit)
    let making: Promise<unknown> = Promise.resolve();
    const newRun = (c: CrewMember) => {
      const made = making.then(() => makeRun(runPool, c, 3));
      making = made.catch(() => undefined);
      return made;
    };
    let seed = 1;
    const loops = [
      ...customerLogins.map((l) => customerLoop(shared, l, seed++)),
      ...managerLogins.map((l) => managerLoop(shared, l, seed++)),
      ...warehouseLogins.map((l, i) => warehouseLoop(shared, l, seed++, i, warehouseLogins.length)),
      ...crews.map((c) => crewLoop(shared, c, seed++, newRun)),
      ...adminLogins.map((l) => adminLoop(shared, l, seed++)),
    ];
    let done = 0;
    const progress = setInterval(() => {
      const t = (performance.now() - start) / 1000;
      log(
        `  ${t.toFixed(0)} s: ${rec.samples.length} requests, ${rec.samples.filter((x) => !x.ok).length} errors, ${shared.raised.length} events raised, load ${loadavg()[0]!.toFixed(1)}`,
      );
    }, 60_000);
    await Promise.all(loops.map((p) => p.then(() => (done += 1))));
    clearInterval(progress);
    clearInterval(sampler);
    await sampleMemory();
    const time = await account.stop();
    // events raised by the last answers get their second
    await new Promise((res) => setTimeout(res, EVENT_DEADLINE_MS + 500));
    const streamsOpen = streams.filter((st) => st.ready).length;
    for (const st of streams) st.close();

    // ---- figures ----
    const actions = summarize(rec, streamErrors, streamErrorSamples, start - t0, o.warmupSeconds);
    const events = eventFigures(shared.raised, streams);
    const classes = classFigures(rec);
    const timeline = timelineOf(rec, start - t0, o.seconds);
    const memoryInRun = memory;
    const result: DayResult = {
      orders,
      seconds: o.seconds,
      actions,
      classes,
      events: { ...events, raised: shared.raised.length, streamsOpen, streamErrors },
      memory: memoryInRun,
      timeline,
      runs: {
        created: shared.counts.runsCreated,
        started: shared.counts.runsStarted,
        finished: shared.counts.runsFinished,
        noOrders: shared.counts.noOrders,
      },
      placed: shared.counts.placed,
      allocated: shared.counts.allocated,
      allocationRefused: shared.counts.allocationRefused,
      loadAverage: loadavg(),
      time,
      samples: rec.samples.map((x) => ({
        action: x.action,
        t: (x.at - (start - t0)) / 1000,
        ms: x.ms,
        ok: x.ok,
      })),
      latencySvg: latencyChart(timeline, o.seconds, o.warmupSeconds),
      memorySvg: memoryChart(memoryInRun, o.seconds, o.warmupSeconds),
    };
    printResult(result, o, log);
    if (o.write) writeDayReport(result, o);
    return result;
  } finally {
    for (const st of streams) st.close();
    await runPool.end();
    await accountClient.end().catch(() => undefined);
    await server.stop();
  }
}

function summarize(
  rec: Recorder,
  streamErrors: number,
  streamErrorSamples: string[],
  /** ms from the recorder's clock to the start of the mix, and the warm-up's seconds. */
  offsetMs: number,
  warmupSeconds: number,
): ActionStats[] {
  const by = new Map<string, Sample[]>();
  for (const s of rec.samples) {
    const list = by.get(s.action) ?? [];
    list.push(s);
    by.set(s.action, list);
  }
  const rows = [...by.entries()].map(([action, list]) => {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    const steady = list
      .filter((s) => (s.at - offsetMs) / 1000 >= warmupSeconds)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return {
      steady: { count: steady.length, p50: quantile(steady, 0.5), p99: quantile(steady, 0.99) },
      action,
      kind: rec.kinds.get(action) ?? 'interactive',
      count: list.length,
      p50: quantile(ms, 0.5),
      p99: quantile(ms, 0.99),
      max: ms.at(-1) ?? Number.NaN,
      errors: list.filter((s) => !s.ok).length,
      errorSamples: rec.errorSamples.get(action) ?? [],
    } satisfies ActionStats;
  });
  rows.sort((a, b) => a.action.localeCompare(b.action));
  if (streamErrors > 0)
    rows.push({
      action: 'event streams (dropped or refused)',
      kind: 'interactive',
      count: streamErrors,
      p50: Number.NaN,
      p99: Number.NaN,
      max: Number.NaN,
      steady: { count: 0, p50: Number.NaN, p99: Number.NaN },
      errors: streamErrors,
      errorSamples: streamErrorSamples,
    });
  return rows;
}

function classFigures(rec: Recorder) {
  const by = new Map<string, Sample[]>();
  for (const s of rec.samples) {
    const cls = s.action.split(':')[0]!;
    const list = by.get(cls) ?? [];
    list.push(s);
    by.set(cls, list);
  }
  return [...by.entries()].map(([name, list]) => {
    const ms = list.map((s) => s.ms).sort((a, b) => a - b);
    return {
      name,
      count: list.length,
      p50: quantile(ms, 0.5),
      p99: quantile(ms, 0.99),
      errors: list.filter((s) => !s.ok).length,
    };
  });
}

function eventFigures(raised: RaisedEvent[], streams: Stream[]) {
  const latencies: number[] = [];
  let expected = 0;
  let onTime = 0;
  let late = 0;
  let missing = 0;
  let beforeAnswer = 0;
  for (const e of raised) {
    for (const st of streams) {
      if (!st.ready || !expectedOn(e, st.owner)) continue;
      expected += 1;
      const at = st.received.get(e.key);
      if (at === undefined) {
        missing += 1;
        continue;
      }
      // an event may arrive before its request's answer has been read: that is on time (0)
      if (at < e.answeredAt) beforeAnswer += 1;
      const ms = Math.max(0, at - e.answeredAt);
      latencies.push(ms);
      if (ms <= EVENT_DEADLINE_MS) onTime += 1;
      else late += 1;
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    expected,
    onTime,
    late,
    missing,
    beforeAnswer,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}

function timelineOf(rec: Recorder, offsetMs: number, seconds: number) {
  const window = seconds >= 120 ? 10 : Math.max(1, Math.round(seconds / 12));
  const out: DayResult['timeline'] = [];
  for (let w = 0; w * window < seconds; w++) {
    const inWindow = rec.samples.filter((s) => {
      const t = (s.at - offsetMs) / 1000;
      return t >= w * window && t < (w + 1) * window;
    });
    const interactive = inWindow
      .filter((s) => rec.kinds.get(s.action) !== 'download')
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const downloads = inWindow
      .filter((s) => rec.kinds.get(s.action) === 'download')
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    out.push({
      t: (w + 0.5) * window,
      p50: quantile(interactive, 0.5),
      p99: quantile(interactive, 0.99),
      downloadP99: quantile(downloads, 0.99),
      count: inWindow.length,
    });
  }
  return out;
}

function latencyChart(timeline: DayResult['timeline'], seconds: number, warmup: number): string {
  return lineChart(
    [
      { name: 'interactive p50', color: '#1f77b4', points: timeline.map((w) => ({ t: w.t, v: w.p50 })) },
      { name: 'interactive p99', color: '#d62728', points: timeline.map((w) => ({ t: w.t, v: w.p99 })) },
      {
        name: 'report downloads p99',
        color: '#2ca02c',
        dashed: true,
        points: timeline.map((w) => ({ t: w.t, v: w.downloadP99 })),
      },
    ],
    {
      title: `Latency over the business day (${timeline.length > 1 ? timeline[1]!.t - timeline[0]!.t : seconds} s windows)`,
      yLabel: 'ms (log scale)',
      log: true,
      seconds,
      marks: [{ t: warmup, label: 'end of warm-up' }],
      rules: [
        { v: INTERACTIVE_P99_MS, label: 'interactive p99 target 100 ms', color: '#d62728' },
        { v: DOWNLOAD_P99_MS, label: 'download target 1 s', color: '#2ca02c' },
      ],
    },
  );
}

const PROCESS_COLORS = ['#1f77b4', '#ff7f0e', '#9467bd', '#8c564b'];

/** The server processes in the order they answered first, the primary last; and their names. */
function processes(memory: MemorySample[]): Array<{ pid: string; name: string }> {
  const pids = [...new Set(memory.map((m) => m.pid))].sort(
    (a, b) => Number(a === PRIMARY) - Number(b === PRIMARY),
  );
  return pids.map((pid, i) => ({ pid, name: pid === PRIMARY ? 'primary' : `process ${i + 1}` }));
}

function memoryChart(memory: MemorySample[], seconds: number, warmup: number): string {
  return lineChart(
    processes(memory).flatMap(({ pid, name }, i) => {
      const mine = memory.filter((m) => m.pid === pid);
      const color = PROCESS_COLORS[i % PROCESS_COLORS.length]!;
      const rss = { name: `${name} RSS`, color, points: mine.map((m) => ({ t: m.t, v: m.rss / 2 ** 20 })) };
      // the primary's heap is not known (its RSS comes from /proc)
      if (pid === PRIMARY) return [rss];
      return [
        rss,
        {
          name: `${name} heap used`,
          color,
          dashed: true,
          points: mine.map((m) => ({ t: m.t, v: m.heapUsed / 2 ** 20 })),
        },
      ];
    }),
    {
      title: 'Memory of each server process',
      yLabel: 'MB',
      seconds,
      marks: [{ t: warmup, label: 'end of warm-up' }],
    },
  );
}

/** Growth after the warm-up that still counts as flat: 16 MB or 5 % of the RSS then, the larger. */
const FLAT_BYTES = 16 * 2 ** 20;
const FLAT_SHARE = 0.05;

/** Least-squares slope of RSS over time, bytes per second (0 with fewer than 2 samples). */
function slope(points: MemorySample[]): number {
  if (points.length < 2) return 0;
  const mt = points.reduce((s, p) => s + p.t, 0) / points.length;
  const mv = points.reduce((s, p) => s + p.rss, 0) / points.length;
  const num = points.reduce((s, p) => s + (p.t - mt) * (p.rss - mv), 0);
  const den = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/**
 * Each process's RSS after warm-up and at the end, its growth in between, the trend of its
 * samples after warm-up (least squares) and whether that trend stays within the flat allowance.
 */
export function memoryGrowth(memory: MemorySample[], warmupSeconds: number) {
  return processes(memory).map(({ pid, name }) => {
    const mine = memory.filter((m) => m.pid === pid).sort((a, b) => a.t - b.t);
    const after = mine.filter((m) => m.t >= warmupSeconds - 0.5);
    const from = after[0] ?? mine[0]!;
    const to = mine.at(-1)!;
    const max = Math.max(...mine.map((m) => m.rss));
    return {
      process: name,
      pid,
      samples: mine.length,
      first: mine[0]!.rss,
      afterWarmup: from.rss,
      end: to.rss,
      max,
      growth: to.rss - from.rss,
      /** Bytes per minute after the warm-up. */
      trendPerMinute: slope(after) * 60,
      flat:
        Math.max(to.rss - from.rss, slope(after) * (to.t - from.t)) <=
        Math.max(FLAT_BYTES, FLAT_SHARE * from.rss),
      heapAfterWarmup: from.heapUsed,
      heapEnd: to.heapUsed,
    };
  });
}

const mb = (b: number) => (Number.isNaN(b) ? '-' : `${(b / 2 ** 20).toFixed(0)} MB`);
const fms = (v: number) => (Number.isNaN(v) ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(1));

function verdictOf(a: ActionStats): string {
  const limit = a.kind === 'download' ? DOWNLOAD_P99_MS : INTERACTIVE_P99_MS;
  const problems: string[] = [];
  if (a.errors > 0) problems.push(`${a.errors} errors`);
  if (!Number.isNaN(a.p99) && a.p99 >= limit) problems.push(`p99 >= ${limit} ms`);
  if (!Number.isNaN(a.steady.p99) && a.steady.p99 >= limit) problems.push(`after warm-up too`);
  return problems.length ? `MISS: ${problems.join(', ')}` : 'ok';
}

function printResult(r: DayResult, o: DayOptions, log: (l: string) => void) {
  log('');
  log(
    `${'action'.padEnd(36)} ${'count'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'errors'.padStart(6)} | after warm-up: ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  target`,
  );
  for (const a of r.actions)
    log(
      `${a.action.padEnd(36)} ${String(a.count).padStart(6)} ${fms(a.p50).padStart(8)} ${fms(a.p99).padStart(8)} ${fms(a.max).padStart(8)} ${String(a.errors).padStart(6)} |                ${fms(a.steady.p50).padStart(8)} ${fms(a.steady.p99).padStart(8)}  ${verdictOf(a)}${a.errorSamples.length ? ` (${a.errorSamples.join(' | ')})` : ''}`,
    );
  const e = r.events;
  log(
    `events: ${e.onTime} of ${e.expected} delivered within 1 s (${e.late} late, ${e.missing} missing, ${e.beforeAnswer} before the answer; p50 ${fms(e.p50)} ms, p99 ${fms(e.p99)} ms, max ${fms(e.max)} ms); ${e.raised} raised, ${e.streamsOpen} streams open, ${e.streamErrors} stream errors`,
  );
  log(
    `orders placed ${r.placed}, allocated ${r.allocated} (${r.allocationRefused} previews said no); runs created ${r.runs.created}, started ${r.runs.started}, finished ${r.runs.finished}`,
  );
  log(timeLine(r.time));
  for (const b of r.time.backends.slice(0, 6)) log(`  backends ${b.state}: ${b.average.toFixed(2)}`);
  for (const m of memoryGrowth(r.memory, o.warmupSeconds))
    log(
      `${m.process} (pid ${m.pid}): RSS ${mb(m.first)} at start, ${mb(m.afterWarmup)} after warm-up, ${mb(m.end)} at the end (max ${mb(m.max)}, growth ${mb(m.growth)}, trend ${(m.trendPerMinute / 2 ** 20).toFixed(1)} MB/min: ${m.flat ? 'flat' : 'GROWS'}); heap ${mb(m.heapAfterWarmup)} -> ${mb(m.heapEnd)}`,
    );
}

function timeLine(t: TimeFigures): string {
  const c = t.cores;
  return `cores busy on average: ${c.machine.toFixed(2)} of ${cpus().length} (server processes ${c.server.toFixed(2)}, this database's backends ${c.database.toFixed(2)}, load generator ${c.bench.toFixed(2)}, everything else ${c.others.toFixed(2)}); load generator's event-loop delay p50 ${fms(t.benchLoopDelay.p50)} ms, p99 ${fms(t.benchLoopDelay.p99)} ms, max ${fms(t.benchLoopDelay.max)} ms`;
}

const START = '<!-- day-bench:start -->';
const END = '<!-- day-bench:end -->';

function writeDayReport(r: DayResult, o: DayOptions) {
  const dir = join(ROOT, 'docs', 'benchmarks');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'day-latency.svg'), r.latencySvg);
  writeFileSync(join(dir, 'day-memory.svg'), r.memorySvg);
  const cpu = cpus();
  const e = r.events;
  const command = `BENCH_DATABASE_URL=... npm run bench -- --day --minutes ${o.seconds / 60} --customers ${o.customers} --managers ${o.managers} --warehouse ${o.warehouse} --crews ${o.crews} --streams ${o.streams} --admins ${o.admins} --workers ${o.workers} --pool ${o.pool} --ramp ${o.rampSeconds} --warmup ${o.warmupSeconds}`;
  const growth = memoryGrowth(r.memory, o.warmupSeconds);
  const procs = processes(r.memory);
  const times = [...new Set(r.memory.map((m) => Math.round(m.t)))].sort((a, b) => a - b);
  const section = [
    START,
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} x ${cpu[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${r.orders.toLocaleString('en-US')} orders on PostgreSQL on the same machine; the server (${o.workers} processes, pool ${o.pool} each), PostgreSQL and the load generator share the 2 cores (load average at the end ${r.loadAverage.map((v) => v.toFixed(1)).join(' / ')}).`,
    '',
    `Command: \`${command}\``,
    '',
    `| action | count | p50 | p99 | max | errors | after warm-up (${o.warmupSeconds} s): count | p50 | p99 | target (p99 < ${INTERACTIVE_P99_MS} ms, downloads < ${DOWNLOAD_P99_MS} ms; 0 errors) |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...r.actions.map(
      (a) =>
        `| ${a.action} | ${a.count} | ${fms(a.p50)} ms | ${fms(a.p99)} ms | ${fms(a.max)} ms | ${a.errors} | ${a.steady.count} | ${fms(a.steady.p50)} ms | ${fms(a.steady.p99)} ms | ${verdictOf(a)} |`,
    ),
    '',
    '| class | requests | p50 | p99 | errors |',
    '|---|---|---|---|---|',
    ...r.classes.map((c) => `| ${c.name} | ${c.count} | ${fms(c.p50)} ms | ${fms(c.p99)} ms | ${c.errors} |`),
    '',
    `Events: **${e.onTime} of ${e.expected}** deliveries to the streams that should get them arrived within 1 s of the raising request's answer (${e.late} late, ${e.missing} missing; ${e.beforeAnswer} of them arrived before the answer itself, counted as 0 ms; p50 ${fms(e.p50)} ms, p99 ${fms(e.p99)} ms, max ${fms(e.max)} ms). ${e.raised} events raised (orders approved, runs started, orders and runs delivered), ${e.streamsOpen} streams open, ${e.streamErrors} stream errors. Orders placed ${r.placed}, allocated ${r.allocated} (${r.allocationRefused} previews found no train); crew runs started ${r.runs.started}, finished ${r.runs.finished}.`,
    '',
    `Where the time went: ${timeLine(r.time)}. The database's backends, on average over the mix (sampled 4 times a second): ${r.time.backends
      .slice(0, 6)
      .map((b) => `${b.average.toFixed(2)} ${b.state}`)
      .join(', ')}.`,
    '',
    `Memory of each server process (RSS and heap used from \`GET /api/metrics\`, every ${o.sampleSeconds} s; the primary, which forks the processes and serves nothing, RSS from \`/proc\`; warm-up: the first ${o.warmupSeconds} s):`,
    '',
    `| process | start | after warm-up | end | max | growth after warm-up | trend after warm-up | flat (growth and trend within max(16 MB, 5 %)) |`,
    '|---|---|---|---|---|---|---|---|',
    ...growth.map(
      (m) =>
        `| ${m.process} | ${mb(m.first)} | ${mb(m.afterWarmup)} | ${mb(m.end)} | ${mb(m.max)} | ${mb(m.growth)} | ${(m.trendPerMinute / 2 ** 20).toFixed(1)} MB/min | ${m.flat ? 'yes' : '**no**'} |`,
    ),
    '',
    `| s | ${procs.map((p) => `${p.name} RSS / heap`).join(' | ')} |`,
    `|---|${procs.map(() => '---').join('|')}|`,
    ...times.map(
      (t) =>
        `| ${t} | ${procs
          .map(({ pid }) => {
            const m = r.memory.find((x) => x.pid === pid && Math.round(x.t) === t);
            return m ? `${mb(m.rss)} / ${mb(m.heapUsed)}` : '';
          })
          .join(' | ')} |`,
    ),
    '',
    '![Latency over the day](benchmarks/day-latency.svg)',
    '',
    '![Memory of each server process](benchmarks/day-memory.svg)',
    END,
  ].join('\n');
  writeBenchmarksSection(START, END, section);
}

export async function dayBenchMain(args: string[]): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL database with the scale seed');
  const num = (name: string, fallback: number) => Number(arg(args, name) ?? fallback);
  const seconds = num('--minutes', 10) * 60;
  const result = await runDayBench({
    url,
    seconds,
    customers: num('--customers', 200),
    managers: num('--managers', 20),
    warehouse: num('--warehouse', 10),
    crews: num('--crews', 60),
    streams: num('--streams', 1000),
    admins: num('--admins', 1),
    workers: num('--workers', 2),
    pool: num('--pool', 10),
    sampleSeconds: num('--sample', 30),
    think: num('--think', 1),
    warmupSeconds: num('--warmup', Math.min(120, seconds / 5)),
    rampSeconds: num('--ramp', Math.min(60, seconds / 10)),
    orders: arg(args, '--orders') ? Number(arg(args, '--orders')) : undefined,
    write: !args.includes('--no-write'),
  });
  const out = arg(args, '--samples-out');
  if (out)
    writeFileSync(out, JSON.stringify({ samples: result.samples, memory: result.memory, time: result.time }));
  const misses = result.actions.filter((a) => verdictOf(a) !== 'ok');
  console.log(
    `\n${result.actions.length} actions, ${misses.length} missing a target${misses.length ? `: ${misses.map((a) => a.action).join('; ')}` : ''}`,
  );
}
