import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations', import.meta.url));

/**
 * Applies committed SQL migrations in file-name order, each in its own transaction, and
 * records them in schema_migrations. See docs/decisions/0002-sql-migrations.md.
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
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const pending: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    const seen = await database.db.execute(sql`select 1 from schema_migrations where version = ${version}`);
    if (seen.rows.length === 0) pending.push(file);
  }
  if (pending.length > 0) options.onPending?.(pending.map((f) => f.replace(/\.sql$/, '')));
  const applied: string[] = [];
  for (const file of pending) {
    const version = file.replace(/\.sql$/, '');
    const body = await readFile(join(dir, file), 'utf8');
    // one multi-statement text runs on one connection, so BEGIN/COMMIT make it atomic; a migration
    // that rebuilds a derived table of a large database may run longer than PG_STATEMENT_TIMEOUT_MS
    // allows a request, so the limit is lifted for the migration's own transaction only
    await database.exec(
      `BEGIN;\nSET LOCAL statement_timeout = 0;\n${body}\n;INSERT INTO schema_migrations (version) VALUES ('${version.replace(/'/g, "''")}');\nCOMMIT;`,
    );
    applied.push(version);
  }
  return applied;
}
