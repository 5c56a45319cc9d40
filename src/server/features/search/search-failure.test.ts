import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

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
    for (const q of ['jayawardna', 'golden tradres', 'colombo']) {
      const res = await ask(q);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toHaveProperty('detail');
    }
    await app.ctx.db.execute(sql`alter table search_words_gone rename to search_words`);
    expect((await ask('jayawardna')).statusCode).toBe(200);
  });
});
