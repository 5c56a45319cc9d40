import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolState } from '../db/client';
import type { ThreadPool } from '../workers/thread-pool';
import { unauthorized } from './errors';
import { HEAVY_KINDS, type HeavyWork } from './heavy-work';

/**
 * GET /api/metrics in Prometheus's text format (docs/operations.md, decision 0080), through
 * prom-client. What a request costs: one histogram observe in a route-level onResponse hook
 * (the route's pattern is known when the route is registered, the label sets are made once per
 * route, method and status class). Everything else (pool, streams, queues, memory) is read when
 * the metrics are asked for.
 */

/** Figures the metrics read at scrape time. */
export interface MetricsSources {
  pool?: () => PoolState;
  heavyWork: HeavyWork;
  /** Event streams (SSE) open on this process (features/notifications, EventHub.size). */
  openEventStreams: () => number;
  /** Worker-thread pools by name (workers/pdf-pool.ts, workers/planner-pool.ts). */
  threads: Record<string, ThreadPool>;
  /** The reports' replica lag measured last, in milliseconds (db/replica.ts); absent: no replica. */
  replicaLagMs?: () => number | undefined;
}

/** Seconds; the interactive target is 50 ms at p99, reports 1 s. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route label of requests that matched no route (404s, and the web app's pages). */
export const UNMATCHED_ROUTE = '(unmatched)';

type RequestLabels = { route: string; method: string; status_class: string };

/**
 * The process's own figures (memory, CPU, event loop, garbage collection), one registry per
 * process however many apps it builds (tests build several; each collector would add its own
 * observers).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export class AppMetrics {
  /** This app's metrics (requests, pool, streams, queues). */
  readonly registry = new Registry();
  private readonly duration: Histogram<keyof RequestLabels>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.duration = new Histogram({
      name: 'kandypack_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, per route pattern, method and status class; _count is the number of requests',
      labelNames: ['route', 'method', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'kandypack_server_processes',
      help: 'Server processes these figures cover (1 per process; the sum over processes when WORKERS > 1)',
      registers,
      collect() {
        this.set(1);
      },
    });
    const pid = String(process.pid);
    new Gauge({
      name: 'kandypack_process_memory_bytes',
      help: 'Memory of each server process (label pid): rss, heap_used, heap_total, external; kept per process when WORKERS > 1',
      labelNames: ['pid', 'kind'],
      registers,
      collect() {
        const m = process.memoryUsage();
        this.set({ pid, kind: 'rss' }, m.rss);
        this.set({ pid, kind: 'heap_used' }, m.heapUsed);
        this.set({ pid, kind: 'heap_total' }, m.heapTotal);
        this.set({ pid, kind: 'external' }, m.external);
      },
    });
    const pool = sources.pool;
    if (pool) {
      new Gauge({
        name: 'kandypack_db_pool_connections',
        help: 'Database pool: max (the limit), total (open), idle (open, not checked out), waiting (requests waiting for one); label driver postgres or pglite',
        labelNames: ['driver', 'state'],
        registers,
        collect() {
          const s = pool();
          this.set({ driver: s.driver, state: 'max' }, s.max);
          this.set({ driver: s.driver, state: 'total' }, s.total);
          this.set({ driver: s.driver, state: 'idle' }, s.idle);
          this.set({ driver: s.driver, state: 'waiting' }, s.waiting);
        },
      });
    }
    const replicaLag = sources.replicaLagMs;
    if (replicaLag) {
      new Gauge({
        name: 'kandypack_replica_lag_seconds',
        aggregator: 'max',
        help: "The most the reports' read replica was behind the primary when a report or health check last measured it (REPORTS_DATABASE_URL; absent when it could not be measured)",
        registers,
        collect() {
          const lag = replicaLag();
          if (lag === undefined) this.reset();
          else this.set(lag / 1000);
        },
      });
    }
    new Gauge({
      name: 'kandypack_event_streams_open',
      help: 'Live event streams (GET /api/events, server-sent events) open',
      registers,
      collect() {
        this.set(sources.openEventStreams());
      },
    });
    const heavy = sources.heavyWork;
    new Gauge({
      name: 'kandypack_heavy_work_running',
      help: 'Heavy requests (reports, exports, invoice PDFs, plans) holding a turn, per kind (http/heavy-work.ts)',
      labelNames: ['kind'],
      registers,
      collect() {
        for (const kind of HEAVY_KINDS) this.set({ kind }, heavy.state(kind).running);
      },
    });
    new Gauge({
      name: 'kandypack_heavy_work_waiting',
      help: 'Heavy requests waiting for a turn, per kind (http/heavy-work.ts)',
      labelNames: ['kind'],
      registers,
      collect() {
        for (const kind of HEAVY_KINDS) this.set({ kind }, heavy.state(kind).waiting);
      },
    });
    const threads = Object.entries(sources.threads);
    new Gauge({
      name: 'kandypack_worker_tasks_running',
      help: 'Tasks on a worker thread now, per pool (pdf, planner)',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [name, pool] of threads) this.set({ pool: name }, pool.state().running);
      },
    });
    new Gauge({
      name: 'kandypack_worker_tasks_waiting',
      help: 'Tasks waiting for a worker thread, per pool (pdf, planner)',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [name, pool] of threads) this.set({ pool: name }, pool.state().waiting);
      },
    });
  }

  /** The registries whose figures GET /api/metrics answers (also what a cluster worker shares). */
  registries(): Registry[] {
    return [processMetrics(), this.registry];
  }

  /** This process's figures as Prometheus text. */
  async text(): Promise<string> {
    const parts = await Promise.all(this.registries().map((r) => r.metrics()));
    return parts.join('');
  }

  /** The observe a route's onResponse makes: label sets made once per method and status class. */
  observer(route: string): (method: string, status: number, elapsedMs: number) => void {
    const byMethod = new Map<string, RequestLabels[]>();
    const duration = this.duration;
    return (method, status, elapsedMs) => {
      let classes = byMethod.get(method);
      if (!classes) {
        classes = [];
        byMethod.set(method, classes);
      }
      const cls = (status / 100) | 0;
      let labels = classes[cls];
      if (!labels) {
        labels = { route, method, status_class: `${cls}xx` };
        classes[cls] = labels;
      }
      duration.observe(labels, elapsedMs / 1000);
    };
  }
}

/** The metrics answer when a process reports for several (WORKERS > 1; http/metrics-cluster.ts). */
export type MetricsText = () => Promise<string>;

/**
 * Times every request (a route-level onResponse hook on each route, one global hook for requests
 * that matched none) and serves GET /api/metrics behind `Authorization: Bearer <token>`: a missing
 * header answers 401 "Not authenticated", a wrong token 401 "Invalid metrics token". Call before
 * any route is registered. Without a token buildApp does not call it: no timing, and
 * GET /api/metrics answers 404 as any unknown path.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  token: string,
  text: MetricsText = () => metrics.text(),
): void {
  app.addHook('onRoute', (route) => {
    const observe = metrics.observer(route.url);
    const hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      observe(request.method, reply.statusCode, reply.elapsedTime);
      done();
    };
    const own = route.onResponse;
    route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), hook] : [hook];
  });
  const unmatched = metrics.observer(UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime);
    done();
  });

  const expected = digest(token);
  app.get('/api/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('Not authenticated');
    if (!timingSafeEqual(digest(match[1]), expected)) throw unauthorized('Invalid metrics token');
    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await text());
  });
}

const digest = (value: string) => createHash('sha256').update(value).digest();
