import { Boxes, Package, PackageX, TriangleAlert } from 'lucide-react';
import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';
import { StatCard, StatGrid } from '#web/components/ui/stat-card';

/** Total products, total units, low-stock items (below 50) and out of stock. */
export function StockTiles({ stats }: { stats: WarehouseStats }) {
  return (
    <StatGrid label="Stock figures">
      <StatCard label="Total products" value={stats.total_products} icon={Package} />
      <StatCard
        label="Total units"
        value={stats.total_units.toLocaleString('en-US')}
        icon={Boxes}
        tone="info"
        hint="At the Kandy warehouse"
      />
      <StatCard
        label="Low stock items"
        value={stats.low_stock_items}
        icon={TriangleAlert}
        tone="warning"
        hint="Below 50 units"
      />
      <StatCard label="Out of stock" value={stats.out_of_stock_items} icon={PackageX} tone="danger" />
    </StatGrid>
  );
}
