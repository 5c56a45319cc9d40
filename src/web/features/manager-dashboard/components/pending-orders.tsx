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

/** Pending orders by deadline; High priority in red (docs/product/portals.md#manager). */
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
    <>
      {/* phones: one line per order, the priority always in view */}
      <ul className="divide-y divide-slate-100 sm:hidden">
        {orders.map((o) => (
          <li key={o.id} className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
            <span className="min-w-0">
              <Link to={orderLink(o.id)} className="font-medium text-indigo-700 hover:underline">
                #{o.id}
              </Link>{' '}
              <span className="text-slate-800">{o.customer}</span>
              <span className="block text-xs text-slate-500">
                {formatDate(o.deadline)} ({dueText(o.days_left)}) · {o.items} item{o.items === 1 ? '' : 's'}
              </span>
            </span>
            <Badge tone={TONE[o.priority]}>{o.priority}</Badge>
          </li>
        ))}
      </ul>
      <DataTable
        className="hidden sm:block"
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
    </>
  );
}
