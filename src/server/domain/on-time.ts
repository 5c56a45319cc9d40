import { sql } from 'drizzle-orm';

// The on-time rule (docs/product/business-rules.md): an order is on time when it is delivered
// before the end of its requested day in Colombo. Pure: no database, no clock.

/**
 * The instant after which an order delivered is late: the end of its requested day in Colombo
 * (UTC+05:30, no daylight saving), written without time zone names so PGlite needs no tz data.
 */
export const lateAfter = (scheduleDateColumn: string) =>
  sql.raw(`(((${scheduleDateColumn} + 1)::timestamp - interval '330 minutes') at time zone 'UTC')`);

/** Percent of `delivered` that were on time, one decimal; null when nothing was delivered. */
export function onTimeRate(onTime: number, delivered: number): number | null {
  return delivered > 0 ? Math.round((onTime / delivered) * 1000) / 10 : null;
}
