import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATION_FILES as files, temporaryDirectories } from '../test/migration-files';
import { openPglite } from './client';
import { migrate } from './migrate';

// The server's start on a database whose applied migration differs from its file (decision 0071).
// The server is started as `npm start` does, on the embedded database; the unit+pglite project
// runs it (vitest.config.ts), the comparison itself runs on both (migration-history.test.ts).
const temporaryDirectory = temporaryDirectories();

/** The test's environment less DATABASE_URL: the child opens the embedded database. */
function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...env } = process.env;
  return env;
}

describe('a landed migration is history', () => {
  it('the server refuses to start on a database whose applied migration text differs, naming the file', async () => {
    const dataDir = temporaryDirectory('kandypack-changed-');
    // the server keeps its embedded database in DATA_DIR/pgdata (db/client.ts openDatabase)
    const database = await openPglite(join(dataDir, 'pgdata'));
    await migrate(database);
    await database.db.execute(
      sql`update schema_migrations set checksum = 'recorded-before-an-edit' where version = ${files[1]!.replace(/\.sql$/, '')}`,
    );
    await database.close();
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...withoutDatabaseUrl(),
        DATA_DIR: dataDir,
        PORT: String(39_000 + Math.floor(Math.random() * 1000)),
        JWT_SECRET: 'x'.repeat(40),
        LOG_FORMAT: 'json',
        NODE_ENV: 'production',
      },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(started.status, started.stderr).toBe(1);
    expect(`${started.stdout}${started.stderr}`).toContain(
      `Migration ${files[1]} was changed after this database applied it`,
    );
  });
});
