import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throwaway database on the server of `serverUrl` (the tests' TEST_DATABASE_URL): its URL now,
 * `create()` in the test, `drop()` in afterAll (dropped even while connections are open).
 */
export function scratchDatabase(
  prefix: string,
  serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://x/x',
) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const on = (database: string) => {
    const u = new URL(serverUrl);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: on('postgres') });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  return {
    name,
    url: on(name),
    // UTF-8 whatever the server's template1 holds
    create: () => run(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
