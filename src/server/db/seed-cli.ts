// `npm run seed`: migrates the configured database and loads the demo business into it when it
// is empty. It never deletes anything: a database that already has users is left alone.
//
//   DATABASE_URL=postgres://... JWT_SECRET=... npm run seed   PostgreSQL
//   DATA_DIR=./data npm run seed                              embedded PGlite (default ./data)
import { loadConfig } from '../config';
import { type Database, openDatabase } from './client';
import { migrate } from './migrate';
import { hasAnyUser, seedDemoData } from './seed';

const USAGE = `Usage: npm run seed [-- --force]

Loads the KandyPack demo data (users admin, manager, warehouse, driver, assistant and customer,
password "demo-password") into an empty database. Uses DATABASE_URL when set, else the embedded
database in DATA_DIR. A database that already has users is not touched.`;

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.filter((a) => a !== '--force');
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const force = args.includes('--force');
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  const database: Database = await openDatabase(config);
  try {
    const applied = await migrate(database);
    if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);
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
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
