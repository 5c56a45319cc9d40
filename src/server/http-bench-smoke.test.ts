import { afterAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../bench/http/registry';
import { runHttpBench, verdict } from '../../bench/http/run-http';
import { scratchDatabase } from './test/scratch-database';

/** Endpoints the warm server answers from memory (their capture sends no SQL). */
const FROM_MEMORY = ['landing figures (public)'];

// `npm run bench -- --http` on 10,000 orders, 8 requests per API run and 0.1 s of SQL: every endpoint of
// the registry answers 200 through the server process and its captured SQL replays without
// error, so the benchmark cannot rot. Timings are not checked here (they belong to the bench).
const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && !!baseUrl;

describe.runIf(onPostgres)('HTTP benchmark smoke run (10,000 orders)', () => {
  const { url, create, drop } = scratchDatabase('kp_bench_smoke');

  afterAll(drop);

  it('measures every registered endpoint through the API and through pg', { timeout: 300_000 }, async () => {
    await create();
    const skipped: string[] = [];
    const rows = await runHttpBench({
      url,
      seconds: 0.1,
      requests: 8,
      server: 'in-process',
      connections: [4],
      workers: 1,
      pool: 4,
      orders: 10_000,
      write: false,
      log: (line) => {
        if (line.startsWith('skipped')) skipped.push(line);
      },
    });
    expect(skipped).toEqual([]);
    expect(rows.map((r) => r.endpoint.name)).toEqual(ENDPOINTS.map((e) => e.name));
    for (const row of rows) {
      expect(row.api.total, row.endpoint.name).toBeGreaterThan(0);
      expect(row.api.errors, `${row.endpoint.name}: ${row.api.errorKinds}`).toBe(0);
      expect(verdict(row)).toMatch(/^(ok|MISS: .*)$/);
      // the capture is what the warm server sends: the public figures come from its memory
      if (FROM_MEMORY.includes(row.endpoint.name)) {
        expect(row.statements, row.endpoint.name).toBe(0);
        continue;
      }
      expect(row.sql.total, row.endpoint.name).toBeGreaterThan(0);
      expect(row.sql.errors, `${row.endpoint.name} (SQL): ${row.sql.errorKinds}`).toBe(0);
      expect(row.statements, row.endpoint.name).toBeGreaterThan(0);
    }
    // kept as the server sends them: the user behind the token is cached (no users lookup), the
    // statements it prepares keep their names, and those it sends at once are replayed at once
    const firstPage = rows.find((r) => r.endpoint.name === 'customer orders page 1')!;
    expect(firstPage.sqlTexts.filter((t) => t.includes('"token_version"'))).toEqual([]);
    expect(rows.filter((r) => r.named > 0).map((r) => r.endpoint.name)).toContain('customer orders page 1');
    expect(rows.some((r) => r.waves < r.statements)).toBe(true);
  });
});
