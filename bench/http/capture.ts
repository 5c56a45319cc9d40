// The SQL an endpoint runs, captured from the endpoint itself: the app is built in-process on a
// pool whose connections record every statement (the user check included) while one request of
// the endpoint is answered. The bench replays exactly these statements through `pg`.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/client';
import * as schema from '#server/db/schema';

export interface Statement {
  text: string;
  values: unknown[];
}

export async function captureStatements(
  url: string,
  requests: Array<{ path: string; userId: number | null }>,
): Promise<Array<{ status: number; statements: Statement[] }>> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let recording: Statement[] | null = null;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (config: unknown, values?: unknown, cb?: unknown) => {
      if (recording) {
        const text = typeof config === 'string' ? config : (config as { text: string }).text;
        // drizzle passes { text, rowMode, types } with the values as the second argument
        const vals = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
        recording.push({ text, values: Array.isArray(vals) ? vals : [] });
      }
      return query(config, values, cb);
    };
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const app = await buildApp({ db, jwtSecret: 'bench-capture-secret-that-is-long-enough-for-hs256' });
  await app.ready();
  const out: Array<{ status: number; statements: Statement[] }> = [];
  try {
    for (const r of requests) {
      // no token for a public endpoint (userId null)
      const headers =
        r.userId === null ? {} : { authorization: `Bearer ${await app.ctx.tokens.sign(r.userId)}` };
      const statements: Statement[] = [];
      recording = statements;
      const res = await app.inject({ method: 'GET', url: r.path, headers });
      recording = null;
      out.push({ status: res.statusCode, statements });
    }
  } finally {
    await app.close();
    await pool.end();
  }
  return out;
}

/** POSTs each request once through the app (the bench's fixtures, e.g. a planner proposal). */
export async function postFixtures(
  url: string,
  requests: Array<{ path: string; userId: number; body: unknown }>,
): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const app = await buildApp({ db, jwtSecret: 'bench-capture-secret-that-is-long-enough-for-hs256' });
  await app.ready();
  try {
    for (const r of requests) {
      const token = await app.ctx.tokens.sign(r.userId);
      const res = await app.inject({
        method: 'POST',
        url: r.path,
        headers: { authorization: `Bearer ${token}` },
        payload: r.body as Record<string, unknown>,
      });
      if (res.statusCode >= 300) throw new Error(`fixture POST ${r.path}: ${res.statusCode} ${res.body}`);
    }
  } finally {
    await app.close();
    await pool.end();
  }
}
