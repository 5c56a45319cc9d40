import { PageHeader } from '#web/components/ui/page-header';
import { SupportInbox } from '#web/features/support/components/staff/support-inbox';
import { paths } from '#web/lib/paths';

/** /admin/support: customers' support requests to answer and close. */
export function AdminSupportPage() {
  return (
    <div>
      <PageHeader
        title="Support"
        description="Answer customers' requests and close them when they are done."
      />
      <SupportInbox
        // admins read orders in the report center (as global search links them)
        orderLink={(o) => ({
          to: `${paths.admin.reports}?report=customer-orders&order=${o.order_id}`,
          label: `Order #${o.order_id} in the order history report`,
        })}
      />
    </div>
  );
}
