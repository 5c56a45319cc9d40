import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { InventoryProduct, StockMovement } from '#shared/contract/products';
import { STOCK_REASON_LABELS } from '#shared/stock';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { type Column, DataTable } from '#web/components/ui/data-table';
import { Dialog } from '#web/components/ui/dialog';
import { EmptyState } from '#web/components/ui/empty-state';
import { LoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { formatDateTime } from '#web/lib/format';
import { MOVEMENTS_PAGE_SIZE, useMovements } from '../api/get-movements';
import { formatDelta } from '../lib/format';

const REASON_TONES: Record<StockMovement['reason'], BadgeTone> = {
  initial: 'neutral',
  order_reserved: 'brand',
  order_cancelled: 'purple',
  manual_count: 'warning',
  production_receipt: 'success',
  delivery_returned: 'info',
};

const columns: Column<StockMovement>[] = [
  { header: 'When', cell: (m) => formatDateTime(m.created_at), className: 'whitespace-nowrap' },
  {
    header: 'Reason',
    cell: (m) => <Badge tone={REASON_TONES[m.reason]}>{STOCK_REASON_LABELS[m.reason]}</Badge>,
  },
  {
    header: 'Change',
    align: 'right',
    className: 'tabular-nums font-medium',
    cell: (m) => (
      <span className={m.delta < 0 ? 'text-red-700' : 'text-emerald-700'}>{formatDelta(m.delta)}</span>
    ),
  },
  {
    header: 'Balance after',
    align: 'right',
    className: 'tabular-nums',
    cell: (m) => m.balance_after.toLocaleString('en-US'),
  },
  { header: 'By', cell: (m) => m.created_by ?? 'System' },
  {
    header: 'Order / note',
    cell: (m) => (
      <span className="text-slate-600">
        {m.order_id !== null && <span className="font-medium text-slate-800">Order #{m.order_id}</span>}
        {m.order_id !== null && m.note ? ' · ' : ''}
        {m.note}
      </span>
    ),
  },
];

function History({ product }: { product: InventoryProduct }) {
  const [page, setPage] = useState(1);
  const movements = useMovements(product.product_id, page);
  if (movements.isPending) return <Loading label="Loading the movement history..." />;
  if (movements.isError) {
    return (
      <LoadError
        title="Failed to load the movement history"
        error={movements.error}
        onRetry={() => movements.refetch()}
      />
    );
  }
  const { rows, total } = movements.data;
  const pages = Math.max(1, Math.ceil(total / MOVEMENTS_PAGE_SIZE));
  return (
    <div className="space-y-3">
      <DataTable
        caption={`Stock movements of ${product.productName}`}
        columns={columns}
        rows={rows}
        rowKey={(m) => m.movement_id}
        empty={
          <EmptyState title="No movements yet" description="Counts, receipts and orders will appear here." />
        }
      />
      {total > MOVEMENTS_PAGE_SIZE && (
        <nav aria-label="Movement pages" className="flex items-center justify-between text-sm text-slate-600">
          <span>
            {total.toLocaleString('en-US')} movements · page {page} of {pages}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <ChevronLeft aria-hidden="true" className="size-4" /> Newer
            </Button>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}

/** A product's stock ledger, newest first: reason, change, balance after, who, when, order. */
export function MovementHistoryDialog({
  product,
  onClose,
}: {
  product: InventoryProduct | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title={product ? `Movement history: ${product.productName}` : 'Movement history'}
      description={
        product ? `${product.available_units.toLocaleString('en-US')} units available now.` : undefined
      }
    >
      {product && <History key={product.product_id} product={product} />}
    </Dialog>
  );
}
