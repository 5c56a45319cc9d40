import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { MIGRATION_FILES as files, temporaryDirectories } from '../test/migration-files';
import { MIGRATIONS_DIR, MigrationChangedError, migrate, migrationChecksum } from './migrate';

const temporaryDirectory = temporaryDirectories();
function copyOfMigrations(): string {
  const dir = temporaryDirectory('kandypack-history-');
  for (const f of files) copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
  return dir;
}

describe('a landed migration is history', () => {
  it('records each migration with the checksum of its text, and refuses a changed text naming the file', async () => {
    const dir = copyOfMigrations();
    const database = await openTestDatabase(dir);
    try {
      const rows = (
        await database.db.execute<{ version: string; checksum: string | null }>(
          sql`select version, checksum from schema_migrations order by version`,
        )
      ).rows;
      expect(rows.map((r) => `${r.version}.sql`)).toEqual(files);
      for (const row of rows)
        expect(row.checksum, row.version).toBe(
          migrationChecksum(readFileSync(join(dir, `${row.version}.sql`), 'utf8')),
        );
      // unchanged files: nothing to apply, nothing refused
      expect(await migrate(database, dir)).toEqual([]);

      // one changed character in a landed file: refused before anything is applied
      const edited = files[3]!;
      writeFileSync(join(dir, edited), `${readFileSync(join(dir, edited), 'utf8')}\n-- edited later\n`);
      writeFileSync(join(dir, '9999_new_after_an_edit.sql'), 'CREATE TABLE should_not_exist (id int);');
      const refusal = await migrate(database, dir).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(MigrationChangedError);
      expect((refusal as Error).message).toContain(edited);
      const made = await database.db.execute(sql`select to_regclass('should_not_exist') as t`);
      expect(made.rows[0]).toEqual({ t: null });

      // a database migrated before checksums existed takes the files' checksums on its first start
      rmSync(join(dir, '9999_new_after_an_edit.sql'));
      copyFileSync(join(MIGRATIONS_DIR, edited), join(dir, edited));
      await database.db.execute(sql`update schema_migrations set checksum = null`);
      expect(await migrate(database, dir)).toEqual([]);
      const unset = await database.db.execute(
        sql`select count(*)::int as n from schema_migrations where checksum is null`,
      );
      expect(unset.rows[0]).toEqual({ n: 0 });
    } finally {
      await database.close();
    }
  });
});

/** Files named before this rule; from 0037 on a prefix is four digits, used once, after all of these. */
const NAMED_BEFORE_THE_RULE = new Set(files.filter((f) => f < '0037'));

describe('migration names', () => {
  it('from 0037 on: unique four-digit prefixes, in order, lower-case words', () => {
    const later = files.filter((f) => !NAMED_BEFORE_THE_RULE.has(f));
    const prefixes = later.map((f) => f.slice(0, 4));
    for (const f of later) expect(f).toMatch(/^\d{4}_[a-z0-9]+(_[a-z0-9]+)*\.sql$/);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const p of prefixes) expect(p > '0036', p).toBe(true);
  });

  it('from 0037 on, a migration that replaces an earlier function says so in its header', () => {
    const defined = new Map<string, string>();
    const functionsOf = (text: string) =>
      [
        ...text.matchAll(
          /create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?("?[a-z_][a-z0-9_]*"?)\s*\(/gi,
        ),
      ].map((m) => m[1]!.replace(/"/g, '').toLowerCase());
    for (const file of files) {
      const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      const header = text.match(/^(?:\s*--.*\n)*/)?.[0] ?? '';
      for (const name of new Set(functionsOf(text))) {
        if (defined.has(name) && !NAMED_BEFORE_THE_RULE.has(file))
          expect(
            header,
            `${file} replaces ${name}() of ${defined.get(name)}: its header comment must say "Replaces ${name}"`,
          ).toMatch(new RegExp(`replaces[^\\n]*\\b${name}\\b`, 'i'));
        defined.set(name, file);
      }
    }
    expect(defined.size).toBeGreaterThan(10);
  });
});
