import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useSupportRequest } from '../api/get-support-request';
import { SUPPORT_STATUS_META } from '../lib/support-status';
import { Conversation } from './conversation';
import { MessageForm } from './message-form';

/** A customer's request opened: what it means now, the conversation and the reply box. */
export function SupportRequestThread({ requestId }: { requestId: number }) {
  const request = useSupportRequest(requestId);
  if (request.isPending) return <Loading label="Loading the conversation..." />;
  if (request.isError) {
    return (
      <LoadError
        title="Failed to load the conversation"
        error={request.error}
        onRetry={() => request.refetch()}
      />
    );
  }
  const r = request.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{SUPPORT_STATUS_META[r.status].customer}</p>
      <Conversation messages={r.messages} viewer="customer" />
      <MessageForm
        requestId={r.request_id}
        label={r.status === 'Closed' ? 'Write again' : 'Your reply'}
        submitLabel={r.status === 'Closed' ? 'Reopen and send' : 'Send reply'}
        hint={
          r.status === 'Closed'
            ? 'Sending a message reopens the request.'
            : 'We will notify you here when our team answers.'
        }
      />
    </div>
  );
}
