import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPostgres } from './client';
import { migrate } from './migrate';

const run = promisify(execFile);

/** Where docs/schema.sql is kept, from the repository's root. */
export const SCHEMA_FILE = 'docs/schema.sql';

const HEADER = `-- The whole schema of a fresh KandyPack database after every migration in migrations/:
-- tables, constraints, indexes, functions and triggers, as pg_dump --schema-only prints them.
-- Generated: do not edit. \`npm run schema\` writes it; src/server/db/schema-file.test.ts fails
-- when it is out of date. The migrations are the history, this file is the result.

`;

/**
 * The schema a fresh database has after every migration: a throwaway database on the server of
 * `url` (any database there; the user may create databases), migrated, dumped by pg_dump, dropped.
 * Session settings and the dump's version lines are left out, so the text changes only when the
 * schema does.
 */
export async function dumpSchema(url: string): Promise<string> {
  const name = `kandypack_schema_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = openPostgres(target.toString(), { max: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    const { stdout } = await run(
      'pg_dump',
      ['--schema-only', '--no-owner', '--no-privileges', '--no-tablespaces', '--dbname', target.toString()],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return HEADER + tidy(stdout);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function tidy(dump: string): string {
  const lines = dump
    .split('\n')
    .filter((line) => !/^(SET |SELECT pg_catalog\.set_config|\\restrict|\\unrestrict)/.test(line))
    .filter((line) => !/^-- (Dumped (from|by)|PostgreSQL database dump)/.test(line));
  // the dump's own opening and closing comment blocks are empty once their titles are gone
  const text = lines
    .join('\n')
    .replace(/^(--\n)+/, '')
    .replace(/(\n--)+\s*$/, '');
  return `${text.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}
