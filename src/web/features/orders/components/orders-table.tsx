import { Ban, Download, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/constants';
import type { OrderSummary } from '#shared/contract/orders';
import { Button, buttonClasses } from '#web/components/ui/button';
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

const TH = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** The customer's orders: number, dates, status, items, total, with View, Invoice (and Cancel) actions. */
export function OrdersTable({ rows, onInvoice, invoicePendingId, onCancel }: OrdersTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={TH}>
              Order #
            </th>
            <th scope="col" className={TH}>
              Placed
            </th>
            <th scope="col" className={TH}>
              Delivery date
            </th>
            <th scope="col" className={`${TH} hidden sm:table-cell`}>
              Status
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Items
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Total
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((order) => (
            <tr key={order.order_id} className="hover:bg-slate-50">
              <td className="px-4 py-3 font-medium text-slate-900">
                #{order.order_id}
                {/* phones: the status where it is seen without scrolling sideways */}
                <span className="mt-1 block sm:hidden">
                  <StageBadge label={order.status_label} stage={order.customer_stage} />
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(order.order_date)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDate(order.schedule_date)}
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <StageBadge label={order.status_label} stage={order.customer_stage} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{order.item_count}</td>
              <td className="px-4 py-3 text-right font-medium tabular-nums">{formatMoney(order.total)}</td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
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
                    {invoicePendingId !== order.order_id && (
                      <Download aria-hidden="true" className="size-4" />
                    )}
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
