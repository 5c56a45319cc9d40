import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';

/** Where a report reads, and how far behind the primary that may be when it starts reading. */
export interface ReportSource {
  db: Db;
  source: 'primary' | 'replica';
  /**
   * The most the data read may be behind the primary, in milliseconds, measured just before the
   * report's statements start: 0 when the replica had replayed everything the primary had
   * written, else the age of the last transaction it replayed. Always 0 for the primary.
   */
  lagMs: number;
}

/** The replica as GET /api/health states it. */
export type ReplicaState =
  | { state: 'ok'; lagMs: number }
  /** Further behind than the reports allow; lagMs null: it has replayed nothing yet, so no bound. */
  | { state: 'behind'; lagMs: number | null }
  | { state: 'unreachable' };

export interface ReportReads {
  /** Measures the replica's lag now and picks where the next report reads. */
  choose(): Promise<ReportSource>;
  /** The replica's state now, for GET /api/health. */
  state(): Promise<ReplicaState>;
  /** The lag measured last (milliseconds; undefined before the first or after a failure): GET /api/metrics. */
  lastLagMs(): number | undefined;
}

type Measured = { caughtUp: boolean | null; lagMs: number | null; standby: boolean };

/**
 * Reports from a streaming replica (REPORTS_DATABASE_URL; docs/scaling.md, decision 0087). Before
 * each report the primary's WAL position is read, then the replica's replay position and the
 * commit time of the last transaction it replayed: a replica that has replayed up to the primary's
 * position holds everything committed before the report began (lag 0); one that has not holds
 * everything committed up to that commit time, so the report is at most `now - that time` behind.
 * The report reads the replica when that bound is at most `maxLagMs`, else the primary, and the
 * answer states which and the bound (report-route.ts: X-Data-Source, X-Data-Lag-Ms). A replica
 * that does not answer sends the reports to the primary.
 */
export function reportReads(primary: Db, replica: Database, maxLagMs: number): ReportReads {
  let last: number | undefined;
  const measure = async (): Promise<Measured> => {
    const position = await primary.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
    const lsn = position.rows[0]!.lsn;
    const { rows } = await replica.db.execute<{
      caught_up: boolean | null;
      lag_ms: number | null;
      standby: boolean;
    }>(sql`select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as caught_up,
                  (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as lag_ms,
                  pg_is_in_recovery() as standby`);
    const row = rows[0]!;
    return {
      caughtUp: row.caught_up,
      lagMs: row.lag_ms === null ? null : Number(row.lag_ms),
      standby: row.standby,
    };
  };
  /** The bound on how far behind the replica is; undefined when it cannot be told. */
  const lagOf = (m: Measured): number | undefined => {
    // not in recovery: the database itself (a promoted replica, or the primary named twice)
    if (!m.standby || m.caughtUp) return 0;
    return m.lagMs === null ? undefined : Math.max(0, Math.ceil(m.lagMs));
  };
  const read = async (): Promise<number | undefined> => {
    try {
      const lag = lagOf(await measure());
      last = lag;
      return lag;
    } catch {
      last = undefined;
      throw new ReplicaUnreachable();
    }
  };
  return {
    choose: async () => {
      const lag = await read().catch(() => undefined);
      if (lag === undefined || lag > maxLagMs) return { db: primary, source: 'primary', lagMs: 0 };
      return { db: replica.db, source: 'replica', lagMs: lag };
    },
    state: async () => {
      try {
        const lag = await read();
        if (lag === undefined) return { state: 'behind', lagMs: null };
        return lag > maxLagMs ? { state: 'behind', lagMs: lag } : { state: 'ok', lagMs: lag };
      } catch {
        return { state: 'unreachable' };
      }
    },
    lastLagMs: () => last,
  };
}

class ReplicaUnreachable extends Error {}
