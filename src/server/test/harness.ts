import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type BuildAppOptions, type BuiltApp, buildApp } from '../app';
import { type Database, openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';

let snapshot: Blob | undefined;
/**
 * The migrated database that ./global-setup.ts made for this run, when it made one (a config
 * without that setup: none, and each database is migrated itself). Read once per worker.
 */
function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * A fresh migrated database: in-memory PGlite, or a throwaway schema on TEST_DATABASE_URL.
 * `migrationsDir`: the migrations to apply (default: all of them).
 */
export async function openTestDatabase(migrationsDir?: string): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const snapshot = migrationsDir === undefined ? migratedSnapshot() : undefined;
    if (snapshot) return openPglite(undefined, { loadDataDir: snapshot });
    const database = await openPglite();
    await migrate(database, migrationsDir);
    return database;
  }
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schemaName}`);
  await ensureDatabaseExtensions(admin);
  await admin.end();
  // public stays on the path for the extensions' functions and operators (pg_trgm)
  const database = openPostgres(url, { searchPath: `${schemaName},public`, max: 12 });
  await migrate(database, migrationsDir);
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schemaName} CASCADE`);
      await cleanup.end();
    },
  };
}

/**
 * Extensions belong to the whole database, not to a test file's schema: created once in public
 * (test files start in parallel, so a lost race is not an error), so the migrations' `CREATE
 * EXTENSION IF NOT EXISTS` finds them and no file's DROP SCHEMA takes them away from another.
 */
async function ensureDatabaseExtensions(client: pg.Client): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export interface TestApp {
  app: BuiltApp;
  database: Database;
  /** The clock the app reads; tests move it with setNow (null: the real time again). */
  setNow(date: Date | null): void;
}

/** Builds the app in-process on its own database; closed after the test file. */
export async function createTestApp(options: Partial<BuildAppOptions> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  let now: Date | null = null;
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    queries: database.queries,
    pingDatabase: database.ping,
    poolState: database.pool,
    jwtSecret: TEST_JWT_SECRET,
    clock: () => now ?? new Date(),
    checkResponses: true,
    ...options,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return {
    app,
    database,
    setNow: (date) => {
      now = date;
    },
  };
}
