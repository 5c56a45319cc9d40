import { Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { InventoryProduct, StockChangeResponse } from '#shared/contract/products';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useInventory } from '#web/features/inventory/api/get-inventory';
import { useUpdateStock } from '#web/features/inventory/api/stock-mutations';
import { InventoryFilters } from '#web/features/inventory/components/inventory-filters';
import { InventoryTable } from '#web/features/inventory/components/inventory-table';
import { MovementHistoryDialog } from '#web/features/inventory/components/movement-history-dialog';
import { ProductDialog } from '#web/features/inventory/components/product-dialog';
import { ReceiptDialog } from '#web/features/inventory/components/receipt-dialog';
import { useFlashMessage } from '#web/features/inventory/components/use-flash-message';

/** What a count did, when orders moved the stock while it was being made. */
function concurrentNote(result: StockChangeResponse) {
  const moved = result.concurrent_change;
  if (moved === 0) return undefined;
  const what = moved < 0 ? `${-moved} units were reserved by orders` : `${moved} units came back`;
  return `${what} while you counted; your count was applied to the current balance, so ${result.product.productName} now has ${result.product.available_units} units.`;
}

export function InventoryPage() {
  const inventory = useInventory();
  const updateStock = useUpdateStock();
  const flash = useFlashMessage();
  // global search opens /warehouse/inventory?q=<name>[&history=<product id>]
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('q') ?? '';
  const urlHistory = Number(params.get('history')) || null;
  const [search, setSearch] = useState(urlSearch);
  const [category, setCategory] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const [receiptFor, setReceiptFor] = useState<InventoryProduct | null>(null);
  const [historyFor, setHistoryFor] = useState<InventoryProduct | null>(null);
  const [detailsFor, setDetailsFor] = useState<InventoryProduct | 'new' | null>(null);

  useEffect(() => setSearch(urlSearch), [urlSearch]);
  useEffect(() => {
    if (!urlHistory || !inventory.data) return;
    const product = inventory.data.find((p) => p.product_id === urlHistory);
    if (product) setHistoryFor(product);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('history');
        return next;
      },
      { replace: true },
    );
  }, [urlHistory, inventory.data, setParams]);

  const products = inventory.data ?? [];
  const categories = useMemo(() => [...new Set(products.map((p) => p.category))].sort(), [products]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return products.filter(
      (p) =>
        (!category || p.category === category) &&
        (!needle ||
          p.productName.toLowerCase().includes(needle) ||
          p.category.toLowerCase().includes(needle)),
    );
  }, [products, search, category]);

  const saveUnits = (product: InventoryProduct, units: number, reason: string) => {
    flash.clear();
    updateStock.mutate(
      {
        productId: product.product_id,
        available_units: units,
        previous_units: product.available_units,
        reason: reason || undefined,
      },
      {
        onSuccess: (result) => {
          setEditingId(null);
          const note = concurrentNote(result);
          flash.show(
            note
              ? { variant: 'info', title: 'Stock updated successfully', body: note }
              : { variant: 'success', title: 'Stock updated successfully' },
          );
        },
        onError: (error) =>
          flash.show({ variant: 'error', title: 'Failed to update stock', body: error.message }),
      },
    );
  };

  return (
    <div>
      <PageHeader
        title="Inventory"
        description="Units available at the Kandy warehouse. Click a number to record a count."
        actions={
          <Button onClick={() => setDetailsFor('new')} disabled={!inventory.isSuccess}>
            <Plus aria-hidden="true" className="size-4" />
            Add product
          </Button>
        }
      />
      <div className="space-y-4">
        {flash.message && (
          <Alert variant={flash.message.variant} title={flash.message.title} onDismiss={flash.clear}>
            {flash.message.body}
          </Alert>
        )}
        {inventory.isError && <QueryLoadError query={inventory} title="Failed to load products" />}
        {inventory.isPending ? (
          <Loading label="Loading products..." />
        ) : inventory.data === undefined ? null : (
          <>
            <InventoryFilters
              search={search}
              category={category}
              categories={categories}
              onSearch={setSearch}
              onCategory={setCategory}
            />
            <Card>
              <InventoryTable
                products={shown}
                filtered={shown.length !== products.length}
                editingId={editingId}
                saving={updateStock.isPending}
                onEdit={(p) => setEditingId(p?.product_id ?? null)}
                onSaveUnits={saveUnits}
                onReceipt={setReceiptFor}
                onHistory={setHistoryFor}
                onDetails={setDetailsFor}
              />
            </Card>
            <p className="text-xs text-slate-500">
              {shown.length} of {products.length} products ·{' '}
              {products.reduce((n, p) => n + p.available_units, 0).toLocaleString('en-US')} units in stock
            </p>
          </>
        )}
      </div>
      <ReceiptDialog
        product={receiptFor}
        onClose={() => setReceiptFor(null)}
        onRecorded={(r) =>
          flash.show({
            variant: 'success',
            title: 'Receipt recorded',
            body: `${r.movement?.delta ?? 0} units of ${r.product.productName} received; ${r.product.available_units} available now.`,
          })
        }
      />
      <MovementHistoryDialog product={historyFor} onClose={() => setHistoryFor(null)} />
      <ProductDialog
        target={detailsFor}
        categories={categories}
        onClose={() => setDetailsFor(null)}
        onSaved={(p, created) =>
          flash.show({
            variant: 'success',
            title: created ? `${p.productName} added` : `${p.productName} saved`,
          })
        }
      />
    </div>
  );
}
