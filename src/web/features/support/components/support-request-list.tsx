import { format, isValid, parseISO } from 'date-fns';
import { MessagesSquare } from 'lucide-react';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useSupportRequests } from '../api/get-support-requests';

function statusTone(status: string): BadgeTone {
  const s = status.toLowerCase();
  if (s.includes('resolved') || s.includes('closed')) return 'success';
  if (s.includes('progress')) return 'warning';
  return 'info';
}

function when(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm') : value;
}

/** The customer's previous support requests, newest first. */
export function SupportRequestList() {
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
        description="Requests you send appear here."
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {requests.data.map((request) => (
        <li key={request.request_id} className="px-5 py-4 text-sm">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="font-medium text-slate-900">
              #{request.request_id} · {request.subject}
            </p>
            <Badge tone={statusTone(request.status)}>{request.status}</Badge>
          </div>
          <p className="mt-0.5 text-xs text-slate-500">
            {when(request.created_at)}
            {request.order_id !== null && ` · about order #${request.order_id}`}
          </p>
          <p className="mt-1 line-clamp-2 whitespace-pre-line text-slate-700">{request.message}</p>
        </li>
      ))}
    </ul>
  );
}
