import { PackagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button';
import { Card, CardHeader } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { HelpPanel } from '#web/features/customer-dashboard/components/help-panel';
import { QuickActions } from '#web/features/customer-dashboard/components/quick-actions';
import { RecentOrders } from '#web/features/customer-dashboard/components/recent-orders';
import { StatTiles, StatTilesLoading } from '#web/features/customer-dashboard/components/stat-tiles';
import { useCustomerStats } from '#web/features/orders/api/get-customer-stats';
import { type Translate, useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';
import { useSession } from '#web/lib/session';
import { SUPPORT_CONTACT } from '../support-contact';

function DashboardOrders() {
  const stats = useCustomerStats();
  const t = useT();
  if (stats.isPending)
    return (
      // the tiles' and the recent orders' place held, so the column beside (below, on a phone)
      // does not jump when they come (docs/decisions/0088)
      <div className="space-y-6">
        <StatTilesLoading label={t('customer.dashboard.loading')} />
        <Card aria-hidden="true" className="overflow-hidden">
          <CardHeader title={t('customer.dashboard.recentOrders')} />
          <div className="h-96" />
        </Card>
      </div>
    );
  if (stats.isError) {
    return (
      <LoadError
        title={t('customer.dashboard.loadFailed')}
        error={stats.error}
        onRetry={() => stats.refetch()}
      />
    );
  }
  const { total_orders, active_orders, delivered_orders, recent_orders } = stats.data;
  return (
    <div className="space-y-6">
      <StatTiles total={total_orders} active={active_orders} delivered={delivered_orders} />
      <Card className="overflow-hidden">
        <CardHeader
          title={t('customer.dashboard.recentOrders')}
          actions={
            recent_orders.length > 0 && (
              <Link
                to={paths.customer.history}
                className="text-sm font-medium text-indigo-700 hover:underline"
              >
                {t('customer.dashboard.viewAll')}
              </Link>
            )
          }
        />
        {recent_orders.length === 0 ? (
          <EmptyState
            icon={PackagePlus}
            title={t('customer.dashboard.noOrders')}
            description={t('customer.dashboard.noOrdersLead')}
            action={
              <Link to={paths.customer.newOrder} className={buttonClasses('primary', 'sm')}>
                {t('customer.dashboard.firstOrder')}
              </Link>
            }
          />
        ) : (
          <RecentOrders orders={recent_orders} />
        )}
      </Card>
    </div>
  );
}

/**
 * The greeting: the customer's name (not the login name); "Welcome" until the first order,
 * "Welcome back" after; "Hello" while the counts load.
 */
function greeting(t: Translate, name: string | null, totalOrders: number | undefined): string {
  if (!name) return t('nav.dashboard');
  if (totalOrders === undefined) return t('customer.dashboard.hello', { name });
  return totalOrders === 0 ? t('layout.welcome', { name }) : t('customer.dashboard.welcomeBack', { name });
}

export function DashboardPage() {
  const { user } = useSession();
  const stats = useCustomerStats();
  const name = user ? (user.customer_name ?? user.user_name) : null;
  const firstTime = stats.data?.total_orders === 0;
  const t = useT();
  return (
    <div>
      <PageHeader
        title={greeting(t, name, stats.data?.total_orders)}
        pageTitle={t('nav.dashboard')}
        description={
          firstTime ? t('customer.dashboard.firstTimeLead') : t('nav.customer.dashboard.description')
        }
        actions={
          firstTime && (
            <Link to={paths.customer.newOrder} className={buttonClasses('primary')}>
              <PackagePlus aria-hidden="true" className="size-4" />
              {t('customer.dashboard.firstOrder')}
            </Link>
          )
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DashboardOrders />
        </div>
        <div className="space-y-6">
          <QuickActions />
          <HelpPanel contact={SUPPORT_CONTACT} />
        </div>
      </div>
    </div>
  );
}
