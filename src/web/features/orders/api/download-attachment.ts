import { useMutation } from '@tanstack/react-query';
import type { Attachment } from '#shared/contract/orders';
import { downloadFile } from '#web/lib/api-client';
import { orderEndpoints } from './order-keys';

export interface DownloadAttachmentInput {
  orderId: number;
  attachment: Attachment;
}

export function downloadAttachment({ orderId, attachment }: DownloadAttachmentInput): Promise<void> {
  return downloadFile(orderEndpoints.attachment(orderId, attachment.attachment_id), attachment.file_name);
}

/** GET /orders/{id}/attachments/{attachment_id}, saved under its original name. */
export function useDownloadAttachment() {
  return useMutation({ mutationFn: downloadAttachment });
}
