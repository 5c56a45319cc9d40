import { History, PackagePlus, Pencil, Settings2 } from 'lucide-react';
import { formatMoney } from '#shared/constants';
import type { InventoryProduct } from '#shared/contract/products';
import { Button } from '#web/components/ui/button';
import { type Column, DataTable } from '#web/components/ui/data-table';
import { EmptyState } from '#web/components/ui/empty-state';
import { StockStatusBadge } from '#web/components/ui/stock-status-badge';
import { formatDateTime } from '#web/lib/format';
import { UnitsEditor } from './units-editor';

export interface InventoryTableProps {
  products: readonly InventoryProduct[];
  editingId: number | null;
  saving: boolean;
  onEdit: (product: InventoryProduct | null) => void;
  onSaveUnits: (product: InventoryProduct, units: number, reason: string) => void;
  onReceipt: (product: InventoryProduct) => void;
  onHistory: (product: InventoryProduct) => void;
  onDetails: (product: InventoryProduct) => void;
  /** Filters are active: the empty state says nothing matched rather than no products. */
  filtered: boolean;
}

function IconButton({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: typeof History;
  onClick: () => void;
}) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} aria-label={label} title={label}>
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  );
}

/** Products with status badges, units edited in place, and each product's actions. */
export function InventoryTable(props: InventoryTableProps) {
  const { products, editingId, saving, onEdit, onSaveUnits, onReceipt, onHistory, onDetails, filtered } =
    props;
  const columns: Column<InventoryProduct>[] = [
    {
      header: 'Product',
      cell: (p) => (
        <div className="min-w-40">
          <p className="font-medium text-slate-900">{p.productName}</p>
          <p className="text-xs text-slate-500">{p.category}</p>
        </div>
      ),
    },
    { header: 'Status', cell: (p) => <StockStatusBadge units={p.available_units} />, card: 'aside' },
    {
      header: 'Available units',
      align: 'right',
      cell: (p) =>
        editingId === p.product_id ? (
          <UnitsEditor
            product={p}
            saving={saving}
            onSave={(units, reason) => onSaveUnits(p, units, reason)}
            onCancel={() => onEdit(null)}
          />
        ) : (
          <button
            type="button"
            onClick={() => onEdit(p)}
            aria-label={`Edit units of ${p.productName}: ${p.available_units}`}
            className="group inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-semibold tabular-nums text-slate-900 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {p.available_units.toLocaleString('en-US')}
            <Pencil aria-hidden="true" className="size-3.5 text-slate-400 group-hover:text-indigo-600" />
          </button>
        ),
    },
    {
      header: 'Unit price',
      align: 'right',
      cell: (p) => formatMoney(p.unitPrice),
      className: 'tabular-nums',
    },
    { header: 'Reorder point', align: 'right', cell: (p) => p.reorder_point, className: 'tabular-nums' },
    {
      header: 'Last movement',
      // may wrap after the date: at desk widths the row's actions then stay in view
      cell: (p) => (p.last_movement_at ? formatDateTime(p.last_movement_at) : 'Never'),
      className: 'min-w-28 text-slate-500',
    },
    {
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (p) => (
        <div className="flex justify-end gap-0.5">
          <IconButton
            label={`Record a receipt of ${p.productName}`}
            icon={PackagePlus}
            onClick={() => onReceipt(p)}
          />
          <IconButton
            label={`Movement history of ${p.productName}`}
            icon={History}
            onClick={() => onHistory(p)}
          />
          <IconButton
            label={`Edit details of ${p.productName}`}
            icon={Settings2}
            onClick={() => onDetails(p)}
          />
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Inventory"
      columns={columns}
      rows={products}
      rowKey={(p) => p.product_id}
      empty={
        <EmptyState
          title={filtered ? 'No products match your search' : 'No products yet'}
          description={
            filtered ? 'Try another name or category.' : 'Add the first product to start keeping stock.'
          }
        />
      }
    />
  );
}
