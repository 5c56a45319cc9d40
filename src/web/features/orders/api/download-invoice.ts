import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '#web/lib/api-client';
import { orderEndpoints } from './order-keys';

export function downloadInvoice(orderId: number): Promise<void> {
  return downloadFile(orderEndpoints.invoice(orderId), `invoice-${orderId}.pdf`);
}

/** GET /orders/{id}/invoice.pdf, saved by the browser. */
export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
