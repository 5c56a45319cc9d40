import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { isoTimestamp } from '#server/db/sql-helpers';
import { AUDIT_COUNT_CAP, type AuditEntry } from '#shared/contract/audit-log';
import { type AuditSubjectInput, describeAuditRow } from './audit-subjects';

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

/** Tables whose rows name a product by product_id: its name is looked up with the page. */
const PRODUCT_ROWS = [
  'stock_movements',
  'order_items',
  'order_item_returns',
  'inventory_alert_dismissals',
  'item_confirmations',
  'item_failures',
];

/**
 * A page, newest first (audit_log_performed_at_idx and the per-table/operation/actor indexes),
 * each row with what it changed named as people name it and the screen that shows it
 * (audit-subjects.ts): the names its values do not carry (a movement's product, a store's city)
 * are joined in the same statement, over the page's rows only.
 */
type PageRow = Omit<AuditEntry, 'subject' | 'link'> & AuditSubjectInput & Record<string, unknown>;

export async function auditPage(
  db: Executor,
  f: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditEntry[]> {
  const res = await db.execute<PageRow>(
    sql`select a.audit_id::int as audit_id, a.operation, a.table_name, ${isoTimestamp('a.performed_at')} as performed_at,
          a.performed_by, u.user_name as actor_name, a.row_key,
          a.old_row as old_values, a.new_row as new_values,
          p.name as ref_product, c1.name as ref_city, c2.name as ref_city_to
        from (select a.*, coalesce(a.new_row, a.old_row) as r from audit_log a where ${whereOf(f)}
              order by a.performed_at desc, a.audit_id desc limit ${limit} offset ${offset}) a
        left join users u on u.user_id = a.performed_by
        left join products p
          on a.table_name in (${sql.join(
            PRODUCT_ROWS.map((t) => sql`${t}`),
            sql`, `,
          )}) and p.product_id = (a.r ->> 'product_id')::int
        left join cities c1
          on (a.table_name = 'stores' and c1.city_id = (a.r ->> 'city_id')::int)
          or (a.table_name = 'train_trips' and c1.city_id = (a.r ->> 'departure_city_id')::int)
        left join cities c2 on a.table_name = 'train_trips' and c2.city_id = (a.r ->> 'arrival_city_id')::int
        order by a.performed_at desc, a.audit_id desc`,
  );
  // field by field: an object rest over the row went through V8's slow copy (orders.queries.ts's
  // withProgress says what it cost)
  return res.rows.map((r): AuditEntry => {
    const { subject, link } = describeAuditRow(r);
    return {
      audit_id: r.audit_id,
      operation: r.operation,
      table_name: r.table_name,
      performed_at: r.performed_at,
      performed_by: r.performed_by,
      actor_name: r.actor_name,
      row_key: r.row_key,
      old_values: r.old_values,
      new_values: r.new_values,
      subject,
      link,
    };
  });
}

/** The number of matching rows, counted up to AUDIT_COUNT_CAP + 1 (the log grows without end). */
export async function auditCount(db: Executor, f: AuditFilter) {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from audit_log a where ${whereOf(f)} limit ${AUDIT_COUNT_CAP + 1}) x`,
  );
  const n = res.rows[0]?.n ?? 0;
  return { total: Math.min(n, AUDIT_COUNT_CAP), exact: n <= AUDIT_COUNT_CAP };
}
