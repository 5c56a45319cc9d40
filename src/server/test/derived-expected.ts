// What the triggers kept against what a rebuild computes, for the entries of the derived-table
// registry (src/server/db/derived-tables.ts, docs/decisions/0078).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DerivedTable } from '../db/derived-tables';

class Rollback extends Error {
  constructor(readonly found: string[]) {
    super('rolled back');
  }
}

/**
 * Every entry against its rebuild: '' when all are equal, else each differing entry with its
 * differing rows (at most 20 an entry). The entries of one rebuild function are compared in one
 * transaction: their content is copied, the rebuild runs once, each copy is compared with the
 * content after it; then the transaction is rolled back, so a rebuild never hides another
 * entry's difference.
 */
export async function derivedTablesAgainstRebuilds(
  db: Db,
  entries: readonly DerivedTable[],
): Promise<string> {
  const failures: string[] = [];
  for (const rebuild of new Set(entries.map((e) => e.rebuild))) {
    const group = entries.filter((e) => e.rebuild === rebuild);
    try {
      await db.transaction(async (tx) => {
        for (const [i, entry] of group.entries())
          await tx.execute(sql.raw(`create temp table derived_kept_${i} on commit drop as ${entry.content}`));
        await tx.execute(sql.raw(`select ${rebuild}()`));
        const found: string[] = [];
        for (const [i, entry] of group.entries()) {
          const kept = `select * from derived_kept_${i}`;
          const rebuilt = `select * from (${entry.content}) r`;
          const keptOnly =
            entry.compare === 'equal'
              ? `select 'kept, not rebuilt' as side, to_jsonb(k) as row from (${kept} except all ${rebuilt}) k union all `
              : '';
          const res = await tx.execute(
            sql.raw(`${keptOnly}select 'rebuilt, not kept' as side, to_jsonb(b) as row
                       from (${rebuilt} except all ${kept}) b limit 20`),
          );
          if (res.rows.length > 0)
            found.push(
              `${entry.table} differs from ${rebuild}():\n${res.rows.map((d) => `  ${JSON.stringify(d)}`).join('\n')}`,
            );
        }
        throw new Rollback(found);
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      failures.push(...error.found);
    }
  }
  return failures.join('\n');
}
