import { Ban, Download, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/constants';
import type { OrderSummary } from '#shared/contract/orders';
import { Button, buttonClasses } from '#web/components/ui/button';
import { DataTable } from '#web/components/ui/data-table';
import { StageBadge } from '#web/components/ui/stage-badge';
import { formatDate } from '#web/lib/format';
import { paths } from '#web/lib/paths';

export interface OrdersTableProps {
  rows: readonly OrderSummary[];
  onInvoice: (orderId: number) => void;
  /** The order whose invoice is being downloaded. */
  invoicePendingId?: number | null;
  /** Offered on Pending orders when the customer may cancel them (asks for confirmation). */
  onCancel?: (orderId: number) => void;
}

/**
 * The customer's orders: number, dates, status, items, total, with View, Invoice (and Cancel)
 * actions; a card per order on phones, its status, total and actions in sight.
 */
export function OrdersTable({ rows, onInvoice, invoicePendingId, onCancel }: OrdersTableProps) {
  return (
    <DataTable
      caption="Your orders"
      rows={rows}
      rowKey={(o) => o.order_id}
      columns={[
        { header: 'Order #', cell: (o) => `#${o.order_id}`, className: 'font-medium text-slate-900' },
        { header: 'Placed', cell: (o) => formatDate(o.order_date), className: 'whitespace-nowrap' },
        {
          header: 'Delivery date',
          cell: (o) => formatDate(o.schedule_date),
          className: 'whitespace-nowrap',
        },
        {
          header: 'Status',
          cell: (o) => <StageBadge label={o.status_label} stage={o.customer_stage} />,
          card: 'aside',
        },
        { header: 'Items', cell: (o) => o.item_count, align: 'right', className: 'tabular-nums' },
        {
          header: 'Total',
          cell: (o) => formatMoney(o.total),
          align: 'right',
          className: 'font-medium tabular-nums text-slate-900',
        },
        {
          header: <span className="sr-only">Actions</span>,
          align: 'right',
          className: 'whitespace-nowrap',
          cell: (order) => (
            <div className="flex flex-wrap justify-end gap-2 cards:pt-1 table-wide:flex-nowrap">
              <Link
                to={paths.customer.order(order.order_id)}
                className={buttonClasses('secondary', 'sm')}
                title={`View order #${order.order_id}`}
              >
                <Eye aria-hidden="true" className="size-4" />
                View
              </Link>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onInvoice(order.order_id)}
                loading={invoicePendingId === order.order_id}
                title={`Download the invoice of order #${order.order_id}`}
              >
                {invoicePendingId !== order.order_id && <Download aria-hidden="true" className="size-4" />}
                Invoice
              </Button>
              {onCancel && order.status === 'Pending' && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700! hover:bg-red-50!"
                  onClick={() => onCancel(order.order_id)}
                  title={`Cancel order #${order.order_id}`}
                >
                  <Ban aria-hidden="true" className="size-4" />
                  Cancel
                </Button>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}
