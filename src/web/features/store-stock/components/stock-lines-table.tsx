import type { StoreOrderLine, StoreStockLine } from '#shared/contract/stores';
import { Badge } from '#web/components/ui/badge';
import { EmptyState } from '#web/components/ui/empty-state';
import { formatDate, formatShortDateTime } from '#web/lib/format';

function OrderRow({ order, arrived }: { order: StoreOrderLine; arrived: boolean }) {
  const trains =
    !arrived && order.trips_total > 1 ? ` (${order.trips_arrived} of ${order.trips_total} trains in)` : '';
  return (
    <tr className="align-top">
      <td className="py-1 pr-3 font-medium whitespace-nowrap text-slate-800">
        #{order.order_id}
        {order.failed_delivery && (
          <Badge tone="warning" className="ml-2">
            Back from a failed delivery
          </Badge>
        )}
      </td>
      <td className="py-1 pr-3">{order.customer_name}</td>
      <td className="py-1 pr-3 text-right tabular-nums">{order.quantity}</td>
      <td className="py-1 pr-3 whitespace-nowrap">
        <time dateTime={order.arrival_date_time}>{formatShortDateTime(order.arrival_date_time)}</time>
        {trains}
      </td>
      <td className="py-1 pr-3 whitespace-nowrap">{formatDate(order.schedule_date)}</td>
      <td className="py-1 whitespace-nowrap">
        {order.delivery_id !== null && order.delivery_date_time ? (
          <Badge tone="info">
            #{order.delivery_id}, {formatShortDateTime(order.delivery_date_time)}
          </Badge>
        ) : (
          <span className="text-slate-400">Not loaded</span>
        )}
      </td>
    </tr>
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
          <div className="mt-1.5 overflow-x-auto">
            <table className="w-full text-xs text-slate-600">
              <caption className="sr-only">Orders of {line.product_name}</caption>
              <thead className="text-left text-[11px] text-slate-500 uppercase">
                <tr>
                  <th className="py-1 pr-3 font-semibold">Order</th>
                  <th className="py-1 pr-3 font-semibold">Customer</th>
                  <th className="py-1 pr-3 text-right font-semibold">Units</th>
                  <th className="py-1 pr-3 font-semibold">{arrived ? 'Arrived' : 'Due'}</th>
                  <th className="py-1 pr-3 font-semibold">Deliver by</th>
                  <th className="py-1 font-semibold">Truck</th>
                </tr>
              </thead>
              <tbody>
                {line.orders.map((o) => (
                  <OrderRow key={o.order_id} order={o} arrived={arrived} />
                ))}
              </tbody>
            </table>
          </div>
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
