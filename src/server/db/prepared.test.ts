import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '#server/test/harness';
import {
  literalCount,
  MAX_PREPARED,
  MAX_PREPARED_SEARCH,
  PREPARED_MARK,
  PREPARED_SEARCH_MARK,
  prepared,
  preparedName,
} from './prepared';

const database = await openTestDatabase();
afterAll(() => database.close());

describe('preparedName', () => {
  it('names only marked statements, the same text always the same name, another text another', () => {
    const a = `${PREPARED_MARK}select 1`;
    expect(preparedName('select 1')).toBeUndefined();
    expect(preparedName(a)).toMatch(/^kp_[0-9a-f]{24}$/);
    expect(preparedName(a)).toBe(preparedName(a));
    expect(preparedName(`${PREPARED_MARK}select 2`)).not.toBe(preparedName(a));
  });

  it('writes only whole non-negative row counts into a text', () => {
    expect(() => literalCount(-1)).toThrow();
    expect(() => literalCount(1.5)).toThrow();
    expect(() => literalCount(Number.NaN)).toThrow();
  });
});

describe(`prepared statements (${database.kind})`, () => {
  const square = (n: number) => prepared(sql`select ${n}::int * ${n}::int as n`);

  it('answers a marked statement like any other, again and again with other values', async () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7, 40_000]) {
      const res = await database.db.execute<{ n: number }>(square(n));
      expect(res.rows).toEqual([{ n: n * n }]);
    }
    const plain = await database.db.execute<{ n: number }>(sql`select ${3}::int * ${3}::int as n`);
    expect(plain.rows).toEqual([{ n: 9 }]);
  });

  it.runIf(database.kind === 'postgres')(
    'on PostgreSQL the connection keeps a marked statement under its name, and only marked ones',
    async () => {
      const kept = await database.db.transaction(async (tx) => {
        await tx.execute(square(12));
        await tx.execute(sql`select ${12}::int + 1 as unmarked`);
        const res = await tx.execute<{ name: string; statement: string }>(
          sql`select name, statement from pg_prepared_statements`,
        );
        return res.rows;
      });
      const mine = kept.find((s) => s.statement.startsWith(`${PREPARED_MARK}select $1::int * $2::int`));
      expect(mine?.name).toBe(preparedName(mine?.statement ?? ''));
      expect(kept.some((s) => s.statement.includes('unmarked'))).toBe(false);
    },
  );
  it('a row count written into the text limits the rows', async () => {
    const res = await database.db.execute<{ n: number }>(
      prepared(sql`select n from generate_series(1, 100) n order by n limit ${literalCount(3)}`),
    );
    expect(res.rows.map((r) => r.n)).toEqual([1, 2, 3]);
  });
});

// The names are per process, and a test worker runs file after file in one process (vitest's
// isolate: false): a search test before this file may already have used some of the budgets. The
// cap is checked on a fresh copy of the module, which leaves the shared one as it was.
async function freshPrepared(): Promise<typeof import('./prepared')> {
  vi.resetModules();
  return import('./prepared');
}

describe('the cap on prepared texts', () => {
  it(`names at most ${MAX_PREPARED} texts; later ones go unnamed, known ones keep their name`, async () => {
    const { preparedName: name } = await freshPrepared();
    const first = name(`${PREPARED_MARK}select 1`);
    expect(first).toMatch(/^kp_[0-9a-f]{24}$/);
    for (let i = 0; i < MAX_PREPARED + 10; i++) name(`${PREPARED_MARK}select ${i} as filler`);
    expect(name(`${PREPARED_MARK}select 'new'`)).toBeUndefined();
    expect(name(`${PREPARED_MARK}select 1`)).toBe(first);
  });

  it(`search texts have a budget of their own (${MAX_PREPARED_SEARCH}): they take no other statement's name`, async () => {
    const { preparedName: name } = await freshPrepared();
    const other = name(`${PREPARED_MARK}select 1`);
    expect(other).toMatch(/^kp_[0-9a-f]{24}$/);
    const first = name(`${PREPARED_SEARCH_MARK}select 1`);
    expect(first).toMatch(/^kp_[0-9a-f]{24}$/);
    for (let i = 0; i < MAX_PREPARED_SEARCH + 10; i++) name(`${PREPARED_SEARCH_MARK}select ${i} as filler`);
    expect(name(`${PREPARED_SEARCH_MARK}select 'new'`)).toBeUndefined();
    expect(name(`${PREPARED_SEARCH_MARK}select 1`)).toBe(first);
    expect(name(`${PREPARED_MARK}select 1`)).toBe(other);
    // the filled budgets were the fresh copy's, not the process's own
    expect(name).not.toBe(preparedName);
  });
});
