import { Boxes, Package, PackageX, TriangleAlert } from 'lucide-react';
import { STOCK_LOW_BELOW } from '#shared/constants';
import type { WarehouseStats } from '#shared/contract/warehouse-dashboard';
import { STOCK_LABELS } from '#shared/stock';
import { StatCard, StatGrid } from '#web/components/ui/stat-card';

/** Total products, total units, Low Stock items (1 to 49 units) and Out of Stock items (0): no product in both. */
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
        label={STOCK_LABELS.low}
        value={stats.low_stock_items}
        icon={TriangleAlert}
        tone="warning"
        hint={`Products with 1 to ${STOCK_LOW_BELOW - 1} units`}
      />
      <StatCard
        label={STOCK_LABELS['out of stock']}
        value={stats.out_of_stock_items}
        icon={PackageX}
        tone="danger"
        hint="Products at 0 units"
      />
    </StatGrid>
  );
}
