import { clsx } from 'clsx';
import { ChevronDown, MessagesSquare } from 'lucide-react';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useFormat, useT } from '#web/i18n/provider';
import { useSupportRequests } from '../api/get-support-requests';
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
  const t = useT();
  const f = useFormat();
  if (requests.isPending) return <Loading label={t('support.list.loading')} />;
  if (requests.isError) {
    return (
      <div className="p-5">
        <LoadError
          title={t('support.list.loadFailed')}
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
        title={t('support.list.empty')}
        description={t('support.list.emptyLead')}
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
                    {t(newAnswer ? 'support.list.answeredAt' : 'support.list.lastMessageAt', {
                      time: f.dateTime(request.last_message_at),
                    })}{' '}
                    · {t('support.list.messages', { count: request.message_count })}
                    {request.order_id !== null &&
                      ` · ${t('support.list.aboutOrder', { id: request.order_id })}`}
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
              <section
                id={panelId}
                aria-label={t('support.list.request', { id: request.request_id })}
                className="px-5 pb-5"
              >
                <SupportRequestThread requestId={request.request_id} />
              </section>
            )}
          </li>
        );
      })}
    </ul>
  );
}
