import type { AuditEntry } from '#shared/contract/audit-log';
import { formatDateTime } from '#web/lib/format';

/** An instant as the database writes it into a row's JSON ("2026-11-27T04:30:00.123+00:00"). */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d(:?\d\d)?)$/;

/** A value as people read it: instants in Colombo time, like every other time on the screens. */
export const show = (v: unknown) =>
  v === null || v === undefined
    ? '∅'
    : typeof v === 'object'
      ? JSON.stringify(v)
      : typeof v === 'string' && INSTANT.test(v)
        ? formatDateTime(v)
        : String(v);

/** The fields an UPDATE changed (before → after); an INSERT's or DELETE's whole row. */
export function changedFields(entry: Pick<AuditEntry, 'old_values' | 'new_values'>) {
  const before = entry.old_values ?? {};
  const after = entry.new_values ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    keys
      // compared as stored: two instants within one minute read the same but did change
      .filter(
        (k) =>
          !entry.old_values || !entry.new_values || JSON.stringify(before[k]) !== JSON.stringify(after[k]),
      )
      .map((k) => ({
        field: k,
        before: entry.old_values ? show(before[k]) : null,
        after: entry.new_values ? show(after[k]) : null,
      }))
  );
}

/** A readable before/after table of one audit entry. */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry);
  if (fields.length === 0) return <p className="text-sm text-slate-600">No field changed.</p>;
  return (
    <table className="w-full table-fixed text-left text-xs">
      <caption className="sr-only">
        Changes of audit entry {entry.audit_id} ({entry.subject}); times in Colombo time
      </caption>
      <thead className="text-slate-500">
        <tr>
          <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
            Field
          </th>
          {entry.old_values && (
            <th scope="col" className="py-1 pr-2 font-medium">
              Before
            </th>
          )}
          {entry.new_values && (
            <th scope="col" className="py-1 font-medium">
              After
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 font-mono">
        {fields.map((f) => (
          <tr key={f.field}>
            <th scope="row" className="py-1 pr-2 font-medium break-words text-slate-700">
              {f.field}
            </th>
            {f.before !== null && <td className="py-1 pr-2 break-words text-red-700">{f.before}</td>}
            {f.after !== null && <td className="py-1 break-words text-emerald-700">{f.after}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
