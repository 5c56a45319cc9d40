import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { AppError } from './errors';
import { HEAVY_RETRY_AFTER_SECONDS, HeavyWork, type HeavyWorkLimits, registerHeavyWork } from './heavy-work';

const limits = (over: Partial<HeavyWorkLimits> = {}): HeavyWorkLimits => ({
  kinds: {
    report: { running: 2, queued: 3 },
    export: { running: 1, queued: 1 },
    pdf: { running: 1, queued: 1 },
    planner: { running: 1, queued: 1 },
  },
  perUser: 3,
  maxWaitMs: 10_000,
  ...over,
});

/** Whether a promise has settled by the time the pending callbacks have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

describe('HeavyWork: turns per kind, a bounded queue, a limit per user', () => {
  it('runs at most `running` of a kind at once; the rest wait and start as turns are given back', async () => {
    const heavy = new HeavyWork(limits());
    const a = await heavy.admit('report', 1);
    const b = await heavy.admit('report', 2);
    const c = heavy.admit('report', 3);
    expect(await settled(c)).toBe(false);
    expect(heavy.state('report')).toMatchObject({ running: 2, waiting: 1 });
    // another kind has turns of its own
    const e = await heavy.admit('export', 3);
    a();
    const cRelease = await c;
    expect(heavy.state('report')).toMatchObject({ running: 2, waiting: 0 });
    // giving a turn back twice frees one turn only
    a();
    expect(heavy.state('report').running).toBe(2);
    for (const r of [b, cRelease, e]) r();
    expect(heavy.state('report')).toMatchObject({ running: 0, waiting: 0 });
  });

  it("refuses a user's request past the user's limit with 429 and Retry-After; others go on", async () => {
    const heavy = new HeavyWork(limits({ perUser: 2 }));
    const first = await heavy.admit('report', 7);
    const second = await heavy.admit('export', 7);
    const refused = heavy.admit('report', 7);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      headers: { 'Retry-After': String(HEAVY_RETRY_AFTER_SECONDS) },
      detail: 'You already have 2 reports, exports, PDFs or plans being made; please wait until one is done',
    });
    expect(heavy.state('report', 7).held).toBe(2);
    const other = await heavy.admit('report', 8);
    first();
    // one done: the user may ask again
    const again = await heavy.admit('report', 7);
    for (const r of [second, other, again]) r();
    expect(heavy.state('report', 7).held).toBe(0);
  });

  it('counts waiting requests against the user too', async () => {
    const heavy = new HeavyWork(limits({ perUser: 2 }));
    const busy = await heavy.admit('planner', 1);
    const waiting = heavy.admit('planner', 2);
    const running = await heavy.admit('report', 2);
    await expect(heavy.admit('report', 2)).rejects.toMatchObject({ statusCode: 429 });
    busy();
    (await waiting)();
    running();
  });

  it('answers 503 with Retry-After past the queue, and serves the queue in order', async () => {
    const heavy = new HeavyWork(limits());
    const running = [await heavy.admit('report', 1), await heavy.admit('report', 2)];
    const order: number[] = [];
    const queued = [3, 4, 5].map((user) =>
      heavy.admit('report', user).then((release) => {
        order.push(user);
        return release;
      }),
    );
    await expect(heavy.admit('report', 6)).rejects.toMatchObject({
      statusCode: 503,
      headers: { 'Retry-After': String(HEAVY_RETRY_AFTER_SECONDS) },
      detail: 'Too many reports are being made right now; please try again shortly',
    });
    for (const r of running) r();
    const [r3, r4] = [await queued[0]!, await queued[1]!];
    expect(order).toEqual([3, 4]);
    r3();
    (await queued[2]!)();
    r4();
    expect(order).toEqual([3, 4, 5]);
    expect(heavy.state('report')).toMatchObject({ running: 0, waiting: 0 });
  });

  it('gives a freed turn to the user who runs the fewest, before an earlier request of a busy user', async () => {
    const heavy = new HeavyWork(limits({ perUser: 4 }));
    const abuser = [await heavy.admit('report', 1), await heavy.admit('report', 1)];
    const abuserWaits = [heavy.admit('report', 1), heavy.admit('report', 1)];
    const otherWaits = heavy.admit('report', 2);
    abuser[0]!();
    // user 2 runs none, user 1 still runs one: user 2 goes first although it came last
    expect(await settled(otherWaits)).toBe(true);
    expect(await settled(abuserWaits[0]!)).toBe(false);
    (await otherWaits)();
    const next = await abuserWaits[0]!;
    abuser[1]!();
    (await abuserWaits[1]!)();
    next();
  });

  it('drops a waiting request whose client went away (499), and its place goes to the next', async () => {
    const heavy = new HeavyWork(limits());
    const busy = await heavy.admit('export', 1);
    const client = new AbortController();
    const gone = heavy.admit('export', 2, client.signal);
    expect(heavy.state('export', 2)).toMatchObject({ waiting: 1, held: 1 });
    client.abort();
    await expect(gone).rejects.toMatchObject({ statusCode: 499 });
    expect(heavy.state('export', 2)).toMatchObject({ waiting: 0, held: 0 });
    // the queue (of one) has room again
    const next = heavy.admit('export', 3);
    busy();
    (await next)();
    // already gone before it asked: refused at once, nothing held
    await expect(heavy.admit('export', 4, AbortSignal.abort())).rejects.toMatchObject({ statusCode: 499 });
    expect(heavy.state('export', 4).held).toBe(0);
  });

  it('answers 503 to a request that waited `maxWaitMs`, and it leaves the queue', async () => {
    const heavy = new HeavyWork(limits({ maxWaitMs: 50 }));
    const busy = await heavy.admit('pdf', 1);
    const waited = heavy.admit('pdf', 2);
    await expect(waited).rejects.toMatchObject({ statusCode: 503, headers: { 'Retry-After': '5' } });
    expect(heavy.state('pdf', 2)).toMatchObject({ waiting: 0, held: 0 });
    busy();
    expect(heavy.state('pdf').running).toBe(0);
  });
});

// a server with the hook, on a real port: each request's user is the X-User header
const heavy = new HeavyWork(limits({ perUser: 2 }));
const app = Fastify();
registerErrorHandler(app);
app.decorateRequest('user', null);
registerHeavyWork(app, heavy);
app.addHook('onRequest', async (request) => {
  const id = Number(request.headers['x-user']);
  request.user = {
    userId: id,
    userName: `u${id}`,
    email: '',
    role: 'Admin',
    portal: 'admin',
    customerId: null,
    employeeId: null,
    language: null,
  };
});
let finish: Array<() => void> = [];
app.get('/heavy', { config: { heavy: 'export' } }, async () => {
  await new Promise<void>((resolve) => finish.push(resolve));
  return { ok: true };
});
// a streamed answer keeps its turn until the last byte
app.get('/stream', { config: { heavy: 'export' } }, async (_request, reply) => {
  const { Readable } = await import('node:stream');
  const parts = (async function* () {
    yield 'first,';
    await new Promise<void>((resolve) => finish.push(resolve));
    yield 'last';
  })();
  return reply.type('text/plain').send(Readable.from(parts));
});
app.get('/light', async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const get = (path: string, user: number, signal?: AbortSignal) =>
  fetch(`${base}${path}`, { headers: { 'x-user': String(user) }, signal });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('registerHeavyWork: a route that declares its kind', () => {
  it('queues past the kind limit, answers 503 past the queue, and gives the turn back when sent', async () => {
    const first = get('/heavy', 1);
    await until(() => heavy.state('export').running === 1);
    const second = get('/heavy', 2);
    await until(() => heavy.state('export').waiting === 1);
    const refused = await get('/heavy', 3);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      detail: 'Too many exports are being made right now; please try again shortly',
    });
    // a route without a kind does not wait
    expect((await get('/light', 3)).status).toBe(200);
    finish.shift()!();
    expect((await first).status).toBe(200);
    await until(() => finish.length === 1);
    finish.shift()!();
    expect((await second).status).toBe(200);
    await until(() => heavy.state('export').running === 0);
  });

  it('holds the turn of a streamed answer until its end; a waiting client that leaves frees its place', async () => {
    const streaming = await get('/stream', 1);
    expect(streaming.status).toBe(200);
    const reader = streaming.body!.getReader();
    await reader.read();
    expect(heavy.state('export')).toMatchObject({ running: 1 });
    const client = new AbortController();
    const waiting = get('/heavy', 2, client.signal).catch(() => 'aborted');
    await until(() => heavy.state('export').waiting === 1);
    client.abort();
    expect(await waiting).toBe('aborted');
    await until(() => heavy.state('export', 2).waiting === 0 && heavy.state('export', 2).held === 0);
    finish.shift()!();
    for (let r = await reader.read(); !r.done; r = await reader.read());
    await until(() => heavy.state('export', 1).running === 0 && heavy.state('export', 1).held === 0);
  });

  it('gives the turn back when the client of a running request goes away', async () => {
    const client = new AbortController();
    const running = get('/stream', 1, client.signal);
    const res = await running;
    await res.body!.getReader().read();
    expect(heavy.state('export').running).toBe(1);
    client.abort();
    await until(() => heavy.state('export', 1).running === 0 && heavy.state('export', 1).held === 0);
    finish.shift()?.();
    finish = [];
  });

  it('answers 429 with Retry-After past the per-user limit', async () => {
    const held = [get('/heavy', 5), get('/heavy', 5)];
    await until(() => heavy.state('export', 5).held === 2);
    const refused = await get('/heavy', 5);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await refused.json()).detail).toMatch(/^You already have 2 reports, exports, PDFs or plans/);
    await until(() => finish.length === 1);
    finish.shift()!();
    await until(() => finish.length === 1);
    finish.shift()!();
    for (const res of await Promise.all(held)) expect(res.status).toBe(200);
  });
});
