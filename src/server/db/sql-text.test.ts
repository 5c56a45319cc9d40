import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { literalCount, prepared } from './prepared';
import { orders } from './schema';
import { compileSql, installSqlCompiler } from './sql-text';

const drizzle = new PgDialect();
const drizzles = (query: SQL) => {
  const { sql: text, params } = drizzle.sqlToQuery(query);
  return { sql: text, params };
};

// Statements of plain text, nested templates and plain values: compileSql writes exactly what
// drizzle writes. Anything else: null (drizzle writes it).
describe('compileSql', () => {
  const words = ['golden', 'tradres'];
  const cases: Array<[string, SQL]> = [
    ['empty', sql``],
    ['text only', sql`select 1`],
    ['a raw piece', sql.raw('select 2')],
    [
      'values of every plain kind',
      // a Date too: the search's lookup of deliveries around now carries one (decision 0091)
      sql`select ${'a'}, ${1}, ${2.5}, ${true}, ${null}, ${10n}, ${''}, ${0}, ${false}, ${new Date(0)}`,
    ],
    [
      'nested and joined, separators and empty pieces',
      sql`select * from t where ${sql.join(
        words.map((w, i) => sql`(doc like ${`%${w}%`} or n = ${i})`),
        sql` and `,
      )} ${sql``} order by ${sql.raw('x')} limit ${literalCount(10)}`,
    ],
    ['prepared mark', prepared(sql`select ${1} as a, ${sql`${'b'}`} as b`)],
    ['deep nesting', words.reduce<SQL>((q, w) => sql`(${q} || ${w})`, sql`${'start'}`)],
    ['a joined list with no separator', sql.join([sql`a`, sql`${1}`, sql`b`])],
    ['undefined pieces', sql.fromList([sql`a`, undefined, sql`b`])],
  ];
  for (const [name, query] of cases) {
    it(`writes what drizzle writes: ${name}`, () => {
      expect(compileSql(query)).toEqual(drizzles(query));
    });
  }

  it('writes what drizzle writes for a statement composed as global search composes one', () => {
    // each kind's lookup: its words OR-ed as LIKEs, a weight per correction, gathered in one statement
    const doc = sql.raw('search_fold(c.name)');
    const alternatives = [
      [
        { word: 'golden', sim: 1 },
        { word: 'goldn', sim: 0.5 },
      ],
      [{ word: 'traders', sim: 0.45 }],
    ];
    const kind = (table: string) =>
      sql`select json_agg(x) from (select id, ${sql.join(
        alternatives.map(
          (alt) =>
            sql`(case ${sql.join(
              alt.map((a) => sql`when ${doc} like ${`%${a.word}%`} then ${a.sim}::float8`),
              sql` `,
            )} else 0 end)`,
        ),
        sql` + `,
      )} as score from ${sql.raw(table)} where ${sql.join(
        alternatives.map(
          (alt) =>
            sql`(${sql.join(
              alt.map((a) => sql`${doc} like ${`%${a.word}%`}`),
              sql` or `,
            )})`,
        ),
        sql` and `,
      )} limit ${literalCount(200)}) x`;
    const query = prepared(sql`select (${kind('customers')}) as customers, (${kind('trucks')}) as trucks`);
    const written = compileSql(query);
    expect(written).toEqual(drizzles(query));
    // per kind: a pattern and a weight per alternative (3), a pattern per alternative in the WHERE
    expect(written!.params).toHaveLength(2 * (3 * 2 + 3));
  });

  it('leaves to drizzle what it does not write the same way', () => {
    const others: SQL[] = [
      sql`select ${orders.orderId} from ${orders}`,
      sql`select * from ${sql.identifier('orders')}`,
      sql`select ${sql.param(5)}`,
      sql`select ${sql.placeholder('x')}`,
      sql`select ${[1, 2]}`,
      sql`select ${{ a: 1 }}`,
      sql`select ${'a'}`.inlineParams(),
      sql`select ${sql`${'a'}`.inlineParams()}`,
    ];
    for (const query of others) expect(compileSql(query)).toBeNull();
  });

  it("is what the server's databases use, drizzle's walk for the rest", () => {
    const db = { dialect: new PgDialect() };
    installSqlCompiler(db);
    const search = sql`select ${'a'} where ${sql.join([sql`x = ${1}`, sql`y = ${2}`], sql` and `)}`;
    expect(db.dialect.sqlToQuery(search)).toEqual({
      sql: 'select $1 where x = $2 and y = $3',
      params: ['a', 1, 2],
    });
    const withColumn = sql`select ${orders.orderId} where ${orders.status} = ${'Pending'}`;
    expect(db.dialect.sqlToQuery(withColumn)).toEqual(drizzle.sqlToQuery(withColumn));
  });
});
