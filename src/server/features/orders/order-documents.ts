import type { Readable } from 'node:stream';
import { type CsvColumn, toCsvStream } from '#server/lib/csv';
import type { OrderSummaryRow } from './orders.queries';

const ORDER_CSV_COLUMNS: CsvColumn<OrderSummaryRow>[] = [
  { key: 'order_id', label: 'Order ID' },
  { key: 'order_date', label: 'Order Date' },
  { key: 'schedule_date', label: 'Delivery Date' },
  { key: 'status', label: 'Status' },
  { key: 'customer_name', label: 'Customer' },
  { key: 'item_count', label: 'Items' },
  { key: 'total', label: 'Total (USD)', format: (total) => (total as number).toFixed(2) },
  { key: 'delivery_date', label: 'Delivered At' },
];

/** The order list as CSV (the shared, spreadsheet-safe writer), streamed batch by batch. */
export function ordersCsv(batches: AsyncIterable<OrderSummaryRow[]>): Promise<Readable> {
  return toCsvStream(ORDER_CSV_COLUMNS, batches);
}
