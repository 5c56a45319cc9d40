import type { StoreStockLine } from '#shared/contract/stores';
import { Badge } from '#web/components/ui/badge';
import { DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { formatDate, formatShortDateTime } from '#web/lib/format';

/** The orders a product line belongs to: a small table, a card per order on phones. */
function OrdersOfLine({ line, arrived }: { line: StoreStockLine; arrived: boolean }) {
  return (
    <DataTable
      compact
      className="mt-1.5"
      caption={`Orders of ${line.product_name}`}
      rows={line.orders}
      rowKey={(o) => o.order_id}
      columns={[
        {
          header: 'Order',
          className: 'font-medium text-slate-800 whitespace-nowrap',
          cell: (o) => (
            <>
              #{o.order_id}
              {o.failed_delivery && (
                <Badge tone="warning" className="ml-2">
                  Back from a failed delivery
                </Badge>
              )}
            </>
          ),
        },
        { header: 'Customer', cell: (o) => o.customer_name },
        { header: 'Units', cell: (o) => o.quantity, align: 'right', className: 'tabular-nums' },
        {
          header: arrived ? 'Arrived' : 'Due',
          className: 'whitespace-nowrap',
          cell: (o) => {
            const trains =
              !arrived && o.trips_total > 1 ? ` (${o.trips_arrived} of ${o.trips_total} trains in)` : '';
            return (
              <>
                <time dateTime={o.arrival_date_time}>{formatShortDateTime(o.arrival_date_time)}</time>
                {trains}
              </>
            );
          },
        },
        { header: 'Deliver by', cell: (o) => formatDate(o.schedule_date), className: 'whitespace-nowrap' },
        {
          header: 'Truck',
          className: 'whitespace-nowrap',
          cell: (o) =>
            o.delivery_id !== null && o.delivery_date_time ? (
              <Badge tone="info">
                #{o.delivery_id}, {formatShortDateTime(o.delivery_date_time)}
              </Badge>
            ) : (
              <span className="text-slate-400">Not loaded</span>
            ),
        },
      ]}
    />
  );
}

export interface StockLinesTableProps {
  lines: readonly StoreStockLine[];
  arrived: boolean;
  emptyTitle: string;
}

/** Products with their units and the orders they belong to (at most 10 listed per product). */
export function StockLinesTable({ lines, arrived, emptyTitle }: StockLinesTableProps) {
  if (lines.length === 0) return <EmptyState title={emptyTitle} className="py-8" />;
  return (
    <ul className="divide-y divide-slate-100">
      {lines.map((line) => (
        <li key={line.product_id} className="px-5 py-3">
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-medium text-slate-900">
              {line.product_name} <span className="text-xs font-normal text-slate-500">{line.category}</span>
            </p>
            <p className="shrink-0 text-sm">
              <span className="font-semibold tabular-nums text-slate-900">
                {line.units.toLocaleString('en-US')}
              </span>{' '}
              <span className="text-slate-500">
                units · {line.order_count} order{line.order_count === 1 ? '' : 's'}
              </span>
            </p>
          </div>
          <OrdersOfLine line={line} arrived={arrived} />
          {line.order_count > line.orders.length && (
            <p className="mt-1 text-xs text-slate-500">
              and {line.order_count - line.orders.length} more orders
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
