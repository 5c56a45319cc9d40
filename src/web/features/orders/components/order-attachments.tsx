import { Download, Paperclip } from 'lucide-react';
import type { OrderDetail } from '#shared/contract/orders';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { knownText } from '#web/i18n/known-texts';
import { useFormat, useT } from '#web/i18n/provider';
import { useDownloadAttachment } from '../api/download-attachment';
import { formatFileSize } from '../lib/attachment-rules';

/** Documents sent with the order, each downloadable. */
export function OrderAttachments({ order }: { order: OrderDetail }) {
  const download = useDownloadAttachment();
  const t = useT();
  const f = useFormat();
  if (order.attachments.length === 0) {
    return <p className="text-sm text-slate-500">{t('order.attach.none')}</p>;
  }
  return (
    <div className="space-y-3">
      {download.isError && (
        <Alert variant="error" title={t('order.attach.downloadFailed')} onDismiss={() => download.reset()}>
          {knownText(t, download.error.message)}
        </Alert>
      )}
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {order.attachments.map((attachment) => (
          <li key={attachment.attachment_id} className="flex items-center gap-3 px-3 py-2">
            <Paperclip aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{attachment.file_name}</p>
              <p className="text-xs text-slate-500">
                {t('order.attach.uploaded', {
                  size: formatFileSize(attachment.size_bytes),
                  date: f.dateTime(attachment.uploaded_at),
                })}
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
              {t('order.attach.download')}
              <span className="sr-only"> {attachment.file_name}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
