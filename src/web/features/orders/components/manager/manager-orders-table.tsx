import { formatMoney } from '#shared/constants';
import type { OrderSummary } from '#shared/contract/orders';
import { StatusBadge } from '#web/components/ui/badge';
import { DataTable } from '#web/components/ui/data-table';
import { formatDate } from '#web/lib/format';

/** The staff order list; a row (or its order number, for keyboards) opens the detail pane. */
export function ManagerOrdersTable({
  rows,
  selectedId,
  onSelect,
  empty,
}: {
  rows: readonly OrderSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  empty: React.ReactNode;
}) {
  return (
    <DataTable
      caption="Orders"
      rows={rows}
      rowKey={(o) => o.order_id}
      selectedKey={selectedId}
      onRowClick={(o) => onSelect(o.order_id)}
      empty={empty}
      columns={[
        {
          header: 'Order #',
          cell: (o) => (
            <button
              type="button"
              className="font-medium text-indigo-700 hover:underline"
              onClick={(e) => {
                e.stopPropagation();
                onSelect(o.order_id);
              }}
              aria-label={`Open order ${o.order_id}`}
            >
              #{o.order_id}
            </button>
          ),
        },
        { header: 'Customer', cell: (o) => o.customer_name, className: 'min-w-36' },
        { header: 'Requested', cell: (o) => formatDate(o.schedule_date), className: 'whitespace-nowrap' },
        {
          header: 'Total',
          cell: (o) => formatMoney(o.total),
          align: 'right',
          className: 'whitespace-nowrap',
        },
        { header: 'Status', cell: (o) => <StatusBadge status={o.status} />, card: 'aside' },
      ]}
    />
  );
}
