import { History, LifeBuoy, type LucideIcon, PackagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { type MessageKey, useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';

const ACTIONS: { label: MessageKey; to: string; icon: LucideIcon; description: MessageKey }[] = [
  {
    label: 'nav.newOrder',
    to: paths.customer.newOrder,
    icon: PackagePlus,
    description: 'customer.quick.newOrder',
  },
  {
    label: 'nav.orderHistory',
    to: paths.customer.history,
    icon: History,
    description: 'customer.quick.history',
  },
  {
    label: 'nav.support',
    to: paths.customer.support,
    icon: LifeBuoy,
    description: 'nav.customer.support.description',
  },
];

export function QuickActions() {
  const t = useT();
  return (
    <Card>
      <CardHeader title={t('customer.quick.title')} />
      <CardBody className="grid gap-2">
        {ACTIONS.map(({ label, to, icon: Icon, description }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 hover:border-indigo-300 hover:bg-indigo-50/50"
          >
            <Icon aria-hidden="true" className="size-5 text-indigo-600" />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">{t(label)}</span>
              <span className="block text-xs text-slate-500">{t(description)}</span>
            </span>
          </Link>
        ))}
      </CardBody>
    </Card>
  );
}
