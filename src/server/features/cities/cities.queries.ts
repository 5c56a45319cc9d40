import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';

/** The id of a destination city (one with a store; not the Kandy hub) by name, any case. */
export async function findServedCityId(db: Executor, name: string): Promise<number | null> {
  if (!name.trim()) return null;
  const res = await db.execute<{ city_id: number }>(
    sql`select city_id from cities where lower(name) = lower(${name.trim()}) and not is_hub`,
  );
  return res.rows[0]?.city_id ?? null;
}
