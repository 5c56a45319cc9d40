import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '#web/lib/api-client';
import { type OrderListParams, orderEndpoints } from './order-keys';

export type ExportOrdersFilter = Pick<OrderListParams, 'status' | 'q'>;

export function exportOrders(filter: ExportOrdersFilter): Promise<void> {
  return downloadFile(orderEndpoints.exportCsv, 'orders.csv', { status: filter.status, q: filter.q });
}

/** GET /orders/export.csv with the list's current filters (every page, not just the shown one). */
export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
