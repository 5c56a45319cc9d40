import { History, LifeBuoy, type LucideIcon, PackagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { paths } from '#web/lib/paths';

const ACTIONS: { label: string; to: string; icon: LucideIcon; description: string }[] = [
  {
    label: 'New Order',
    to: paths.customer.newOrder,
    icon: PackagePlus,
    description: 'Order products for delivery.',
  },
  {
    label: 'Order History',
    to: paths.customer.history,
    icon: History,
    description: 'Track and download invoices.',
  },
  { label: 'Support', to: paths.customer.support, icon: LifeBuoy, description: 'Ask our team for help.' },
];

export function QuickActions() {
  return (
    <Card>
      <CardHeader title="Quick actions" />
      <CardBody className="grid gap-2">
        {ACTIONS.map(({ label, to, icon: Icon, description }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 hover:border-indigo-300 hover:bg-indigo-50/50"
          >
            <Icon aria-hidden="true" className="size-5 text-indigo-600" />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">{label}</span>
              <span className="block text-xs text-slate-500">{description}</span>
            </span>
          </Link>
        ))}
      </CardBody>
    </Card>
  );
}
