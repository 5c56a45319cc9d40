import type { AuditEntry } from '#shared/contract/audit-log';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { formatDateTime } from '#web/lib/format';
import { AuditDiff, changedFields } from './audit-diff';

const TONE: Record<AuditEntry['operation'], BadgeTone> = {
  INSERT: 'success',
  UPDATE: 'info',
  DELETE: 'danger',
};
const LABEL: Record<AuditEntry['operation'], string> = {
  INSERT: 'Create',
  UPDATE: 'Update',
  DELETE: 'Delete',
};

/** Audit entries, newest first; each opens to its before/after values. */
export function AuditList({ rows }: { rows: readonly AuditEntry[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {rows.map((r) => {
        const fields = changedFields(r);
        return (
          <li key={r.audit_id}>
            <details className="group">
              <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
                <Badge tone={TONE[r.operation]}>{LABEL[r.operation]}</Badge>
                <span className="font-mono text-sm text-slate-900">
                  {r.table_name}
                  {r.row_key ? ` #${r.row_key}` : ''}
                </span>
                <span className="text-sm text-slate-600">
                  by {r.actor_name ?? (r.performed_by ? `user ${r.performed_by}` : 'the system')}
                </span>
                <span className="text-xs text-slate-500">
                  {r.operation === 'UPDATE'
                    ? `${fields.length} field(s): ${fields
                        .map((f) => f.field)
                        .slice(0, 4)
                        .join(', ')}`
                    : ''}
                </span>
                <span className="ml-auto text-xs whitespace-nowrap text-slate-500">
                  <span className="sr-only">Entry {r.audit_id}, </span>
                  {formatDateTime(r.performed_at)}
                </span>
              </summary>
              <div className="border-t border-slate-100 bg-slate-50 px-4 py-3">
                <AuditDiff entry={r} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
