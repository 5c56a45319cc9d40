// Named (prepared) statements for the few hot queries whose plan does not depend on their
// parameters (docs/decisions/0040-...). A query opts in by starting with PREPARED_MARK (through
// `prepared(sql...)`); on PostgreSQL the pool's connections send it under a name derived from its
// text, so each connection parses it once and PostgreSQL may keep its plan (plan_cache_mode auto:
// a generic plan after five executions when it costs no more than the custom ones). On PGlite
// the mark is a comment and nothing else changes.
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';

export const PREPARED_MARK = '/* prepared */ ';

/**
 * Marks a statement to be prepared. Only for statements whose plan is the same whatever the
 * values (checked with force_generic_plan on the scale data) and whose text has few variants:
 * every distinct text becomes one prepared statement on every pooled connection.
 */
export const prepared = (query: SQL): SQL => sql`${sql.raw(PREPARED_MARK)}${query}`;

/**
 * A row count written into a prepared statement's text rather than sent as a parameter: with
 * `limit $n` PostgreSQL's generic plan assumes a tenth of the rows and costs more than the custom
 * plans, so plan_cache_mode auto would plan every execution anyway. Only for counts from a small
 * set (page sizes), each one a statement of its own.
 */
export function literalCount(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

/**
 * The most distinct texts a process prepares (each one on every pooled connection): a marked
 * statement with a new text beyond it goes unnamed, so no caller can grow the backends' memory
 * by varying a page size.
 */
export const MAX_PREPARED = 200;

const names = new Map<string, string>();

/** The statement name of a marked text (the same text, the same name), or undefined. */
export function preparedName(text: string): string | undefined {
  if (!text.startsWith(PREPARED_MARK)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_PREPARED) return undefined;
    name = `kp_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/** Makes a pooled connection send marked statements under their name. */
export function nameMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (config, values, callback) => {
    if (config !== null && typeof config === 'object') {
      const c = config as { text?: unknown; name?: unknown };
      const name = typeof c.text === 'string' && c.name === undefined ? preparedName(c.text) : undefined;
      if (name !== undefined) return query({ ...c, name }, values, callback);
    }
    return query(config, values, callback);
  };
}
