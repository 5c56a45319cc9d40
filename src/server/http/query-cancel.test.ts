import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type QueryScope } from '../db/client';
import { openTestDatabase } from '../test/harness';
import { registerErrorHandler } from './error-handler';
import { registerQueryCancel } from './query-cancel';

// Cancelling and the statement timeout are PostgreSQL's (PGlite runs one statement at a time in
// the server's own thread): this file runs in the suite's PostgreSQL project.
const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('abandoned requests and slow statements on PostgreSQL', async () => {
  const database = await openTestDatabase();
  afterAll(() => database.close());
  const marker = `cancel_probe_${Date.now()}`;

  const running = async () =>
    (
      await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where state = 'active' and query like ${`%${marker}%`}
            and query not like '%pg_stat_activity%'`,
      )
    ).rows[0]!.n;

  it('cancels the statements of a request whose client went away', async () => {
    const app = Fastify();
    registerQueryCancel(app, database.queries!);
    app.get('/slow', async () => {
      await database.db.execute(sql.raw(`select pg_sleep(20) as ${marker}`));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const req = httpRequest({ host: '127.0.0.1', port, path: '/slow' });
      req.on('error', () => undefined);
      req.end();
      await expect.poll(running, { timeout: 5000 }).toBe(1);
      req.destroy();
      await expect.poll(running, { timeout: 5000 }).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("never cancels another request's statement on a connection the abandoned one gave back", async () => {
    // one connection: whatever runs next would run on the abandoned request's backend
    const single = openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
    const tracker = single.queries!;
    try {
      let finish = () => {};
      const held = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const abandoned: QueryScope = { clients: new Set() };
      let checkedOut = () => {};
      const started = new Promise<void>((resolve) => {
        checkedOut = resolve;
      });
      const first = tracker.run(abandoned, () =>
        single.db.transaction(async (tx) => {
          const pid = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
          checkedOut();
          await held;
          return pid;
        }),
      );
      await started;
      // the client goes away: the cancel is on its way while the request finishes and gives
      // its connection back, and the next request's statement starts at once
      const cancelling = tracker.cancel(abandoned);
      finish();
      const abandonedPid = await first;
      const next = tracker.run({ clients: new Set() }, () =>
        single.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.3)`),
      );
      await cancelling;
      const { pid } = (await next).rows[0]!;
      expect(pid).not.toBe(abandonedPid);
    } finally {
      await single.close();
    }
  });

  it('never starts the statements of a request whose client left while it waited for a connection', async () => {
    const single = openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
    const tracker = single.queries!;
    try {
      const busy = tracker.run({ clients: new Set() }, () => single.db.execute(sql`select pg_sleep(0.3)`));
      const waiting: QueryScope = { clients: new Set() };
      let ran = false;
      const queued = tracker.run(waiting, async () => {
        await single.db.execute(sql`select 1`);
        ran = true;
      });
      await tracker.cancel(waiting);
      await expect(queued).rejects.toMatchObject({ cause: { code: '57014' } });
      await busy;
      expect(ran).toBe(false);
      // the pool serves the next request as before
      expect((await single.db.execute<{ n: number }>(sql`select 2 as n`)).rows[0]!.n).toBe(2);
    } finally {
      await single.close();
    }
  });

  it('stops a statement past PG_STATEMENT_TIMEOUT_MS and answers 503 with a detail', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const limited = openPostgres(url, { max: 1, statementTimeoutMs: 300 });
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/slow', async () => {
      await limited.db.execute(sql`select pg_sleep(5)`);
      return { done: true };
    });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/slow' });
      expect(Date.now() - started).toBeLessThan(4000);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        detail:
          'The database took too long to answer and the request was stopped; please narrow it down or try again',
      });
    } finally {
      await app.close();
      await limited.close();
    }
  });
});
