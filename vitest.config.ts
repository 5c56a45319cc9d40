import { configDefaults, defineConfig } from 'vitest/config';
import { catalogues } from './vite.config';

// The integration suite runs on embedded PGlite always, and again on PostgreSQL when
// TEST_DATABASE_URL names a server (CI sets it; see .ci/run).
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  // the web's message catalogues (virtual:catalogue/…): English's landing part is imported by the
  // entry itself (src/web/i18n/runtime.ts), so any test that loads the i18n runtime needs it
  plugins: [catalogues()],
  test: {
    pool: 'forks',
    maxWorkers: 2,
    // A worker process runs test file after test file with the modules it already loaded (the
    // app, PGlite, zod schemas): about 3 s of CPU less per file. Every file still builds its own
    // app on its own database; module-level state is per app, not per process (decision 0079).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit+pglite',
          include: ['src/**/*.test.ts'],
          // compares docs/schema.sql with pg_dump of a PostgreSQL database: run by the postgres project
          exclude: [...configDefaults.exclude, 'src/server/db/schema-file.test.ts'],
          env: { TEST_DB: 'pglite' },
          // one migrated embedded database per run, copied by every test file (decision 0079)
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['src/server/**/*.test.ts'],
                // brings its own PostgreSQL cluster (initdb, pg_ctl): run once, in the first project
                exclude: [
                  ...configDefaults.exclude,
                  'src/server/db/database-outage.test.ts',
                  // brings its own clusters, PgBouncer and server processes (docs/scaling.md)
                  'src/server/scale-out.test.ts',
                  // starts the server on the embedded database: once is enough
                  'src/server/db/migration-start.test.ts',
                ],
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
    ],
  },
});
