import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { useT } from '#web/i18n/provider';
import { useSupportRequest } from '../api/get-support-request';
import { SUPPORT_STATUS_META } from '../lib/support-status';
import { Conversation } from './conversation';
import { MessageForm } from './message-form';

/** A customer's request opened: what it means now, the conversation and the reply box. */
export function SupportRequestThread({ requestId }: { requestId: number }) {
  const request = useSupportRequest(requestId);
  const t = useT();
  if (request.isPending) return <Loading label={t('support.thread.loading')} />;
  if (request.isError) {
    return (
      <LoadError
        title={t('support.thread.loadFailed')}
        error={request.error}
        onRetry={() => request.refetch()}
      />
    );
  }
  const r = request.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t(SUPPORT_STATUS_META[r.status].customer)}</p>
      <Conversation messages={r.messages} viewer="customer" />
      <MessageForm
        requestId={r.request_id}
        label={t(r.status === 'Closed' ? 'support.thread.writeAgain' : 'support.thread.yourReply')}
        submitLabel={t(r.status === 'Closed' ? 'support.thread.reopenSend' : 'support.thread.sendReply')}
        hint={r.status === 'Closed' ? t('support.thread.reopenHint') : t('support.thread.replyHint')}
      />
    </div>
  );
}
