// `npm run schema`: writes docs/schema.sql, the schema a fresh database has after every migration
// (src/server/db/schema-dump.ts). Needs a PostgreSQL server and pg_dump of its version:
// SCHEMA_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
import { writeFileSync } from 'node:fs';
import { dumpSchema, SCHEMA_FILE } from './schema-dump';

const url =
  process.env.SCHEMA_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
writeFileSync(SCHEMA_FILE, await dumpSchema(url));
console.log(`Wrote ${SCHEMA_FILE}`);
