import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#server/test/harness';
import * as schema from './schema';

// migrations/*.sql are the source of truth and schema.ts mirrors them for Drizzle: this test
// keeps the two descriptions of every table the same (names, columns, types, nullability).
const database = await openTestDatabase();
afterAll(() => database.close());

/** Drizzle's SQL type written the way PostgreSQL's format_type() writes it. */
function normalise(type: string): string {
  return type
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/\s+/g, '')
    .replace(/^timestamp(\(\d\))?withtimezone$/, 'timestampwithtimezone');
}

const mirrored = (Object.values(schema) as unknown[])
  .filter(
    (value): value is PgTable =>
      typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
  )
  .map((table) => getTableConfig(table));

describe('schema.ts mirrors the migrations', () => {
  it('has every table of the database, and no other', async () => {
    const res = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'
          order by table_name`,
    );
    expect(mirrored.map((t) => t.name).sort()).toEqual(res.rows.map((r) => r.table_name));
  });

  it.each(mirrored.map((t) => [t.name, t] as const))(
    '%s: same columns, types and nullability',
    async (name, config) => {
      const res = await database.db.execute<{ column: string; type: string; not_null: boolean }>(
        sql`select a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
          from pg_attribute a
          where a.attrelid = (quote_ident(current_schema()) || '.' || quote_ident(${name}))::regclass
            and a.attnum > 0 and not a.attisdropped`,
      );
      const inDatabase = res.rows
        .map((r) => `${r.column} ${normalise(r.type)}${r.not_null ? ' not null' : ''}`)
        .sort();
      const inSchema = config.columns
        .map((c) => `${c.name} ${normalise(c.getSQLType())}${c.notNull ? ' not null' : ''}`)
        .sort();
      expect(inSchema).toEqual(inDatabase);
    },
  );
});
