import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dumpSchema, SCHEMA_FILE } from './schema-dump';

// Runs in the PostgreSQL project only (vitest.config.ts): it needs a server and its pg_dump.
describe('docs/schema.sql', () => {
  it('is the schema every migration leaves on a fresh database (else: npm run schema)', async () => {
    const url = process.env.TEST_DATABASE_URL;
    expect(url, 'TEST_DATABASE_URL names the PostgreSQL server').toBeTruthy();
    const current = await dumpSchema(url!);
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    // a whole-file equality would print two 10,000-line texts: name the first line that differs
    const a = committed.split('\n');
    const b = current.split('\n');
    const at = a.findIndex((line, i) => line !== b[i]);
    const first = at === -1 && a.length !== b.length ? Math.min(a.length, b.length) : at;
    expect(
      first,
      `${SCHEMA_FILE} is out of date (run npm run schema): line ${first + 1} is\n  ${a[first]}\nbut the migrations give\n  ${b[first]}`,
    ).toBe(-1);
  });
});
