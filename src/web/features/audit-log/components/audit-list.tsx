import { Link } from 'react-router';
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

/**
 * Audit entries, newest first, each naming what it changed ("Order #45") with a link to the
 * screen that shows it (outside the row's toggle, so the two stay separate controls); each opens
 * to its before/after values. Times are Colombo time.
 */
export function AuditList({ rows }: { rows: readonly AuditEntry[] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {rows.map((r) => {
        const fields = changedFields(r);
        return (
          <li key={r.audit_id} className="relative">
            {r.link && (
              <Link
                to={r.link}
                aria-label={`Open ${r.subject}`}
                className="absolute top-3 right-4 z-10 rounded text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                Open
              </Link>
            )}
            <details className="group">
              <summary
                className={`flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 ${r.link ? 'pr-16' : ''}`}
              >
                <Badge tone={TONE[r.operation]}>{LABEL[r.operation]}</Badge>
                <span className="text-sm font-medium text-slate-900">{r.subject}</span>
                <span className="text-sm text-slate-600">
                  by {r.actor_name ?? (r.performed_by ? `user ${r.performed_by}` : 'the system')}
                </span>
                <span className="text-xs text-slate-500">
                  {r.operation === 'UPDATE' && fields.length > 0
                    ? `${fields.length} ${fields.length === 1 ? 'field' : 'fields'}: ${fields
                        .map((f) => f.field)
                        .slice(0, 4)
                        .join(', ')}${fields.length > 4 ? ', …' : ''}`
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
