import { afterAll, describe, expect, it } from 'vitest';
import { PRIMARY, runDayBench } from '../../bench/http/day';
import { scratchDatabase } from './test/scratch-database';

// `npm run bench -- --day` for 30 s on 10,000 orders with a tenth of the users (think
// times cut to a third, so crews finish runs within the 30 s): every class of user acts
// through a server of 2 processes, no request fails, the events the actions raise reach the
// streams that should get them, and each process's memory is sampled. Timings are not checked
// here (they belong to the bench: docs/benchmarks.md).
const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && !!baseUrl;

describe.runIf(onPostgres)('business-day benchmark smoke run (10,000 orders, 30 s)', () => {
  const { url, create, drop } = scratchDatabase('kp_day_smoke');

  afterAll(drop);

  it('runs every class of user without an error, delivers the events and samples memory', {
    timeout: 180_000,
  }, async () => {
    await create();
    const r = await runDayBench({
      url,
      seconds: 30,
      customers: 20,
      managers: 4,
      warehouse: 2,
      crews: 6,
      streams: 100,
      admins: 1,
      workers: 2,
      pool: 4,
      sampleSeconds: 5,
      think: 0.3,
      warmupSeconds: 10,
      rampSeconds: 3,
      orders: 10_000,
      write: false,
      log: () => undefined,
    });
    const count = (action: string) => r.actions.find((a) => a.action === action)?.count ?? 0;
    // every class, and the actions that write, ran
    expect(r.classes.map((c) => c.name).sort()).toEqual([
      'admin',
      'crew',
      'customer',
      'manager',
      'warehouse',
    ]);
    for (const action of [
      'customer: place order',
      'customer: order list',
      'manager: order list',
      'manager: allocate',
      'warehouse: count stock',
      'crew: start run',
      'crew: confirm item',
      'admin: year report download',
    ])
      expect(count(action), action).toBeGreaterThan(0);
    // no request failed, no stream was dropped
    for (const a of r.actions) expect(a.errors, `${a.action}: ${a.errorSamples.join(' | ')}`).toBe(0);
    expect(r.events.streamErrors).toBe(0);
    expect(r.events.streamsOpen).toBe(100);
    // what was placed was allocated, crews finished runs: orders approved, started and delivered
    expect(r.placed).toBeGreaterThan(0);
    expect(r.allocated).toBeGreaterThan(0);
    expect(r.runs.finished).toBeGreaterThan(0);
    // every event reached every stream that should have it (the 1 s deadline is the bench's)
    expect(r.events.raised).toBeGreaterThan(0);
    expect(r.events.expected).toBeGreaterThan(r.events.raised);
    expect(r.events.missing).toBe(0);
    expect(r.events.onTime + r.events.late).toBe(r.events.expected);
    // memory of both server processes (and the primary that forks them), at the start, every 5 s and at the end
    const pids = [...new Set(r.memory.map((m) => m.pid))];
    expect(pids).toHaveLength(3);
    expect(pids).toContain(PRIMARY);
    for (const pid of pids) {
      const mine = r.memory.filter((m) => m.pid === pid);
      expect(mine.length, pid).toBeGreaterThanOrEqual(6);
      for (const m of mine) {
        expect(m.rss).toBeGreaterThan(0);
        if (pid !== PRIMARY) expect(m.rss).toBeGreaterThan(m.heapUsed);
      }
    }
    // where the time went: the machine, the server and the database were measured
    expect(r.time.cores.machine).toBeGreaterThan(0);
    expect(r.time.cores.server).toBeGreaterThan(0);
    expect(r.time.backends.length).toBeGreaterThan(0);
    // the charts: a line per series
    expect(r.latencySvg.match(/<polyline/g)?.length).toBeGreaterThanOrEqual(2);
    expect(r.memorySvg.match(/<polyline/g)).toHaveLength(5);
  });
});
