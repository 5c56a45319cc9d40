import type { DeliveryPerformanceRow } from '#shared/contract/manager-reports';
import { Badge } from '#web/components/ui/badge';
import { DataTable } from '#web/components/ui/data-table';
import { formatDate, formatDateTime } from '#web/lib/format';

const TONE = {
  'On Time': 'success',
  Late: 'danger',
  Pending: 'neutral',
  Failed: 'danger',
  'Partly delivered': 'warning',
} as const;

/** Rows of the delivery performance report (docs/product/business-rules.md#reports). */
export function DeliveryPerformanceTable({ rows }: { rows: readonly DeliveryPerformanceRow[] }) {
  return (
    <DataTable
      caption="Delivery performance"
      rows={rows}
      rowKey={(r) => `${r.delivery_id}-${r.order_id}`}
      empty={<p className="px-4 py-6 text-center text-sm text-slate-600">No deliveries in this period.</p>}
      columns={[
        { header: 'Delivery', cell: (r) => r.delivery_id, card: 'field' },
        { header: 'Order', cell: (r) => `#${r.order_id}`, card: 'title' },
        { header: 'Customer', cell: (r) => r.customer_name },
        { header: 'Requested', cell: (r) => formatDate(r.schedule_date), className: 'whitespace-nowrap' },
        {
          header: 'Delivered / failed / leaves',
          cell: (r) => formatDateTime(r.delivery_date_time),
          className: 'whitespace-nowrap',
        },
        {
          header: 'Performance',
          cell: (r) => <Badge tone={TONE[r.performance_status]}>{r.performance_status}</Badge>,
        },
        { header: 'Delay', cell: (r) => (r.hours_delay > 0 ? `${r.hours_delay} h` : '—'), align: 'right' },
      ]}
    />
  );
}
