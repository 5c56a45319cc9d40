import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import { AUDIT_COUNT_CAP, type AuditEntry } from '#shared/contract/audit-log';

export interface AuditFilter {
  operation?: 'INSERT' | 'UPDATE' | 'DELETE';
  table?: string;
  actor?: number;
  /** Half-open instants [from, before). */
  from?: Date;
  before?: Date;
  q?: string;
}

function whereOf(f: AuditFilter): SQL {
  const c: SQL[] = [sql`true`];
  if (f.operation) c.push(sql`a.operation = ${f.operation}`);
  if (f.table) c.push(sql`a.table_name = ${f.table}`);
  if (f.actor) c.push(sql`a.performed_by = ${f.actor}`);
  if (f.from) c.push(sql`a.performed_at >= ${f.from.toISOString()}`);
  if (f.before) c.push(sql`a.performed_at < ${f.before.toISOString()}`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    c.push(sql`(a.table_name ilike ${like} or a.operation ilike ${like})`);
  }
  return sql.join(c, sql` and `);
}

/** A page, newest first (audit_log_performed_at_idx and the per-table/operation/actor indexes). */
export async function auditPage(db: Executor, f: AuditFilter, limit: number, offset: number) {
  const res = await db.execute<AuditEntry>(
    sql`select a.audit_id::int as audit_id, a.operation, a.table_name, ${isoTimestamp('a.performed_at')} as performed_at,
          a.performed_by, u.user_name as actor_name, a.row_key,
          a.old_row as old_values, a.new_row as new_values
        from (select * from audit_log a where ${whereOf(f)}
              order by a.performed_at desc, a.audit_id desc limit ${limit} offset ${offset}) a
        left join users u on u.user_id = a.performed_by
        order by a.performed_at desc, a.audit_id desc`,
  );
  return res.rows;
}

/** The number of matching rows, counted up to AUDIT_COUNT_CAP + 1 (the log grows without end). */
export async function auditCount(db: Executor, f: AuditFilter) {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from audit_log a where ${whereOf(f)} limit ${AUDIT_COUNT_CAP + 1}) x`,
  );
  const n = res.rows[0]?.n ?? 0;
  return { total: Math.min(n, AUDIT_COUNT_CAP), exact: n <= AUDIT_COUNT_CAP };
}
