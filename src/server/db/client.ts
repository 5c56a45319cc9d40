import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Listen, pgliteListen, postgresListen } from './listen';
import * as schema from './schema';

type RowsOf<T> = { rows: T[] };
/** Raw `execute` results as both drivers give them: `{ rows }`. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsOf<this['row']>;
}
export type Db = PgDatabase<RowsResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL text (one or more statements, no parameters): migrations only. */
  exec(sqlText: string): Promise<void>;
  /** Subscribes to the database's notifications (see ./listen.ts). */
  listen: Listen;
  close(): Promise<void>;
}

/** Embedded PostgreSQL (WASM). No dataDir means an in-memory database (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    listen: pgliteListen(client),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, options: { searchPath?: string; max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = postgresListen(url, options.searchPath ?? 'public');
  return {
    db,
    kind: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    listen: listener.listen,
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * Runs one business action in one transaction, with the acting user recorded for the audit
 * triggers (transaction-local setting app.user_id).
 */
export function withActor<T>(db: Db, actorUserId: number | null, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (actorUserId !== null) {
      await tx.execute(sql`select set_config('app.user_id', ${String(actorUserId)}, true)`);
    }
    return work(tx);
  });
}

/** The configured database: PostgreSQL with DATABASE_URL, else embedded PGlite in DATA_DIR/pgdata. */
export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(join(config.dataDir, 'pgdata'));
}
