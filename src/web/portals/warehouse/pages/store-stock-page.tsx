import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardHeader } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { Loading } from '#web/components/ui/spinner';
import { useStores, useStoresStock } from '#web/features/store-stock/api/get-store-stock';
import { StockLinesTable } from '#web/features/store-stock/components/stock-lines-table';
import { StoreCard } from '#web/features/store-stock/components/store-card';

const FAILED = 'Failed to load store data';

export function StoreStockPage() {
  const stores = useStores();
  const list = stores.data ?? [];
  const stocks = useStoresStock(list.map((s) => s.store_id));
  // global search opens /warehouse/store-stock?store=<id>
  const [params] = useSearchParams();
  const urlStore = Number(params.get('store')) || null;
  const [selectedId, setSelectedId] = useState<number | null>(urlStore);
  useEffect(() => {
    if (urlStore) setSelectedId(urlStore);
  }, [urlStore]);
  const index = Math.max(
    0,
    list.findIndex((s) => s.store_id === selectedId),
  );
  const store = list[index];
  const stock = stocks[index];

  return (
    <div>
      <PageHeader
        title="Store stock"
        description="Goods that arrived by train at each city's store and wait for their truck, and goods on their way."
      />
      {stores.isError && <QueryLoadError query={stores} title={FAILED} />}
      {stores.isPending ? (
        <Loading label="Loading stores..." />
      ) : stores.data === undefined ? null : list.length === 0 ? (
        <Card>
          <EmptyState title="No stores yet" description="Stores near the railway stations appear here." />
        </Card>
      ) : (
        <div className="space-y-6">
          <section aria-label="Stores" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((s, i) => (
              <StoreCard
                key={s.store_id}
                store={s}
                stock={stocks[i]?.data}
                failed={stocks[i]?.isError ?? false}
                selected={i === index}
                onSelect={() => setSelectedId(s.store_id)}
              />
            ))}
          </section>
          {store && stock && (
            <section aria-label={`${store.city} store`} className="space-y-4">
              {stock.isError && <QueryLoadError query={stock} title={FAILED} />}
              {stock.isPending ? (
                <Loading label={`Loading ${store.city}...`} />
              ) : stock.data === undefined ? null : (
                <div className="space-y-6">
                  <Card>
                    <CardHeader
                      title={`At the ${store.city} store`}
                      description={`${stock.data.totals.units_at_store.toLocaleString('en-US')} units of ${stock.data.totals.orders_at_store} orders, waiting for their truck.`}
                    />
                    <StockLinesTable
                      lines={stock.data.at_store}
                      arrived
                      emptyTitle="Nothing waiting at this store"
                    />
                  </Card>
                  <Card>
                    <CardHeader
                      title="On its way"
                      description={`${stock.data.totals.units_on_the_way.toLocaleString('en-US')} units of ${stock.data.totals.orders_on_the_way} orders booked on trains not yet arrived.`}
                    />
                    <StockLinesTable
                      lines={stock.data.on_the_way}
                      arrived={false}
                      emptyTitle="Nothing on its way"
                    />
                  </Card>
                </div>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
