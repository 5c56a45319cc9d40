import { clsx } from 'clsx';
import { ChevronDown, MessagesSquare } from 'lucide-react';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useSupportRequests } from '../api/get-support-requests';
import { messageCount, supportTime } from '../lib/support-status';
import { SupportRequestThread } from './support-request-thread';
import { SupportStatusBadge } from './support-status-badge';

export interface SupportRequestListProps {
  /** The request shown open (its conversation and reply box), from the page's URL. */
  openId: number | null;
  onOpenChange: (id: number | null) => void;
}

/** The customer's support requests, newest activity first; each opens to its conversation. */
export function SupportRequestList({ openId, onOpenChange }: SupportRequestListProps) {
  const requests = useSupportRequests();
  if (requests.isPending) return <Loading label="Loading your requests..." />;
  if (requests.isError) {
    return (
      <div className="p-5">
        <LoadError
          title="Failed to load your requests"
          error={requests.error}
          onRetry={() => requests.refetch()}
        />
      </div>
    );
  }
  if (requests.data.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title="No support requests yet"
        description="Requests you send appear here, with our answers."
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {requests.data.map((request) => {
        const open = request.request_id === openId;
        const panelId = `support-request-${request.request_id}`;
        const newAnswer = request.status === 'Answered';
        return (
          <li key={request.request_id}>
            <h3>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onOpenChange(open ? null : request.request_id)}
                className="flex w-full items-start gap-3 px-5 py-4 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-medium text-slate-900">
                      #{request.request_id} · {request.subject}
                    </span>
                    <SupportStatusBadge status={request.status} />
                  </span>
                  <span className="mt-0.5 block text-xs text-slate-500">
                    {newAnswer ? 'Answered' : 'Last message'} {supportTime(request.last_message_at)} ·{' '}
                    {messageCount(request.message_count)}
                    {request.order_id !== null && ` · about order #${request.order_id}`}
                  </span>
                  {!open && (
                    <span className="mt-1 line-clamp-2 block whitespace-pre-line text-slate-700">
                      {request.message}
                    </span>
                  )}
                </span>
                <ChevronDown
                  aria-hidden="true"
                  className={clsx(
                    'mt-0.5 size-4 shrink-0 text-slate-400 transition-transform',
                    open && 'rotate-180',
                  )}
                />
              </button>
            </h3>
            {open && (
              <section id={panelId} aria-label={`Request #${request.request_id}`} className="px-5 pb-5">
                <SupportRequestThread requestId={request.request_id} />
              </section>
            )}
          </li>
        );
      })}
    </ul>
  );
}
