// `npm run seed`: migrates the configured database and loads the demo business into it when it
// is empty. It never deletes anything: a database that already has users is left alone.
//
//   DATABASE_URL=postgres://... JWT_SECRET=... npm run seed   PostgreSQL
//   DATA_DIR=./data npm run seed                              embedded PGlite (default ./data)
//   npm run seed -- --scale 1000000                           the demo data plus a million orders
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { type Database, openDatabase } from './client';
import { migrate } from './migrate';
import { type ScaleProgress, seedScale } from './scale-seed';
import { hasAnyUser, seedDemoData } from './seed';

const USAGE = `Usage: npm run seed [-- --force] [-- --scale N]

Loads the KandyPack demo data (users admin, manager, warehouse, driver, assistant and customer,
password "demo-password") into an empty database. Uses DATABASE_URL when set, else the embedded
database in DATA_DIR. A database that already has users is not touched.

--scale N adds N orders over the last three years (with their customers, items, trains,
deliveries, crews, stock ledger and audit rows) to the demo data, for benchmarks; logins
bigcustomer1..3 (password "demo-password") own 4 % of the orders each.`;

function parseScale(args: string[]): { scale: number | null; rest: string[] } {
  const i = args.indexOf('--scale');
  if (i < 0) return { scale: null, rest: args };
  const value = Number(String(args[i + 1] ?? '').replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 100 || value > 20_000_000) {
    throw new Error('--scale needs a whole number of orders from 100 to 20000000');
  }
  return { scale: value, rest: args.filter((_, k) => k !== i && k !== i + 1) };
}

function progressLine(p: ScaleProgress): string {
  const width = 30;
  const filled = Math.round((p.done / p.total) * width);
  const secs = p.elapsedMs / 1000;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round((p.done / p.total) * 100)).padStart(3)}%  ${secs.toFixed(1).padStart(6)} s  ${p.step} (+${p.rows.toLocaleString('en-US')} rows)`;
}

async function runScale(database: Database, where: string, orders: number): Promise<number> {
  if (!(await hasAnyUser(database.db))) {
    const demo = await seedDemoData(database.db);
    console.log(`Seeded the demo data into the ${where} in ${demo.tookMs} ms.`);
  }
  const already = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from customers where email like 'scale%@customers.kandypack.lk'`,
  );
  if ((already.rows[0]?.n ?? 0) > 0) {
    console.error('Refusing to scale: this database already holds scale data. Use an empty database.');
    return 1;
  }
  const tty = process.stdout.isTTY;
  const summary = await seedScale(database.db, orders, {
    onProgress: (p) => {
      if (tty) process.stdout.write(`\r${progressLine(p)}\x1b[K`);
      else console.log(progressLine(p));
    },
  });
  if (tty) process.stdout.write('\n');
  const analyzeStarted = performance.now();
  // the visibility map lets the list queries answer from their indexes alone
  await database.exec(database.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
  const secs = (summary.tookMs + performance.now() - analyzeStarted) / 1000;
  console.log(
    `Added ${orders.toLocaleString('en-US')} orders to the ${where} in ${secs.toFixed(1)} s ` +
      `(${Math.round(orders / secs).toLocaleString('en-US')} orders/s, vacuum/analyze ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s):`,
  );
  for (const [table, rows] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(22)} ${rows}`);
  console.log(`Logins (password "demo-password"): ${summary.logins.join(', ')} and the demo accounts`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const { scale, rest } = parseScale(args);
  const unknown = rest.filter((a) => a !== '--force');
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const force = args.includes('--force');
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  // PG_STATEMENT_TIMEOUT_MS bounds requests; a seed's VACUUM ANALYZE of a million orders is no
  // request (it took 10 s and more on a busy machine and was cancelled after the data was in)
  const database: Database = await openDatabase({ ...config, statementTimeoutMs: 0 });
  try {
    const applied = await migrate(database);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
    if (scale !== null) return await runScale(database, where, scale);
    if (await hasAnyUser(database.db)) {
      if (force) {
        console.error(
          `Refusing to seed: the ${where} already has data, and --force never deletes data. ` +
            'Point DATA_DIR or DATABASE_URL at an empty database to load the demo data.',
        );
        return 1;
      }
      console.log('Database already has data; nothing seeded.');
      return 0;
    }
    const summary = await seedDemoData(database.db);
    console.log(`Seeded the demo data into the ${where} in ${summary.tookMs} ms:`);
    for (const [table, rows] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(22)} ${rows}`);
    console.log(
      `Logins (password "${summary.demoPassword}"): ${summary.demoUsers
        .map((u) => `${u.username} (${u.roleName})`)
        .join(', ')}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}${cause}`);
    process.exitCode = 1;
  },
);
