import { Download, Paperclip } from 'lucide-react';
import type { OrderDetail } from '#shared/contract/orders';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { formatDateTime } from '#web/lib/format';
import { useDownloadAttachment } from '../api/download-attachment';
import { formatFileSize } from '../lib/attachment-rules';

/** Documents sent with the order, each downloadable. */
export function OrderAttachments({ order }: { order: OrderDetail }) {
  const download = useDownloadAttachment();
  if (order.attachments.length === 0) {
    return <p className="text-sm text-slate-500">No attachments were sent with this order.</p>;
  }
  return (
    <div className="space-y-3">
      {download.isError && (
        <Alert variant="error" title="Failed to download the file" onDismiss={() => download.reset()}>
          {download.error.message}
        </Alert>
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {order.attachments.map((attachment) => (
          <li key={attachment.attachment_id} className="flex items-center gap-3 px-3 py-2">
            <Paperclip aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{attachment.file_name}</p>
              <p className="text-xs text-slate-500">
                {formatFileSize(attachment.size_bytes)} · uploaded {formatDateTime(attachment.uploaded_at)}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              loading={
                download.isPending &&
                download.variables?.attachment.attachment_id === attachment.attachment_id
              }
              onClick={() => download.mutate({ orderId: order.order_id, attachment })}
            >
              <Download aria-hidden="true" className="size-4" />
              Download<span className="sr-only"> {attachment.file_name}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
