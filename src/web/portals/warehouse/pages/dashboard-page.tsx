import { PackagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useWarehouseStats } from '#web/features/warehouse-dashboard/api/get-warehouse-stats';
import { CategoryChart } from '#web/features/warehouse-dashboard/components/category-chart';
import { RecentUpdates } from '#web/features/warehouse-dashboard/components/recent-updates';
import { StockTiles } from '#web/features/warehouse-dashboard/components/stock-tiles';
import { StockTrendChart } from '#web/features/warehouse-dashboard/components/stock-trend-chart';
import { paths } from '#web/lib/paths';

function DashboardBody() {
  const stats = useWarehouseStats();
  if (stats.isPending) return <Loading label="Loading the dashboard..." />;
  if (stats.isError) {
    return (
      <LoadError title="Failed to load the dashboard" error={stats.error} onRetry={() => stats.refetch()} />
    );
  }
  const data = stats.data;
  if (data.total_products === 0) {
    return (
      <Card>
        <EmptyState
          icon={PackagePlus}
          title="No data available. Please add products to the inventory."
          action={
            <Link to={paths.warehouse.inventory} className={buttonClasses('primary', 'sm')}>
              Go to inventory
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <StockTiles stats={data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Stock trend" description="Units issued to orders and received, per day." />
          <CardBody>
            <StockTrendChart trend={data.stock_trend} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Category distribution" description="Units in stock per category." />
          <CardBody>
            <CategoryChart data={data.category_distribution} />
          </CardBody>
        </Card>
      </div>
      <Card>
        <CardHeader
          title="Recent updates"
          description="The latest stock movements and the units each left."
          actions={
            <Link
              to={paths.warehouse.inventory}
              className="text-sm font-medium text-indigo-700 hover:underline"
            >
              Inventory
            </Link>
          }
        />
        <RecentUpdates updates={data.recent_updates} />
      </Card>
    </div>
  );
}

export function WarehouseDashboardPage() {
  return (
    <div>
      <PageHeader title="Warehouse dashboard" description="Stock at the Kandy warehouse at a glance." />
      <DashboardBody />
    </div>
  );
}
