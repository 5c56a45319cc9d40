import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { isConnectionError } from '../lib/errors';
import { type Listen, pgliteListen, postgresListen } from './listen';
import { nameMarkedStatements } from './prepared';
import * as schema from './schema';
import { installSqlCompiler } from './sql-text';

type RowsOf<T> = { rows: T[] };
/** Raw `execute` results as both drivers give them: `{ rows }`. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsOf<this['row']>;
}
export type Db = PgDatabase<RowsResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run a query: the database itself or an open transaction. */
export type Executor = Db | Tx;

/** The connections of the database's pool, read now (Database.pool; GET /api/metrics, http/metrics.ts). */
export interface PoolState {
  /** 'postgres' (node-postgres's pool) or 'pglite' (one embedded connection in this process). */
  driver: 'postgres' | 'pglite';
  /** The most the pool opens (PG_POOL_SIZE; 1 for PGlite). */
  max: number;
  /** Open connections. */
  total: number;
  /** Open and not checked out. */
  idle: number;
  /** Requests waiting for a connection (pg's queue; 0 for PGlite, whose statements queue inside it). */
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL text (one or more statements, no parameters): migrations only. */
  exec(sqlText: string): Promise<void>;
  /** Subscribes to the database's notifications (see ./listen.ts). */
  listen: Listen;
  /** Runs work whose queries can be cancelled together (abandoned requests); PostgreSQL only. */
  queries?: QueryTracker;
  /**
   * Runs `select 1` on a connection of its own (not the pool's, which a burst of work may hold),
   * failing after `timeoutMs`: GET /api/health.
   */
  ping(timeoutMs: number): Promise<void>;
  /** The pool's connections now (GET /api/metrics; the health check's own are not counted). */
  pool(): PoolState;
  /**
   * DATABASE_POOL_MODE=transaction: `select 1` through the pooler (DATABASE_URL), while `ping`
   * asks the database through the session connection (GET /api/health's `pooler`).
   */
  pingPooler?(timeoutMs: number): Promise<void>;
  /**
   * Runs `work` while holding a session advisory lock on a connection of its own (PostgreSQL):
   * one server at a time migrates, however many start together on one database.
   */
  alone?<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole database (PGlite's dumpDataDir), for openPglite's loadDataDir. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (WASM). No dataDir means an in-memory database (tests); `loadDataDir`, a
 * tarball of PGlite's dumpDataDir, starts it from that copy instead of an empty cluster (the tests'
 * migrated snapshot, src/server/test/global-setup.ts).
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  // pg_trgm (trigram matching: search) ships with PGlite as a loadable extension
  const extensions = { pg_trgm };
  // DATA_DIR may name a directory that does not exist yet (JWT_SECRET given, so nothing else made it)
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pgliteOptions = { extensions, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) };
  const client = dataDir ? new PGlite(dataDir, pgliteOptions) : new PGlite(pgliteOptions);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  installSqlCompiler(db);
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    listen: pgliteListen(client),
    ping: async () => {
      await client.query('select 1');
    },
    // one embedded connection in this process; its statements queue inside PGlite, unseen here
    pool: () => ({ driver: 'pglite', max: 1, total: 1, idle: 1, waiting: 0 }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** The connections one unit of work (a request) holds, so they can be cancelled together. */
export interface QueryScope {
  clients: Set<pg.PoolClient>;
  /** Set when the client went away: the scope's statements that have not started never start. */
  abandoned?: boolean;
  /**
   * The scope only reads (a GET): a statement outside a transaction that met a dead connection
   * may be sent again on another one (decision 0070).
   */
  readOnly?: boolean;
}

/**
 * The error a statement of an abandoned scope gets instead of a connection: PostgreSQL's code
 * for a cancelled statement, since that is what it is (cancelled before it started).
 */
export class StatementAbandoned extends Error {
  readonly code = '57014';
  constructor() {
    super('canceling statement due to user request: the client went away before it started');
  }
}

export interface QueryTracker {
  /** Runs `work` (and everything it starts) in a scope of its own. */
  run<T>(scope: QueryScope, work: () => T): T;
  /**
   * Cancels the statements running on the scope's connections (a cancel request) and marks the
   * scope abandoned, so that none of its statements starts afterwards.
   */
  cancel(scope: QueryScope): Promise<void>;
}

/**
 * What the work running now tells the database wrapper, in one AsyncLocalStorage (each instance
 * adds its own copy to every promise the process makes: one instead of three saved about 4 % of a
 * cheap request's server time, docs/benchmarks.md):
 * - `scope`, `owner`: the request's QueryScope and the pool whose tracker opened it
 *   (trackQueries; another pool's statements are not its to cancel);
 * - `reading`: the work only reads, whatever the request (asRead);
 * - `checkout`: told the connection a transaction checks out (retryDeadConnections).
 */
interface DbContext {
  scope?: QueryScope;
  owner?: pg.Pool;
  reading?: true;
  checkout?: (client: pg.PoolClient) => void;
}
const context = new AsyncLocalStorage<DbContext>();

/** Runs `work` with `change` on top of the context it is called in. */
const within = <T>(change: DbContext, work: () => T): T =>
  context.run({ ...context.getStore(), ...change }, work);

/**
 * Runs work that only reads (the user behind a token, on every request): a statement of it
 * outside a transaction that met a dead pooled connection is sent again on another one, as a
 * GET's are (decision 0070).
 */
export const asRead = <T>(work: () => Promise<T>): Promise<T> => within({ reading: true }, work);

/** Errors of a pool.connect that failed: no statement of the caller reached the server. */
const connectFailures = new WeakSet<object>();

/**
 * Remembers which pooled connection each scope has checked out: the scope is read when the
 * connection is asked for (the caller's context), not when it is handed over (possibly from the
 * context of whoever released it). Cancelling goes through a connection outside the pool.
 *
 * A cancel request stops whatever its backend runs when the request arrives, and it arrives a
 * few milliseconds after the scope's connections were picked: by then a connection may have been
 * released and be serving another request, whose statement the cancel would stop. So a
 * connection picked for cancelling never goes back to the pool: it is closed when released, and
 * the cancel can only ever reach work of the scope that was abandoned.
 */
function trackQueries(
  pool: pg.Pool,
  url: string,
): { tracker: QueryTracker; current: () => QueryScope | undefined } {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const doomed = new WeakSet<pg.PoolClient>();
  const current = (): QueryScope | undefined => {
    const store = context.getStore();
    return store?.owner === pool ? store.scope : undefined;
  };
  const tracked = async (): Promise<pg.PoolClient> => {
    const scope = current();
    // a request whose client left while it waited for a connection (behind a burst of others)
    // runs nothing: its answer has nowhere to go, and the connection is for those still waiting
    if (scope?.abandoned) throw new StatementAbandoned();
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (error) {
      // nothing was sent: whatever asked for the connection may ask again
      if (error && typeof error === 'object') connectFailures.add(error);
      throw error;
    }
    context.getStore()?.checkout?.(client);
    if (scope?.abandoned) {
      client.release();
      throw new StatementAbandoned();
    }
    if (scope) {
      scope.clients.add(client);
      const release = client.release;
      client.release = (err?: Error | boolean) => {
        scope.clients.delete(client);
        client.release = release;
        // a truthy argument makes the pool close the connection instead of reusing it
        return release(doomed.has(client) ? true : err);
      };
    }
    return client;
  };
  (pool as unknown as { connect: unknown }).connect = (
    callback?: (err: Error | undefined, c?: pg.PoolClient, done?: () => void) => void,
  ) => {
    if (!callback) return tracked();
    tracked().then(
      (c) => callback(undefined, c, (err?: Error | boolean) => c.release(err)),
      (err: Error) => callback(err),
    );
    return undefined;
  };
  return {
    current,
    tracker: {
      run: (scope, work) => within({ scope, owner: pool }, work),
      cancel: async (scope) => {
        scope.abandoned = true;
        for (const client of scope.clients) doomed.add(client);
        await Promise.all([...scope.clients].map((c) => sendCancelRequest(url, c)));
      },
    },
  };
}

/**
 * PostgreSQL's cancel request (the protocol's CancelRequest, on a connection of its own) for
 * whatever `client`'s backend runs now. Unlike pg_cancel_backend(pid), it also works through a
 * pooler in transaction mode: PgBouncer forwards it to the server connection that client is
 * linked to, and drops it when the client is linked to none (decision 0087).
 */
function sendCancelRequest(url: string, client: pg.PoolClient): Promise<void> {
  const { processID, secretKey } = client as unknown as {
    processID: number | null;
    secretKey: number | null;
  };
  if (processID === null || secretKey === null) return Promise.resolve();
  const { host, port } = new pg.Client({ connectionString: url }) as unknown as {
    host: string;
    port: number;
  };
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(80877102, 4);
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  return new Promise((resolve) => {
    const socket = host.startsWith('/') ? connect(`${host}/.s.PGSQL.${port}`) : connect(port, host);
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy());
    // the server closes the connection once it has handled the request, and the client waits for
    // that (as libpq does): PgBouncer 1.18 ends its whole process when a cancel's client closes
    // first while the cancel is still being forwarded (pgbouncer/pgbouncer issue 801, "bad client
    // state: 0"), which src/server/scale-out.test.ts's cancelled requests met
    socket.once('connect', () => socket.write(packet));
    socket.once('close', () => resolve());
    socket.once('error', () => resolve());
  });
}

export interface PostgresOptions {
  searchPath?: string;
  /** Connections in the pool (PG_POOL_SIZE). */
  max?: number;
  /** Longest a statement may run before PostgreSQL stops it (PG_STATEMENT_TIMEOUT_MS); 0: no limit. */
  statementTimeoutMs?: number;
  /** Longest a new connection may take to be ready (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * DATABASE_POOL_MODE. `transaction` (PgBouncer in transaction mode): statements go unnamed and
   * no startup parameter is sent (the pooler sets statement_timeout: docs/scaling.md); LISTEN,
   * the health check's database ping and the migration lock use `sessionUrl`.
   */
  poolMode?: 'session' | 'transaction';
  /** DATABASE_SESSION_URL: a connection that keeps session state; default `url`. */
  sessionUrl?: string;
}

/**
 * A database host that drops packets (rather than refusing) would hold a new connection for the
 * operating system's TCP timeout, minutes; past this it fails as a connection error (503).
 */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * node-postgres's Client with a connect timeout of its own. (The pool's `connectionTimeoutMillis`
 * would also bound the wait for a free pooled connection, which a burst of requests may need.)
 */
function clientWithConnectTimeout(timeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({
        ...(typeof config === 'string' ? { connectionString: config } : config),
        connectionTimeoutMillis: timeoutMs,
      });
    }
  };
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const transactionMode = options.poolMode === 'transaction';
  if (transactionMode && options.searchPath)
    throw new Error('a search path is a startup parameter, which a pooler in transaction mode does not pass');
  const sessionUrl = options.sessionUrl ?? url;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
    ...(options.statementTimeoutMs && !transactionMode
      ? { statement_timeout: options.statementTimeoutMs }
      : {}),
    Client: clientWithConnectTimeout(options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS),
  });
  // a named statement lives in one server connection, which a transaction pooler does not keep
  // for a client (PgBouncer before 1.21 cannot follow them at all): unnamed there
  if (!transactionMode) pool.on('connect', nameMarkedStatements);
  // An idle pooled connection that PostgreSQL ends (a restart, pg_terminate_backend, a dropped
  // database) is reported here; without a listener the pool's 'error' event would end the
  // process. The pool has already discarded that connection; the next query opens another.
  pool.on('error', () => {});
  // A connection that dies while checked out (PostgreSQL stopped in the middle of a request's
  // transaction) reports it as an 'error' event on its client, which the pool listens to only
  // while the client is idle: with no listener of its own the event would end the process. Its
  // statements fail by themselves (503, a connection error), and the pool drops it when released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const { tracker, current } = trackQueries(pool, url);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  installSqlCompiler(db);
  retryDeadConnections(pool, db, current);
  // the health check's own connection: a pool busy with reports does not make the database
  // look unreachable, and an unreachable one answers within the timeout
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const pinger = pingerOf(sessionUrl, connectTimeoutMs);
  const poolerPinger = transactionMode ? pingerOf(url, connectTimeoutMs) : undefined;
  // notification channels are named after the first schema of the path (see ./listen.ts)
  const schemaName = (options.searchPath ?? 'public').split(',')[0]!.trim();
  const listener = postgresListen(sessionUrl, schemaName);
  return {
    db,
    kind: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    listen: listener.listen,
    queries: tracker,
    ping: pinger.ping,
    ...(poolerPinger ? { pingPooler: poolerPinger.ping } : {}),
    alone: (work) => alone(sessionUrl, connectTimeoutMs, work),
    pool: () => ({
      driver: 'postgres',
      max: pool.options.max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await listener.close();
      await pinger.end();
      await poolerPinger?.end();
      await pool.end();
    },
  };
}

/**
 * `select 1` on connections of its own (not the pool's, which a burst of work may hold), failing
 * after the timeout it is given: GET /api/health.
 */
function pingerOf(url: string, connectTimeoutMs: number) {
  const pinger = new pg.Pool({
    connectionString: url,
    max: 2,
    idleTimeoutMillis: 30_000,
    Client: clientWithConnectTimeout(connectTimeoutMs),
  });
  pinger.on('error', () => {});
  return {
    ping: async (timeoutMs: number) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Connection timeout: no answer to select 1')), timeoutMs);
      });
      try {
        await Promise.race([
          pinger.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    end: () => pinger.end(),
  };
}

/** The key of the session advisory lock the servers of one database migrate under. */
export const MIGRATION_LOCK_KEY = 0x4b50_4d47; // 'KPMG'

/**
 * Runs `work` while a connection of its own holds MIGRATION_LOCK_KEY: servers started together
 * on one database migrate one after the other, each seeing what the one before applied.
 */
async function alone<T>(url: string, connectTimeoutMs: number, work: () => Promise<T>): Promise<T> {
  const Client = clientWithConnectTimeout(connectTimeoutMs);
  const holder = new Client({ connectionString: url });
  holder.on('error', () => {});
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    // ending the session releases the lock, whatever happened to the work
    await holder.end().catch(() => undefined);
  }
}

/**
 * A pooled connection can be dead without the pool knowing yet (the database restarted, a
 * network device dropped it): its next statement fails although the database is back. Such a
 * failure is retried once, on another connection, where that cannot run anything twice
 * (decision 0070):
 * - a transaction whose connect or `begin` failed (none of its work ran) is started again;
 * - a statement outside a transaction is sent again when its connect failed, or when the
 *   request only reads (QueryScope.readOnly, a GET) or the statement is read through asRead.
 * A second failure is the caller's (the request answers 503). Drizzle does not release the
 * connection when `begin` fails; that is done here, so that a dead one leaves the pool.
 */
function retryDeadConnections(pool: pg.Pool, db: Db, current: () => QueryScope | undefined): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return query(...args);
    const scope = current();
    return query(...args).catch((error: unknown) => {
      if (isConnectionError(error)) dropIdleConnections(pool);
      const retry =
        isConnectionError(error) &&
        !scope?.abandoned &&
        ((!!error && typeof error === 'object' && connectFailures.has(error)) ||
          scope?.readOnly ||
          context.getStore()?.reading);
      if (!retry) throw error;
      return query(...args);
    });
  };

  const transaction = db.transaction.bind(db);
  const attempt = async <T>(work: (tx: Tx) => Promise<T>, config: unknown) => {
    let client: pg.PoolClient | undefined;
    let began = false;
    try {
      const result = await within(
        {
          checkout: (c) => {
            client ??= c;
          },
        },
        () =>
          transaction(
            (tx) => {
              began = true;
              return work(tx);
            },
            config as Parameters<Db['transaction']>[1],
          ),
      );
      return { result };
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      dropIdleConnections(pool);
      if (began) throw error;
      // `begin` failed (or the connect did): drizzle left the connection checked out
      (client as pg.PoolClient | undefined)?.release(error as Error);
      return { error };
    }
  };
  (db as unknown as { transaction: unknown }).transaction = async <T>(
    work: (tx: Tx) => Promise<T>,
    config?: unknown,
  ): Promise<T> => {
    const first = await attempt(work, config);
    if (!('error' in first)) return first.result;
    if (current()?.abandoned) throw first.error;
    const second = await attempt(work, config);
    if ('error' in second) throw second.error;
    return second.result;
  };
}

/**
 * Closes the pool's idle connections. One pooled connection found dead means the others that
 * sat idle through the same event (a restart, a network cut) are most likely dead too: a retry
 * must not be handed one of them, and the next requests should not each find one. The cost
 * when they were alive is a few new connections. (pg-pool has no public call for this; its
 * `_idle` list and `_remove` have been stable across its versions, and without them this does
 * nothing.)
 */
function dropIdleConnections(pool: pg.Pool): void {
  const internals = pool as unknown as {
    _idle?: Array<{ client: pg.PoolClient }>;
    _remove?: (client: pg.PoolClient, callback?: () => void) => void;
    _pulseQueue?: () => void;
  };
  if (!Array.isArray(internals._idle) || typeof internals._remove !== 'function') return;
  for (const { client } of [...internals._idle]) {
    internals._remove.call(pool, client, internals._pulseQueue?.bind(pool));
  }
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
  poolSize?: number;
  statementTimeoutMs?: number;
  poolMode?: 'session' | 'transaction';
  sessionUrl?: string;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, {
        max: config.poolSize,
        statementTimeoutMs: config.statementTimeoutMs,
        poolMode: config.poolMode,
        sessionUrl: config.sessionUrl,
      })
    : openPglite(join(config.dataDir, 'pgdata'));
}
