import { Link } from 'react-router';
import type { OrderSummary } from '#shared/contract/orders';
import { DataTable } from '#web/components/ui/data-table';
import { StageBadge } from '#web/components/ui/stage-badge';
import { useFormat, useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';

/** The latest orders, each number linking to its detail page; a card per order on phones. */
export function RecentOrders({ orders }: { orders: readonly OrderSummary[] }) {
  const t = useT();
  const f = useFormat();
  return (
    <DataTable
      caption={t('customer.dashboard.recentOrders')}
      rows={orders}
      rowKey={(o) => o.order_id}
      columns={[
        {
          header: t('order.order'),
          cell: (o) => (
            <Link
              to={paths.customer.order(o.order_id)}
              className="font-medium whitespace-nowrap text-indigo-700 hover:underline"
            >
              {t('order.number', { id: o.order_id })}
            </Link>
          ),
        },
        { header: t('order.placed'), cell: (o) => f.date(o.order_date), className: 'whitespace-nowrap' },
        { header: t('order.delivery'), cell: (o) => f.date(o.schedule_date), className: 'whitespace-nowrap' },
        {
          header: t('order.status'),
          cell: (o) => <StageBadge label={o.status_label} stage={o.customer_stage} />,
          card: 'aside',
        },
        {
          header: t('order.total'),
          cell: (o) => f.money(o.total),
          align: 'right',
          className: 'font-medium tabular-nums text-slate-900',
        },
      ]}
    />
  );
}
