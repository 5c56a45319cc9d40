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
 * Global search's passes (docs/decisions/0046): large statements (a kind's lookup each) whose
 * text follows the query's shape (how many words, how many corrections, the limit). Their plans
 * are 1-1.5 MB each in a backend, so they have a budget of their own (MAX_PREPARED_SEARCH), and
 * no burst of odd-shaped searches takes the names of the other hot statements.
 */
export const PREPARED_SEARCH_MARK = '/* prepared: search */ ';
export const preparedSearch = (query: SQL): SQL => sql`${sql.raw(PREPARED_SEARCH_MARK)}${query}`;

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
/** The most distinct search texts a process prepares (see PREPARED_SEARCH_MARK). */
export const MAX_PREPARED_SEARCH = 32;

const budgets = [
  { mark: PREPARED_MARK, max: MAX_PREPARED, names: new Map<string, string>() },
  { mark: PREPARED_SEARCH_MARK, max: MAX_PREPARED_SEARCH, names: new Map<string, string>() },
];

/** The statement name of a marked text (the same text, the same name), or undefined. */
export function preparedName(text: string): string | undefined {
  const budget = budgets.find((b) => text.startsWith(b.mark));
  if (!budget) return undefined;
  let name = budget.names.get(text);
  if (name === undefined) {
    if (budget.names.size >= budget.max) return undefined;
    name = `kp_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    budget.names.set(text, name);
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
