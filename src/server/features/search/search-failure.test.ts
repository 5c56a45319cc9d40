import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { Batch } from './search.queries';

// A search whose statement fails (cancelled because its client left, stopped by the statement
// timeout, or, here, a table gone) must answer an error and leave nothing behind: no promise
// rejected with nobody waiting (the process would end; Vitest fails the file on one) and no
// statement sent on the lost transaction. This file breaks its own database's dictionary.
const { app } = await createTestApp();

describe('a search whose statement fails', () => {
  it('answers 500 with a detail for a typo and for an exact search, and the server stays up', async () => {
    const manager = await createUser(app, 'Manager');
    const ask = (q: string) =>
      app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: manager.auth });
    expect((await ask('jayawardna')).statusCode).toBe(200);

    await app.ctx.db.execute(sql`alter table search_words rename to search_words_gone`);
    // On PostgreSQL the file's schema is searched before public: a search_words table left in
    // public (someone migrating it by hand) would answer in place of the renamed one.
    const [left] = (await app.ctx.db.execute(sql`select to_regclass('search_words')::text as t`)).rows as {
      t: string | null;
    }[];
    expect(left?.t, 'no other search_words table is on the search path').toBeNull();
    for (const q of ['jayawardna', 'golden tradres', 'colombo']) {
      const res = await ask(q);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toHaveProperty('detail');
    }
    await app.ctx.db.execute(sql`alter table search_words_gone rename to search_words`);
    expect((await ask('jayawardna')).statusCode).toBe(200);
  });
});

describe('Batch', () => {
  it('rejects every lookup of a failed statement for those who wait, and leaves none unobserved for those who left', async () => {
    const unobserved: unknown[] = [];
    const onUnhandled = (reason: unknown) => unobserved.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const batch = new Batch();
      const awaited = batch.add(sql`select 1 as n`, 'generic');
      batch.add(sql`select 2 as n`, 'generic'); // its caller stopped waiting
      batch.add(sql`select * from no_such_table`); // the failing one, in the other statement
      const waited = awaited.then(
        () => 'resolved',
        () => 'rejected',
      );
      await expect(batch.flush(app.ctx.db)).rejects.toThrow(/no_such_table/);
      // the generic statement ran: its lookups got their rows
      expect(await waited).toBe('resolved');

      const failing = new Batch();
      const seen = failing.add(sql`select * from no_such_table`);
      failing.add(sql`select * from no_such_table as again`);
      await expect(failing.flush(app.ctx.db)).rejects.toThrow(/no_such_table/);
      await expect(seen).rejects.toThrow(/no_such_table/);
      // a lookup added after the batch ran is refused, not lost
      await expect(failing.add(sql`select 3`)).rejects.toThrow(/after it ran/);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unobserved).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
