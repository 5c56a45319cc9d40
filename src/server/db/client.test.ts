import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../http/errors';
import { openPglite, openPostgres } from './client';

const url = process.env.TEST_DATABASE_URL;

// PostgreSQL may end an idle pooled connection at any time (a restart, an administrator, the
// bench smoke test dropping its database WITH (FORCE) while the pool closes): the server keeps
// running and the next query gets a fresh connection.
describe.runIf(process.env.TEST_DB === 'postgres' && !!url)('the PostgreSQL pool', () => {
  it('survives PostgreSQL ending an idle connection', async () => {
    const database = openPostgres(url!, { max: 1 });
    try {
      const first = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      const pid = first.rows[0]!.pid;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      // the idle connection learns of its end (the pool's 'error' event) before the next query
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      expect(next.rows[0]!.pid).not.toBe(pid);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('embedded PGlite in a data directory', () => {
  it('makes a data directory that does not exist yet, parents included', async () => {
    const root = mkdtempSync(join(tmpdir(), 'kp-data-'));
    const dataDir = join(root, 'not', 'yet', 'there');
    try {
      const database = await openPglite(dataDir);
      try {
        const r = await database.db.execute<{ one: number }>(sql`select 1 as one`);
        expect(r.rows[0]!.one).toBe(1);
      } finally {
        await database.close();
      }
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

// A database host that accepts the TCP connection but never answers (a hung server, a
// black-holed network behind a proxy): a new connection gives up after its connect timeout
// with a connection error (the request answers 503, decision 0070) instead of hanging.
describe.runIf(process.env.TEST_DB !== 'postgres')('a PostgreSQL that never answers', () => {
  it('fails the connect after the timeout, as a connection error, twice (the retry) at most', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const database = openPostgres(`postgres://nobody@127.0.0.1:${port}/none`, { connectTimeoutMs: 300 });
    try {
      const error = await database.db.execute(sql`select 1`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isConnectionError(error)).toBe(true);
      // the statement never reached a server: it was tried on a second connection, not more
      expect(sockets.length).toBe(2);
    } finally {
      await database.close();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
