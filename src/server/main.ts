import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { hasAnyUser, seedDemoData } from './db/seed';
import { moveAttachmentsToFiles } from './features/orders/order-attachments';

const config = loadConfig();
const database = await openDatabase(config);
const applied = await migrate(database);

const logger = { level: config.logLevel };
const app = await buildApp({
  db: database.db,
  listen: database.listen,
  jwtSecret: config.jwtSecret,
  tokenTtlMinutes: config.tokenTtlMinutes,
  trustProxy: config.trustProxy,
  filesDir: join(config.dataDir, 'attachments'),
  logger,
  webRoot: fileURLToPath(new URL('../../dist/web', import.meta.url)),
});
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');

// demo data only on the embedded database's first start; PostgreSQL is seeded by `npm run seed`
if (database.kind === 'pglite' && !(await hasAnyUser(database.db))) {
  const summary = await seedDemoData(database.db);
  app.log.info(
    { summary },
    'demo data seeded (accounts admin, manager, warehouse, driver, assistant, customer / demo-password)',
  );
}

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });

// housekeeping in the background: uploads a crash cut short, attachments still in the database
void (async () => {
  await app.ctx.files.sweepTemporary(60 * 60 * 1000);
  await moveAttachmentsToFiles(database.db, app.ctx.files, app.log);
})().catch((err) => app.log.error({ err }, 'attachment housekeeping failed'));
