import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client';

/** How often the order-count deltas are folded into order_counts (decision 0010). */
export const COUNT_COMPACTION_MS = 5_000;

/**
 * Folds the order-count deltas (decision 0010) and the sales rollup deltas (decision 0039) every
 * few seconds, so a total reads a handful of rows. Reads are exact whether or not it has run;
 * several server processes may run it (one at a time wins).
 */
export function startCountCompaction(db: Db, log: FastifyBaseLogger, everyMs = COUNT_COMPACTION_MS) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    db.execute(sql`select compact_order_counts(), compact_sales_rollups()`)
      .catch((err: unknown) => log.warn({ err }, 'order count / sales rollup compaction failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
