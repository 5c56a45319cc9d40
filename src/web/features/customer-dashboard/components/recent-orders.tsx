import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/constants';
import type { OrderSummary } from '#shared/contract/orders';
import { StageBadge } from '#web/components/ui/stage-badge';
import { formatDate } from '#web/lib/format';
import { paths } from '#web/lib/paths';

/** The latest orders, each linking to its detail page. */
export function RecentOrders({ orders }: { orders: readonly OrderSummary[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {orders.map((order) => (
        <li key={order.order_id}>
          <Link
            to={paths.customer.order(order.order_id)}
            className="flex items-center gap-4 px-5 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">Order #{order.order_id}</p>
              {/* phones: the status under the number, the row keeps its width for the dates */}
              <span className="my-1 block sm:hidden">
                <StageBadge label={order.status_label} stage={order.customer_stage} />
              </span>
              <p className="text-xs text-slate-500">
                Placed {formatDate(order.order_date)} · delivery {formatDate(order.schedule_date)} ·{' '}
                {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
              </p>
            </div>
            <span className="hidden tabular-nums text-slate-700 sm:block">{formatMoney(order.total)}</span>
            <span className="hidden sm:inline">
              <StageBadge label={order.status_label} stage={order.customer_stage} />
            </span>
            <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
