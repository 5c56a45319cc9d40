import { Link } from 'react-router';
import type { ManagerStats, Priority } from '#shared/contract/manager-dashboard';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { formatDate } from '#web/lib/format';

const TONE: Record<Priority, BadgeTone> = { High: 'danger', Medium: 'warning', Low: 'neutral' };

function dueText(days: number) {
  if (days < 0) return `${-days} day${days === -1 ? '' : 's'} overdue`;
  if (days === 0) return 'due today';
  return `in ${days} day${days === 1 ? '' : 's'}`;
}

/** Pending orders by deadline; High priority in red (portal-spec §4). */
export function PendingOrders({
  orders,
  orderLink,
}: {
  orders: ManagerStats['pending_orders_details'];
  orderLink: (id: number) => string;
}) {
  if (orders.length === 0)
    return <EmptyState title="No pending orders" description="Every order has been decided." />;
  return (
    <DataTable
      caption="Pending orders by deadline"
      rows={orders}
      rowKey={(o) => o.id}
      columns={[
        {
          header: 'Order',
          cell: (o) => (
            <Link to={orderLink(o.id)} className="font-medium text-indigo-700 hover:underline">
              #{o.id}
            </Link>
          ),
        },
        { header: 'Customer', cell: (o) => o.customer },
        { header: 'Items', cell: (o) => o.items, align: 'right' },
        {
          header: 'Deadline',
          cell: (o) => (
            <span className="whitespace-nowrap">
              {formatDate(o.deadline)}{' '}
              <span className="text-xs text-slate-500">({dueText(o.days_left)})</span>
            </span>
          ),
        },
        {
          header: 'Priority',
          cell: (o) => (
            <Badge tone={TONE[o.priority]} className={o.priority === 'High' ? 'font-semibold' : undefined}>
              {o.priority}
            </Badge>
          ),
        },
      ]}
    />
  );
}
