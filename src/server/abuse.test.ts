import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedScale } from './db/scale-seed';
import { seedDemoData } from './db/seed';
import { EVENT_STREAMS_PER_USER } from './features/notifications/event-hub';
import { HEAVY_RETRY_AFTER_SECONDS, type HeavyKind } from './http/heavy-work';
import { createUser } from './test/factories';
import { createTestApp } from './test/harness';
import { scaled } from './test/reliability-scale';

// Issue 24, suite 5 (docs/decisions/0074): one client abuses the server while another user works.
// The abuser opens 300 event streams, asks for huge pages and offsets, downloads a year's reports,
// exports and invoice PDFs in parallel and sends slow bodies; meanwhile the other user's
// interactive calls keep being answered (p99 printed; no stall of seconds). The server as it runs (users cached), on a real port,
// on a scale-seeded database (db/scale-seed.ts) where a year's report reads thousands of orders.
// as the server runs: users cached, answers written once (the harness's double-check of every
// answer against its contract is test-only work the other suites do)
const { app, database } = await createTestApp({ cacheUsers: true, checkResponses: false });
const db = database.db;
const now = new Date();
await seedDemoData(db, { now });
// 3,000 orders over three years on top of the demo data: a year's delivery performance is about
// a thousand orders. (PGlite runs every statement on the server's own thread, so one statement is
// one block of the event loop: the bound needs it short.)
await seedScale(db, scaled(3000), { now });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as net.AddressInfo).port;
const base = `http://127.0.0.1:${port}`;

const abuser = await createUser(app, 'Admin');
// the other user: a customer of the seed with hundreds of orders
const other = await createUser(app, 'Customer');
const busiest = (
  await db.execute<{ customer_id: number; n: number }>(
    sql`select customer_id, count(*)::int as n from orders group by customer_id order by n desc limit 1`,
  )
).rows[0]!;
await db.execute(sql`update users set customer_id = ${busiest.customer_id} where user_id = ${other.userId}`);
const otherOrder = (
  await db.execute<{ order_id: number }>(
    sql`select order_id from orders where customer_id = ${busiest.customer_id} order by order_id desc limit 1`,
  )
).rows[0]!.order_id;
const orderIds = (
  await db.execute<{ order_id: number }>(sql`select order_id from orders order by order_id desc limit 40`)
).rows.map((r) => r.order_id);
const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);

const sockets: net.Socket[] = [];
const workers: Worker[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(workers.map((w) => w.terminate()));
});

interface Answer {
  path?: string;
  status: number;
  retryAfter: string | null;
  detail: unknown;
  ms: number;
}

async function call(path: string, auth: { authorization: string }): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: auth });
  const type = res.headers.get('content-type') ?? '';
  const body = type.startsWith('application/json') ? await res.json() : await res.arrayBuffer();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    detail: (body as { detail?: unknown }).detail,
    ms: performance.now() - started,
  };
}

/** A refusal past a limit: 429 (the user's) or 503 (the kind's queue), a detail, Retry-After. */
function expectLimited(a: Answer, what: string) {
  expect([429, 503], what).toContain(a.status);
  expect(a.retryAfter, what).toBe(String(HEAVY_RETRY_AFTER_SECONDS));
  expect(typeof a.detail, what).toBe('string');
}

/** A call of the other user held this long means the server stalled behind the abuser. */
const STALL_MS = 3_000;

describe('the route table', () => {
  const expectedKind = (method: string, url: string): HeavyKind | null => {
    if (url.startsWith('/api/report/')) return 'report';
    if (url.endsWith('.csv')) return 'export';
    if (url.endsWith('.pdf')) return 'pdf';
    if (method === 'POST' && url.startsWith('/api/planning/proposals')) return 'planner';
    return null;
  };

  it('every report, CSV and PDF download and planner run waits for a turn of its kind', () => {
    const heavy = app.declaredRoutes.filter((r) => r.heavy !== null);
    expect(heavy.length).toBeGreaterThan(20);
    for (const route of app.declaredRoutes) {
      expect(route.heavy, `${route.method} ${route.url}`).toBe(expectedKind(route.method, route.url));
    }
  });
});

describe('one client abuses the server while another user works', () => {
  it("keeps answering the other user (no call held for seconds) and answers the abuser's excess with 429/503 and Retry-After", async () => {
    const paths = ['/api/orders', '/api/auth/profile', `/api/orders/${otherOrder}`];
    // warm: the user read into the cache, the statements prepared (a first call's cost is no abuse's)
    for (const path of paths) expect((await call(path, other.auth)).status).toBe(200);
    let abusing = true;
    const slowProbes: string[] = [];
    const t0 = performance.now();
    const latencies: number[] = [];
    const probes = (async () => {
      for (let i = 0; abusing || latencies.length < scaled(100); i++) {
        const a = await call(paths[i % paths.length]!, other.auth);
        expect(a.status, paths[i % paths.length]).toBe(200);
        latencies.push(a.ms);
        if (a.ms > 250)
          slowProbes.push(
            `${paths[i % paths.length]} ${a.ms.toFixed(0)} ms at ${(performance.now() - t0 - a.ms).toFixed(0)}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    // the abuser is a client of its own (a worker thread): its requests and reading their answers
    // take none of the server's thread, as a client on another machine would not
    const abuse = abuserClient({
      base,
      authorization: abuser.auth.authorization,
      streams: scaled(300),
      pages: [
        '/api/orders?page_size=1000000',
        '/api/orders?page_size=101',
        '/api/orders?page=1000001',
        '/api/auditlog?page_size=100000',
        '/api/users?page_size=100000',
        ...Array.from({ length: scaled(4) }, () => '/api/orders?page=1000000&page_size=100'),
      ],
      // a year's reports, exports and invoice PDFs, all at once
      heavy: [
        ...Array.from(
          { length: scaled(20) },
          (_, i) =>
            `/api/report/${i % 2 ? 'delivery-performance' : 'customer-orders'}?from=${yearAgo}&format=${i % 4 < 2 ? 'csv' : 'json'}`,
        ),
        ...Array.from({ length: scaled(6) }, () => '/api/orders/export.csv'),
        ...orderIds.slice(0, scaled(30)).map((id) => `/api/orders/${id}/invoice.pdf`),
      ],
    });

    // slow bodies: a byte every 100 ms, never done (they are cut after CLIENT_TIMEOUTS.requestMs,
    // 120 s; http/timeouts.test.ts checks the 408 with short limits)
    const slow = Array.from(
      { length: scaled(10) },
      () =>
        new Promise<string>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.write(
              'POST /api/auth/register_public_customer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"',
            );
            const timer = setInterval(() => socket.destroyed || socket.write('a'), 100);
            socket.on('close', () => clearInterval(timer));
          });
          sockets.push(socket);
          let out = '';
          socket.setEncoding('utf8');
          socket.on('data', (chunk) => {
            out += chunk;
          });
          socket.on('error', () => {});
          socket.on('close', () => resolve(out));
        }),
    );

    // the other user's own export still gets its turn
    const othersExport = call('/api/orders/export.csv', other.auth);

    const { streams: streamAnswers, pages: pageAnswers, heavy: heavyAnswers } = await abuse.answers;
    const abuseMs = performance.now() - t0;
    const reportAnswers = heavyAnswers.filter((a) => a.path.startsWith('/api/report/'));
    const exportAnswers = heavyAnswers.filter((a) => a.path.endsWith('.csv'));
    const pdfAnswers = heavyAnswers.filter((a) => a.path.endsWith('.pdf'));
    abusing = false;
    await probes;

    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!;
    const p50 = sorted[Math.floor(sorted.length / 2)]!;
    console.info(
      `abuse (${abuseMs.toFixed(0)} ms): other user's ${sorted.length} calls p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; ` +
        `reports ${JSON.stringify(count(reportAnswers))}, exports ${JSON.stringify(count(exportAnswers))}, PDFs ${JSON.stringify(count(pdfAnswers))}`,
    );
    if (slowProbes.length) console.info(`slow calls: ${slowProbes.join('; ')}`);
    expect(sorted.length).toBeGreaterThanOrEqual(scaled(100));
    // Liveness, not speed (speed targets live in the HTTP bench, docs/benchmarks.md): the defect this
    // guards held every other request for 4-5 s behind one user's heavy work; p99 is printed above.
    expect(p99).toBeLessThan(STALL_MS);

    expect(streamAnswers.filter((a) => a.status === 200)).toHaveLength(EVENT_STREAMS_PER_USER);
    for (const a of streamAnswers.filter((s) => s.status !== 200)) {
      expect(a.status).toBe(429);
      expect(a.retryAfter).toBe('30');
      expect(a.detail).toMatch(/live update streams open/);
    }

    const [hugeSize, justPast, pastLastPage, auditSize, usersSize, ...deep] = pageAnswers;
    for (const [a, field] of [
      [hugeSize, 'page_size'],
      [justPast, 'page_size'],
      [pastLastPage, 'page'],
      [auditSize, 'page_size'],
      [usersSize, 'page_size'],
    ] as const) {
      expect(a!.status, field).toBe(422);
      expect(String(a!.detail)).toContain(field);
    }
    for (const a of deep) expect(a.status).toBe(200);

    // the abuser gets at most HEAVY_WORK_LIMITS.perUser heavy requests at once; the rest are
    // refused straight away, never a 5xx
    for (const [answers, what] of [
      [reportAnswers, 'report'],
      [exportAnswers, 'export'],
      [pdfAnswers, 'invoice PDF'],
    ] as const) {
      for (const a of answers) if (a.status !== 200) expectLimited(a, what);
    }
    // How many are refused depends on how the abuser's requests overlap on this machine (a CI run
    // once saw every one finish in turn): that a request past the limit IS refused with 429 and
    // Retry-After is proved without timing in http/heavy-work.test.ts; here every answer is a
    // 200 or a well-formed refusal, and the other user is served throughout.
    expect((await othersExport).status).toBe(200);

    // the slow uploads are still being received: nothing answered them, nothing else waited for them
    expect(sockets.filter((s) => !s.destroyed)).toHaveLength(scaled(10));
    for (const s of sockets) s.destroy();
    for (const read of await Promise.all(slow)) expect(read.split('\r\n')[0]).toBe('');
    await abuse.close();
  });

  it('serves the abuser again once its heavy requests are done', async () => {
    const [report, pdf] = await Promise.all([
      call(`/api/report/delivery-performance?from=${yearAgo}&format=csv`, abuser.auth),
      call(`/api/orders/${orderIds[0]}/invoice.pdf`, abuser.auth),
    ]);
    expect(report.status).toBe(200);
    expect(pdf.status).toBe(200);
    // every turn was given back (the last when its answer's connection reported it sent)
    for (let i = 0; i < 100 && app.heavyWork.state('report', abuser.userId).held > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(app.heavyWork.state('report', abuser.userId).held).toBe(0);
    for (const kind of ['report', 'export', 'pdf'] as const)
      expect(app.heavyWork.state(kind)).toMatchObject({ running: 0, waiting: 0 });
  });
});

interface AbuseAnswer {
  path: string;
  status: number;
  retryAfter: string | null;
  detail: unknown;
  ms: number;
}

/**
 * The abuser's traffic from a worker thread: every event stream at once (those answered 200 stay
 * open until `close`), then the page requests and the heavy downloads, all at once; answers what
 * each got. Plain JavaScript (a worker starts without the test's TypeScript loader).
 */
function abuserClient(plan: {
  base: string;
  authorization: string;
  streams: number;
  pages: string[];
  heavy: string[];
}) {
  const worker = new Worker(
    `
    const { parentPort, workerData: plan } = require('node:worker_threads');
    const headers = { authorization: plan.authorization };
    const open = [];
    async function call(path) {
      const started = performance.now();
      const res = await fetch(plan.base + path, { headers });
      const type = res.headers.get('content-type') || '';
      const body = type.startsWith('application/json') ? await res.json() : await res.arrayBuffer();
      return { path, status: res.status, retryAfter: res.headers.get('retry-after'), detail: body.detail, ms: performance.now() - started };
    }
    async function stream() {
      const controller = new AbortController();
      const res = await fetch(plan.base + '/api/events', { headers, signal: controller.signal });
      if (res.status === 200) {
        open.push(controller);
        return { path: '/api/events', status: 200, retryAfter: null, detail: null, ms: 0 };
      }
      const body = await res.json();
      return { path: '/api/events', status: res.status, retryAfter: res.headers.get('retry-after'), detail: body.detail, ms: 0 };
    }
    parentPort.on('message', () => {
      for (const c of open) c.abort();
      parentPort.postMessage({ closed: true });
    });
    (async () => {
      const [streams, pages, heavy] = await Promise.all([
        Promise.all(Array.from({ length: plan.streams }, stream)),
        Promise.all(plan.pages.map(call)),
        Promise.all(plan.heavy.map(call)),
      ]);
      parentPort.postMessage({ streams, pages, heavy });
    })().catch((error) => parentPort.postMessage({ error: String(error && error.stack || error) }));
    `,
    { eval: true, workerData: plan },
  );
  workers.push(worker);
  const answers = new Promise<{ streams: AbuseAnswer[]; pages: AbuseAnswer[]; heavy: AbuseAnswer[] }>(
    (resolve, reject) => {
      worker.once('message', (m) => (m.error ? reject(new Error(m.error)) : resolve(m)));
      worker.once('error', reject);
    },
  );
  return {
    answers,
    close: async () => {
      const closed = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

function count(answers: Answer[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}
