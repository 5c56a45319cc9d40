import { useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Card, CardHeader } from '#web/components/ui/card';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { type Period, PeriodPicker } from '#web/components/ui/period-picker';
import { Loading } from '#web/components/ui/spinner';
import {
  useAdminAlerts,
  useAdminChartData,
  useAdminStats,
} from '#web/features/admin-dashboard/api/get-admin-dashboard';
import { AdminAlertList } from '#web/features/admin-dashboard/components/admin-alert-list';
import {
  AdminStatTiles,
  AdminStatTilesLoading,
} from '#web/features/admin-dashboard/components/admin-stat-tiles';
import { RevenueChart } from '#web/features/admin-dashboard/components/revenue-chart';
import { RevenueSplit } from '#web/features/admin-dashboard/components/revenue-split';
import { UtilisationBars } from '#web/features/admin-dashboard/components/utilisation-bars';
import { useSession } from '#web/lib/session';
import { FailedOrderAction } from '../failed-order-action';

/** /admin: stat tiles, revenue by customer type, the split, alerts and utilisation, all live. */
export function AdminDashboardPage() {
  const { user } = useSession();
  const stats = useAdminStats();
  const alerts = useAdminAlerts();
  const [period, setPeriod] = useState<Partial<Period>>({});
  const [returned, setReturned] = useState<string | null>(null);
  const chart = useAdminChartData(period);
  const shown = chart.data?.period;
  return (
    <div className="space-y-6">
      <PageHeader
        title={user ? `Welcome back, ${user.user_name}` : 'Dashboard'}
        pageTitle="Dashboard"
        description="The whole business at a glance, from the live data."
      />
      {stats.isError && <QueryLoadError query={stats} title="Failed to load the dashboard" />}
      {stats.isPending ? (
        <AdminStatTilesLoading />
      ) : stats.data === undefined ? null : (
        <AdminStatTiles stats={stats.data} />
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 overflow-hidden lg:col-span-2">
          <CardHeader
            title="Revenue by customer type"
            description="Order totals per month (goods at the captured prices plus delivery fee), cancelled orders left out"
          />
          <div className="space-y-4 px-5 py-4">
            <PeriodPicker
              value={{ from: period.from ?? shown?.from ?? '', to: period.to ?? shown?.to ?? '' }}
              onChange={setPeriod}
              presets={[90, 180, 365]}
            />
            {chart.isError && <QueryLoadError query={chart} title="Failed to load revenue" />}
            {chart.isPending ? (
              <Loading label="Loading revenue..." />
            ) : chart.data === undefined ? null : (
              <RevenueChart data={chart.data} />
            )}
          </div>
        </Card>
        <Card className="min-w-0 overflow-hidden">
          <CardHeader title="Wholesale and retail" description="Share of the period's revenue" />
          {chart.data ? <RevenueSplit data={chart.data} /> : chart.isPending ? <Loading /> : null}
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 overflow-hidden lg:col-span-2">
          <CardHeader
            title="Recent alerts"
            description={alerts.data ? `${alerts.data.length} open` : undefined}
          />
          {alerts.isError && (
            <div className="p-5">
              <QueryLoadError query={alerts} title="Failed to load alerts" />
            </div>
          )}
          {alerts.isPending ? (
            <Loading label="Loading alerts..." />
          ) : alerts.data === undefined ? null : (
            <>
              {returned && (
                <Alert variant="success" className="mx-5 mt-4" onDismiss={() => setReturned(null)}>
                  {returned}
                </Alert>
              )}
              <AdminAlertList
                alerts={alerts.data}
                actionFor={(a) =>
                  a.type === 'order_delivery_failed' ? (
                    <FailedOrderAction orderId={a.ref_id} onDone={setReturned} />
                  ) : null
                }
              />
            </>
          )}
        </Card>
        <Card className="min-w-0 overflow-hidden">
          <CardHeader title="Utilisation" />
          {stats.data ? <UtilisationBars stats={stats.data} /> : <Loading />}
        </Card>
      </div>
    </div>
  );
}
