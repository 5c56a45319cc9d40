// The SQL an endpoint runs, captured from the endpoint itself as the running server sends it
// (issue 27 part 0): the app is built in-process as src/server/main.ts builds it (the user cache
// and the public figures' cache on, the database opened by openPostgres, whose connections name
// the statements the server prepares), each request is answered once untimed so the caches are
// warm, and the second answer's statements are recorded at the driver (pg.Client.prototype.query):
// their text, values and statement name, and which of them were in flight together. The bench
// replays exactly these (load.ts).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '#server/app';
import { type Db, openPostgres } from '#server/db/client';
import * as schema from '#server/db/schema';

export interface Statement {
  text: string;
  values: unknown[];
  /** The prepared statement's name the server sent it under; none: sent unnamed. */
  name?: string;
  /**
   * Statements of one wave were sent while another of the same answer was still running (the
   * server's Promise.all over pooled connections); waves follow each other.
   */
  wave: number;
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

/** Records what every pg client sends while `recording` is set. */
function recordAtTheDriver() {
  const original = pg.Client.prototype.query as unknown as QueryFn;
  const state = { recording: null as Statement[] | null, inFlight: 0, wave: 0 };
  (pg.Client.prototype as unknown as { query: QueryFn }).query = function (this: pg.Client, ...args) {
    const target = state.recording;
    const [config, values] = args;
    if (!target || (typeof config !== 'string' && typeof (config as { text?: unknown })?.text !== 'string'))
      return original.apply(this, args);
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    const name = typeof config === 'object' ? (config as { name?: string }).name : undefined;
    // drizzle passes { text, rowMode, types } with the values as the second argument
    const vals = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
    if (state.inFlight === 0) state.wave += 1;
    target.push({
      text,
      values: Array.isArray(vals) ? vals : [],
      ...(name ? { name } : {}),
      wave: state.wave,
    });
    state.inFlight += 1;
    const settle = () => {
      state.inFlight -= 1;
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...cbArgs: unknown[]) => {
        settle();
        return (callback as (...a: unknown[]) => unknown)(...cbArgs);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown>;
    result.then(settle, settle);
    return result;
  };
  return {
    state,
    restore: () => {
      (pg.Client.prototype as unknown as { query: QueryFn }).query = original;
    },
  };
}

/**
 * The app as src/server/main.ts builds it (the user cache and the public figures' cache on, the
 * pool of openPostgres): for the capture and for the bench's in-process server.
 */
export async function openServerLikeApp(url: string, pool: number, jwtSecret: string) {
  const database = openPostgres(url, { max: pool });
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    queries: database.queries,
    cacheUsers: true,
    cachePublicFigures: true,
    jwtSecret,
  });
  return { database, app };
}

export async function captureStatements(
  url: string,
  requests: Array<{ path: string; userId: number | null }>,
): Promise<Array<{ status: number; statements: Statement[] }>> {
  const { database, app } = await openServerLikeApp(
    url,
    4,
    'bench-capture-secret-that-is-long-enough-for-hs256',
  );
  await app.ready();
  const recorder = recordAtTheDriver();
  const out: Array<{ status: number; statements: Statement[] }> = [];
  try {
    for (const r of requests) {
      // no token for a public endpoint (userId null)
      const headers =
        r.userId === null ? {} : { authorization: `Bearer ${await app.ctx.tokens.sign(r.userId)}` };
      // the first answer warms what the running server keeps (the user behind the token, the
      // figures, the prepared statements of this connection); the second is what it sends
      await app.inject({ method: 'GET', url: r.path, headers });
      const statements: Statement[] = [];
      recorder.state.recording = statements;
      const res = await app.inject({ method: 'GET', url: r.path, headers });
      recorder.state.recording = null;
      out.push({ status: res.statusCode, statements });
    }
  } finally {
    recorder.restore();
    await app.close();
    await database.close();
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
