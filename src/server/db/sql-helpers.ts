import { sql } from 'drizzle-orm';

/**
 * A timestamptz column as an ISO-8601 UTC string (2026-03-10T12:00:00Z), the same from both
 * drivers. `column` is a trusted column reference written in code, never user input.
 */
export const isoTimestamp = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
