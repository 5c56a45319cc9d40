import { Link } from 'react-router';
import { formatMoney } from '#shared/constants';
import type { OrderSummary } from '#shared/contract/orders';
import { DataTable } from '#web/components/ui/data-table';
import { StageBadge } from '#web/components/ui/stage-badge';
import { formatDate } from '#web/lib/format';
import { paths } from '#web/lib/paths';

/** The latest orders, each number linking to its detail page; a card per order on phones. */
export function RecentOrders({ orders }: { orders: readonly OrderSummary[] }) {
  return (
    <DataTable
      caption="Recent orders"
      rows={orders}
      rowKey={(o) => o.order_id}
      columns={[
        {
          header: 'Order',
          cell: (o) => (
            <Link
              to={paths.customer.order(o.order_id)}
              className="font-medium whitespace-nowrap text-indigo-700 hover:underline"
            >
              Order #{o.order_id}
            </Link>
          ),
        },
        { header: 'Placed', cell: (o) => formatDate(o.order_date), className: 'whitespace-nowrap' },
        { header: 'Delivery', cell: (o) => formatDate(o.schedule_date), className: 'whitespace-nowrap' },
        {
          header: 'Status',
          cell: (o) => <StageBadge label={o.status_label} stage={o.customer_stage} />,
          card: 'aside',
        },
        {
          header: 'Total',
          cell: (o) => formatMoney(o.total),
          align: 'right',
          className: 'font-medium tabular-nums text-slate-900',
        },
      ]}
    />
  );
}
