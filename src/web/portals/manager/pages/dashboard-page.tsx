import { Link } from 'react-router';
import { Card, CardHeader } from '#web/components/ui/card';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useManagerStats } from '#web/features/manager-dashboard/api/get-manager-stats';
import { AlertList } from '#web/features/manager-dashboard/components/alert-list';
import { ManagerStatCards } from '#web/features/manager-dashboard/components/manager-stat-cards';
import { PendingOrders } from '#web/features/manager-dashboard/components/pending-orders';
import { UpcomingTrips } from '#web/features/manager-dashboard/components/upcoming-trips';
import { paths } from '#web/lib/paths';
import { useSession } from '#web/lib/session';

const viewAll = (to: string, label: string) => (
  <Link to={to} className="text-sm font-medium text-indigo-700 hover:underline">
    {label}
  </Link>
);

/** /manager: the four stat cards, upcoming trips, pending orders by deadline and alerts, all live. */
export function ManagerDashboardPage() {
  const { user } = useSession();
  const stats = useManagerStats();
  return (
    <div>
      <PageHeader
        title={user ? `Welcome back, ${user.user_name}` : 'Dashboard'}
        pageTitle="Dashboard"
        description="Trains, trucks and the orders waiting for you."
      />
      {stats.isError && <QueryLoadError query={stats} title="Failed to load the dashboard" />}
      {stats.isPending ? (
        <Loading label="Loading the dashboard..." />
      ) : stats.data === undefined ? null : (
        <div className="space-y-6">
          <ManagerStatCards stats={stats.data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="min-w-0 overflow-hidden lg:col-span-2">
              <CardHeader
                title="Pending orders"
                description="Nearest deadline first"
                actions={viewAll(paths.manager.orders, 'All orders')}
              />
              <PendingOrders orders={stats.data.pending_orders_details} orderLink={paths.manager.order} />
            </Card>
            <Card className="min-w-0 overflow-hidden">
              <CardHeader title="Alerts" description={`${stats.data.alerts.length} open`} />
              <AlertList
                alerts={stats.data.alerts}
                linkFor={(a) =>
                  a.type === 'order_without_train' || a.type === 'order_delivery_failed'
                    ? paths.manager.order(a.ref_id)
                    : a.type === 'trip_near_full'
                      ? paths.manager.trip(a.ref_id)
                      : paths.manager.truck
                }
              />
            </Card>
          </div>
          <Card className="overflow-hidden">
            <CardHeader
              title="Upcoming trips"
              description="The next trains out of Kandy"
              actions={viewAll(paths.manager.train, 'Train board')}
            />
            <UpcomingTrips trips={stats.data.upcoming_trips} />
          </Card>
        </div>
      )}
    </div>
  );
}
