import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Heavy work: requests that read or compute far more than an interactive call (docs/decisions/
 * 0074). Each route that does it declares its kind (`config.heavy`); the route table test checks
 * that every report, download and planner route does.
 * - report: GET /api/report/{name}, as JSON, CSV or PDF (http/report-route.ts);
 * - export: the order list as CSV (GET /api/orders/export.csv), every page of it;
 * - pdf: an invoice PDF. This admission is the only one that bounds, refuses and orders by user:
 *   the PDF and planner threads (workers/thread-pool.ts) only take what it let through, in arrival
 *   order (decision 0081);
 * - planner: a dispatch plan made or committed (features/planning).
 */
export type HeavyKind = 'report' | 'export' | 'pdf' | 'planner';

export const HEAVY_KINDS: readonly HeavyKind[] = ['report', 'export', 'pdf', 'planner'];

export interface HeavyLimit {
  /** At most this many run at once in one server process. */
  running: number;
  /** At most this many wait for a turn; past it 503. */
  queued: number;
}

export interface HeavyWorkLimits {
  kinds: Record<HeavyKind, HeavyLimit>;
  /** Heavy requests one user may have running or waiting at once (all kinds); past it 429. */
  perUser: number;
  /** The longest a request waits for its turn before it is answered 503. */
  maxWaitMs: number;
}

/**
 * Per server process, with the default pool of 10 connections (PG_POOL_SIZE): reports (a report
 * reads with at most two statements at once) 2, exports 2, invoice PDFs 2, plans 1; the long
 * statements of heavy work hold at most 7 connections in the worst case and usually 2 to 4, and
 * interactive calls always find one. Four per user: the manager's reports page asks for four
 * reports at once.
 */
export const HEAVY_WORK_LIMITS: HeavyWorkLimits = {
  kinds: {
    report: { running: 2, queued: 24 },
    export: { running: 2, queued: 24 },
    pdf: { running: 2, queued: 32 },
    planner: { running: 1, queued: 8 },
  },
  perUser: 4,
  maxWaitMs: 30_000,
};

/** Retry-After (seconds) of the answers past a limit. */
export const HEAVY_RETRY_AFTER_SECONDS = 5;

const NOUN: Record<HeavyKind, string> = {
  report: 'reports',
  export: 'exports',
  pdf: 'PDFs',
  planner: 'plans',
};

interface Waiter {
  userId: number;
  /** When it entered the queue (the order among equals). */
  seq: number;
  start(): void;
}

interface Gate {
  limit: HeavyLimit;
  running: number;
  /** Running of this kind, per user (who waits next: the user with the fewest). */
  runningOf: Map<number, number>;
  waiting: Waiter[];
}

const retryAfter = { 'Retry-After': String(HEAVY_RETRY_AFTER_SECONDS) };

/**
 * Bounded admission of heavy work, one per server process: per kind at most `running` at once and
 * `queued` waiting (503 past it, or past `maxWaitMs` of waiting), per user at most `perUser`
 * running or waiting (429). A freed turn goes to the waiting request whose user runs the fewest of
 * that kind, the earliest among them, so one user's queue does not keep another's request behind
 * it. A request whose client went away leaves the queue.
 */
export class HeavyWork {
  private readonly gates: Record<HeavyKind, Gate>;
  /** Heavy requests per user, running or waiting. */
  private readonly held = new Map<number, number>();
  private seq = 0;

  constructor(readonly limits: HeavyWorkLimits = HEAVY_WORK_LIMITS) {
    const gate = (kind: HeavyKind): Gate => ({
      limit: limits.kinds[kind],
      running: 0,
      runningOf: new Map(),
      waiting: [],
    });
    this.gates = {
      report: gate('report'),
      export: gate('export'),
      pdf: gate('pdf'),
      planner: gate('planner'),
    };
  }

  /** Running and waiting of a kind, and what one user holds (tests, logs). */
  state(kind: HeavyKind, userId?: number) {
    const gate = this.gates[kind];
    return {
      running: gate.running,
      waiting: gate.waiting.length,
      held: userId === undefined ? 0 : (this.held.get(userId) ?? 0),
    };
  }

  /**
   * Waits for a turn of `kind` for `userId`; resolves with the function that gives it back
   * (call it exactly once, when the answer is sent or abandoned; more calls do nothing). Refuses
   * with AppError 429 (the user's limit), 503 (the queue is full, or the wait too long), or 499
   * when `signal` fires while it waits.
   */
  admit(kind: HeavyKind, userId: number, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new AppError(499, 'The client went away'));
    const gate = this.gates[kind];
    const held = this.held.get(userId) ?? 0;
    if (held >= this.limits.perUser) {
      return Promise.reject(
        new AppError(
          429,
          `You already have ${held} reports, exports, PDFs or plans being made; please wait until one is done`,
          retryAfter,
        ),
      );
    }
    if (gate.running < gate.limit.running) {
      this.hold(userId, 1);
      return Promise.resolve(this.run(gate, userId));
    }
    if (gate.waiting.length >= gate.limit.queued) {
      return Promise.reject(
        new AppError(
          503,
          `Too many ${NOUN[kind]} are being made right now; please try again shortly`,
          retryAfter,
        ),
      );
    }
    this.hold(userId, 1);
    return new Promise((resolve, reject) => {
      const leave = (error: AppError) => {
        const at = gate.waiting.indexOf(waiter);
        if (at < 0) return;
        gate.waiting.splice(at, 1);
        finish();
        this.hold(userId, -1);
        reject(error);
      };
      const onAbort = () => leave(new AppError(499, 'The client went away'));
      const timer = setTimeout(
        () =>
          leave(
            new AppError(
              503,
              `Too many ${NOUN[kind]} are being made right now; yours waited ${Math.round(this.limits.maxWaitMs / 1000)} s, please try again shortly`,
              retryAfter,
            ),
          ),
        this.limits.maxWaitMs,
      );
      timer.unref();
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        userId,
        seq: this.seq++,
        start: () => {
          finish();
          resolve(this.run(gate, userId));
        },
      };
      gate.waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private hold(userId: number, delta: number): void {
    const n = (this.held.get(userId) ?? 0) + delta;
    if (n > 0) this.held.set(userId, n);
    else this.held.delete(userId);
  }

  /** Takes a turn now; answers its release. */
  private run(gate: Gate, userId: number): () => void {
    gate.running++;
    gate.runningOf.set(userId, (gate.runningOf.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      gate.running--;
      const mine = (gate.runningOf.get(userId) ?? 1) - 1;
      if (mine > 0) gate.runningOf.set(userId, mine);
      else gate.runningOf.delete(userId);
      this.hold(userId, -1);
      this.next(gate);
    };
  }

  /** Gives free turns to the waiting requests of the users who run the fewest, earliest first. */
  private next(gate: Gate): void {
    while (gate.running < gate.limit.running && gate.waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < gate.waiting.length; i++) {
        const a = gate.waiting[i]!;
        const b = gate.waiting[best]!;
        const ra = gate.runningOf.get(a.userId) ?? 0;
        const rb = gate.runningOf.get(b.userId) ?? 0;
        if (ra < rb || (ra === rb && a.seq < b.seq)) best = i;
      }
      const [waiter] = gate.waiting.splice(best, 1);
      waiter!.start();
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route does heavy work of this kind: it waits for a turn (http/heavy-work.ts). */
    heavy?: HeavyKind;
  }
}

/**
 * A route that declares `config.heavy` waits for its turn after authentication and validation
 * (preHandler) and holds it until its answer is sent or its client went away, a streamed CSV
 * until its last byte. Refusals are `{detail}` answers with Retry-After.
 */
export function registerHeavyWork(app: FastifyInstance, heavy: HeavyWork): void {
  app.addHook('preHandler', async (request, reply) => {
    const kind = request.routeOptions.config.heavy;
    const user = request.user;
    if (!kind || !user) return;
    const raw = reply.raw;
    let release: (() => void) | undefined;
    let closed = false;
    const client = new AbortController();
    raw.once('close', () => {
      closed = true;
      release?.();
      if (!raw.writableFinished) client.abort();
    });
    release = await heavy.admit(kind, user.userId, client.signal);
    // the answer was sent or abandoned while the turn was handed over
    if (closed) release();
  });
}
