import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';

export type ThrottleCount = {
  key: string;
  attempts: number;
  expires_at: string;
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one attempt for each key in one statement: a key past its window starts a new one.
 * Concurrent calls on a key queue on its row lock, so each sees a distinct count.
 */
export async function countAttempts(
  db: Executor,
  keys: ReadonlyArray<{ key: string; windowMs: number }>,
  now: Date,
): Promise<ThrottleCount[]> {
  const rows = sql.join(
    keys.map((k) => sql`(${k.key}, 1, ${at(now)}, ${at(new Date(now.getTime() + k.windowMs))})`),
    sql`, `,
  );
  const res = await db.execute<ThrottleCount>(sql`
    insert into auth_throttle as t (key, attempts, window_start, expires_at) values ${rows}
    on conflict (key) do update set
      attempts = case when t.expires_at <= ${at(now)} then 1 else t.attempts + 1 end,
      window_start = case when t.expires_at <= ${at(now)} then excluded.window_start else t.window_start end,
      expires_at = case when t.expires_at <= ${at(now)} then excluded.expires_at else t.expires_at end
    returning key, attempts, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at`);
  return res.rows;
}

/** Takes one counted attempt back (a successful sign-in does not use up its address's budget). */
export async function uncountAttempt(db: Executor, key: string): Promise<void> {
  await db.execute(
    sql`update auth_throttle set attempts = greatest(attempts - 1, 0) where key = ${key} and attempts > 0`,
  );
}

export async function clearKey(db: Executor, key: string): Promise<void> {
  await db.execute(sql`delete from auth_throttle where key = ${key}`);
}

export async function deleteExpired(db: Executor, now: Date): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`with gone as (delete from auth_throttle where expires_at <= ${at(now)} returning 1)
        select count(*)::int as n from gone`,
  );
  return res.rows[0]?.n ?? 0;
}
