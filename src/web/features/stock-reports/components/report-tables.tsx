import { formatMoney } from '#shared/constants';
import type { CurrentStockRow, ProductPerformanceRow } from '#shared/contract/stock-reports';
import { STOCK_LABELS, STOCK_STATUSES } from '#shared/stock';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import type { Column } from '#web/components/ui/data-table';
import { STOCK_TONES } from '#web/components/ui/stock-status-badge';

// the server writes the words of src/shared/stock.ts: each reads in the colour of its level
const STATUS_TONES: Record<string, BadgeTone> = Object.fromEntries(
  STOCK_STATUSES.map((s) => [STOCK_LABELS[s], STOCK_TONES[s]]),
);

const status = (label: string) => <Badge tone={STATUS_TONES[label] ?? 'neutral'}>{label}</Badge>;
const int = (n: number) => n.toLocaleString('en-US');
const product = (r: { product_name: string; category: string }) => (
  <div className="min-w-36">
    <p className="font-medium text-slate-900">{r.product_name}</p>
    <p className="text-xs text-slate-500">{r.category}</p>
  </div>
);

export const currentStockColumns: Column<CurrentStockRow>[] = [
  { header: 'Product', cell: product },
  { header: 'Current stock', align: 'right', className: 'tabular-nums', cell: (r) => int(r.current_stock) },
  { header: 'Unit price', align: 'right', className: 'tabular-nums', cell: (r) => formatMoney(r.unit_price) },
  {
    header: 'Stock value',
    align: 'right',
    className: 'tabular-nums',
    cell: (r) => formatMoney(r.stock_value),
  },
  {
    header: 'Sold in period',
    align: 'right',
    className: 'tabular-nums',
    cell: (r) => int(r.total_quantity_sold),
  },
  { header: 'Status', cell: (r) => status(r.stock_status) },
];

export const productPerformanceColumns: Column<ProductPerformanceRow>[] = [
  { header: 'Product', cell: product },
  { header: 'Unit price', align: 'right', className: 'tabular-nums', cell: (r) => formatMoney(r.unit_price) },
  {
    header: 'Units sold',
    align: 'right',
    className: 'tabular-nums',
    cell: (r) => int(r.total_quantity_sold),
  },
  { header: 'Revenue', align: 'right', className: 'tabular-nums', cell: (r) => formatMoney(r.total_revenue) },
  { header: 'Orders', align: 'right', className: 'tabular-nums', cell: (r) => int(r.order_count) },
  { header: 'Available', align: 'right', className: 'tabular-nums', cell: (r) => int(r.available_units) },
  { header: 'Stock status', cell: (r) => status(r.stock_status) },
];
