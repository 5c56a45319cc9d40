import { PageHeader } from '#web/components/ui/page-header';
import { SupportInbox } from '#web/features/support/components/staff/support-inbox';
import { paths } from '#web/lib/paths';

/** The manager's order tabs: an order opens on its status's tab (Delivered has none). */
const ORDER_TABS = ['Scheduled', 'In Transit', 'Cancelled'];

/** /manager/support: customers' support requests to answer and close. */
export function ManagerSupportPage() {
  return (
    <div>
      <PageHeader
        title="Support"
        description="Answer customers' requests and close them when they are done."
      />
      <SupportInbox
        orderLink={(o) => ({
          to: ORDER_TABS.includes(o.status)
            ? `${paths.manager.orders}?status=${encodeURIComponent(o.status)}&order=${o.order_id}`
            : paths.manager.order(o.order_id),
          label: `Order #${o.order_id}`,
        })}
      />
    </div>
  );
}
