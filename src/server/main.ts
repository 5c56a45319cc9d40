import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, openPostgres } from './db/client';
import { MigrationChangedError, migrate } from './db/migrate';
import { reportReads } from './db/replica';
import { demoSignIn, hasAnyUser, seedDemoData } from './db/seed';
import { moveAttachmentsToFiles } from './features/orders/order-attachments';
import { startCountCompaction } from './features/orders/order-counts';
import { clusterMetricsText, serveClusterMetrics } from './http/metrics-cluster';
import { logDestination, readyLine } from './lib/log-output';
import { startPdfWorkers } from './workers/pdf-pool';

const config = loadConfig();
// readable lines on a terminal, JSON lines otherwise (lib/log-output.ts); the server's own
// messages before the app exists (migrations, demo data) go the same way
const logStream = logDestination();
const log = pino({ level: config.logLevel }, logStream ?? process.stdout);
const announceMigrations = (versions: string[]) =>
  log.info(
    versions.length === 1
      ? `Applying migration ${versions[0]}…`
      : `Applying ${versions.length} migrations (${versions[0]} … ${versions.at(-1)})…`,
  );
/** Migrates, or ends the process with one line naming the migration whose text changed. */
async function migrateOrStop(database: Awaited<ReturnType<typeof openDatabase>>) {
  try {
    await migrate(database, undefined, { onPending: announceMigrations });
  } catch (error) {
    if (!(error instanceof MigrationChangedError)) throw error;
    log.fatal(error.message);
    await database.close();
    process.exit(1);
  }
}
/**
 * Through a pooler in transaction mode the server sends no startup parameter, so its statement
 * timeout is the pooler's to set (docs/scaling.md: connect_query); a different one is said once.
 */
async function warnOnPoolerTimeout(database: Awaited<ReturnType<typeof openDatabase>>) {
  const { rows } = await database.db.execute<{ ms: string }>(
    sql`select (extract(epoch from current_setting('statement_timeout')::interval) * 1000)::bigint::text as ms`,
  );
  const ms = Number(rows[0]?.ms ?? 0);
  if (ms !== config.statementTimeoutMs)
    log.warn(
      `Through the pooler (DATABASE_POOL_MODE=transaction) statements time out after ${ms} ms, not PG_STATEMENT_TIMEOUT_MS=${config.statementTimeoutMs}: set it in the pooler's connect_query (docs/scaling.md)`,
    );
}
// WORKERS server processes share the port (node:cluster); state they share lives in PostgreSQL
// (login throttle, order counts) or is kept per process and dropped through its notifications
// (the user cache). The embedded database belongs to one process: PGlite always runs one.
const workers = config.databaseUrl ? config.workers || availableParallelism() : 1;

if (workers > 1 && cluster.isPrimary) {
  // the primary migrates once, then only keeps the workers running
  const database = await openDatabase(config);
  await migrateOrStop(database);
  const demo = await demoSignIn(database.db);
  await database.close();
  let stopping = false;
  // GET /api/metrics answers for every process (http/metrics-cluster.ts)
  if (config.metricsToken) serveClusterMetrics();
  for (let i = 0; i < workers; i++) cluster.fork({ KP_WORKER_INDEX: String(i) });
  cluster.once('listening', () => log.info(readyLine({ host: config.host, port: config.port, demo })));
  cluster.on('exit', (worker, code) => {
    if (stopping) return;
    console.error(`server process ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork({ KP_WORKER_INDEX: 'replacement' });
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (w) => new Promise((r) => (w?.isDead() ? r(null) : w?.once('exit', r))),
      ),
    ).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else {
  await serve(cluster.isWorker);
}

async function serve(isWorker: boolean) {
  const database = await openDatabase(config);
  if (!isWorker) await migrateOrStop(database);
  if (config.poolMode === 'transaction') await warnOnPoolerTimeout(database);
  // reports read a streaming replica while it is close enough behind (db/replica.ts)
  const replica = config.reportsUrl
    ? openPostgres(config.reportsUrl, { max: config.poolSize, statementTimeoutMs: config.statementTimeoutMs })
    : undefined;

  const logger = { level: config.logLevel, stream: logStream };
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    queries: database.queries,
    pingDatabase: database.ping,
    pingPooler: database.pingPooler,
    reportReads: replica ? reportReads(database.db, replica, config.reportsMaxLagMs) : undefined,
    poolState: database.pool,
    metricsToken: config.metricsToken,
    metricsText: isWorker ? (local) => clusterMetricsText(local.registries()) : undefined,
    cacheUsers: true,
    cachePublicFigures: true,
    sweepNotificationsEveryMs: 60_000,
    jwtSecret: config.jwtSecret,
    tokenTtlMinutes: config.tokenTtlMinutes,
    eventStreamsPerUser: config.eventStreamsPerUser,
    trustProxy: config.trustProxy,
    filesDir: join(config.dataDir, 'attachments'),
    logger,
    webRoot: fileURLToPath(new URL('../../dist/web', import.meta.url)),
  });

  // demo data only on the embedded database's first start; PostgreSQL is seeded by `npm run seed`
  if (database.kind === 'pglite' && !(await hasAnyUser(database.db))) {
    app.log.info('Seeding the demo data…');
    const summary = await seedDemoData(database.db);
    const { orders, customers, products } = summary.counts;
    app.log.info(
      `Demo data seeded in ${Math.round(summary.tookMs / 100) / 10} s (${orders} orders, ${customers} customers, ${products} products)`,
    );
  }

  const stopCompaction = startCountCompaction(database.db, app.log);

  const shutdown = async () => {
    stopCompaction();
    await app.close();
    await replica?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    log.error(
      `Port ${config.port} is already in use: stop what uses it, or start with another PORT (PORT=8001 npm start)`,
    );
    process.exit(1);
  }
  startPdfWorkers();
  if (!isWorker)
    log.info(readyLine({ host: config.host, port: config.port, demo: await demoSignIn(database.db) }));

  // housekeeping in the background (one process): uploads a crash cut short, attachments still
  // in the database
  if (!isWorker || process.env.KP_WORKER_INDEX === '0') {
    void (async () => {
      await app.ctx.files.sweepTemporary(60 * 60 * 1000);
      await moveAttachmentsToFiles(database.db, app.ctx.files, app.log);
    })().catch((err) => app.log.error({ err }, 'attachment housekeeping failed'));
  }
}
