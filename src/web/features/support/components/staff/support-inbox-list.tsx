import { clsx } from 'clsx';
import type { SupportRequest } from '#shared/contract/support';
import { messageCount, supportTime } from '../../lib/support-status';
import { SupportStatusBadge } from '../support-status-badge';

export interface SupportInboxListProps {
  rows: readonly SupportRequest[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The inbox rows: who asks, about what, the state and who wrote last. */
export function SupportInboxList({ rows, selectedId, onSelect }: SupportInboxListProps) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Support requests">
      {rows.map((r) => {
        const selected = r.request_id === selectedId;
        const waiting = r.status === 'Open';
        return (
          <li key={r.request_id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(r.request_id)}
              className={clsx(
                'block w-full px-4 py-3 text-left text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                selected ? 'bg-indigo-50' : 'hover:bg-slate-50',
              )}
            >
              <span className="flex items-start justify-between gap-3">
                <span
                  className={clsx(
                    'min-w-0 break-words',
                    waiting ? 'font-semibold text-slate-900' : 'font-medium text-slate-800',
                  )}
                >
                  #{r.request_id} · {r.subject}
                </span>
                <SupportStatusBadge status={r.status} />
              </span>
              <span className="mt-0.5 block text-xs text-slate-600">
                {r.customer_name}
                {r.order_id !== null && ` · order #${r.order_id}`}
              </span>
              <span className="mt-0.5 block text-xs text-slate-600">
                {r.last_message_side === 'customer' ? 'Customer wrote' : 'Answered'}{' '}
                {supportTime(r.last_message_at)} · {messageCount(r.message_count)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
