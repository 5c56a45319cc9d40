import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations', import.meta.url));

/** The SHA-256 of a migration's text, as schema_migrations records it. */
export function migrationChecksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A landed migration whose text is not the text the database applied: the server does not start. */
export class MigrationChangedError extends Error {
  constructor(readonly file: string) {
    super(
      `Migration ${file} was changed after this database applied it (its checksum differs from the one recorded in schema_migrations). A landed migration is history: restore its text and put the change in a new migration.`,
    );
    this.name = 'MigrationChangedError';
  }
}

/**
 * Applies committed SQL migrations in file-name order, each in its own transaction, and
 * records them in schema_migrations with the SHA-256 of their text. See
 * docs/decisions/0002-sql-migrations-and-database-rules.md and docs/decisions/0071-migration-checksums-and-schema-file.md.
 *
 * Before applying anything, every migration the database already applied is compared with its
 * file: a changed text throws MigrationChangedError naming the file. A row recorded before
 * checksums existed (checksum null) takes the file's current checksum on this first start.
 *
 * On PostgreSQL the whole of it runs under a session advisory lock (Database.alone): servers
 * started together on one database (docs/scaling.md) migrate one after the other, and the later
 * ones find nothing pending.
 */
export async function migrate(
  database: Database,
  dir = MIGRATIONS_DIR,
  options: {
    /** Told the versions about to be applied, before the first one (when any). */ onPending?: (
      versions: string[],
    ) => void;
  } = {},
): Promise<string[]> {
  const work = () => migrateNow(database, dir, options);
  return database.alone ? database.alone(work) : work();
}

async function migrateNow(
  database: Database,
  dir: string,
  options: { onPending?: (versions: string[]) => void },
): Promise<string[]> {
  await database.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
     ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text;`,
  );
  const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const recorded = new Map(
    (
      await database.db.execute<{ version: string; checksum: string | null }>(
        sql`select version, checksum from schema_migrations`,
      )
    ).rows.map((row) => [row.version, row.checksum]),
  );
  const pending: Array<{ file: string; version: string; body: string; checksum: string }> = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    const body = await readFile(join(dir, file), 'utf8');
    const checksum = migrationChecksum(body);
    if (!recorded.has(version)) pending.push({ file, version, body, checksum });
    else if (recorded.get(version) === null)
      await database.db.execute(
        sql`update schema_migrations set checksum = ${checksum} where version = ${version} and checksum is null`,
      );
    else if (recorded.get(version) !== checksum) throw new MigrationChangedError(file);
  }
  if (pending.length > 0) options.onPending?.(pending.map((p) => p.version));
  const applied: string[] = [];
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  for (const { version, body, checksum } of pending) {
    // one multi-statement text runs on one connection, so BEGIN/COMMIT make it atomic; a migration
    // that rebuilds a derived table of a large database may run longer than PG_STATEMENT_TIMEOUT_MS
    // allows a request, so the limit is lifted for the migration's own transaction only
    await database.exec(
      `BEGIN;\nSET LOCAL statement_timeout = 0;\n${body}\n;INSERT INTO schema_migrations (version, checksum) VALUES (${quote(version)}, ${quote(checksum)});\nCOMMIT;`,
    );
    applied.push(version);
  }
  return applied;
}
