// How an `sql` template becomes the text and parameters sent to the database. drizzle's own
// walk (`SQL.toQuery`) tests every piece against ten kinds of entity, several of them by walking
// the piece's prototype chain, copies its settings for every nested template and merges a result
// object per piece; for the statements the server composes from many small templates (global
// search: every kind's lookup, each query word and its corrections) that walk was 18 % of the
// server's busy CPU in a profile of the admin's typo search (docs/benchmarks.md, "Where the
// server's time goes"). Most statements hold only text, nested templates and plain values, and
// for them the result is simple: the text in order, each value (a Date too) a `$n` parameter. `compileSql`
// writes that in one pass; anything else (columns, tables, `sql.identifier`, `sql.param`,
// placeholders, arrays, other objects, inlined parameters) leaves the whole statement to drizzle, so the
// answer is drizzle's own in every case (src/server/db/sql-text.test.ts compares them; decision 0091).
import { SQL, StringChunk } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

export interface SqlText {
  sql: string;
  params: unknown[];
}

/** `sql\`...\`.inlineParams()` marks a template (a private field of drizzle's SQL). */
const inlines = (query: SQL) => (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/** A value drizzle sends as it is, a parameter of its own (a Date too: the driver writes it). */
const plain = (value: unknown) =>
  value === null ||
  value instanceof Date ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  typeof value === 'bigint';

/** The text and parameters of `query` as drizzle's PostgreSQL dialect writes them, or null to ask drizzle. */
export function compileSql(query: SQL): SqlText | null {
  if (inlines(query)) return null;
  const params: unknown[] = [];
  let text = '';
  const walk = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) {
        text += chunk.value.length === 1 ? chunk.value[0] : chunk.value.join('');
      } else if (chunk instanceof SQL) {
        if (inlines(chunk) || !walk(chunk.queryChunks)) return false;
      } else if (plain(chunk)) {
        params.push(chunk);
        text += `$${params.length}`;
      } else if (chunk !== undefined) {
        return false;
      }
    }
    return true;
  };
  return walk(query.queryChunks) ? { sql: text, params } : null;
}

/** Makes `db`'s dialect write statements with compileSql where it can (drizzle's walk for the rest). */
export function installSqlCompiler(db: unknown): void {
  const dialect = (db as { dialect: PgDialect }).dialect;
  const drizzles = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (query, invokeSource) => compileSql(query) ?? drizzles(query, invokeSource);
}
