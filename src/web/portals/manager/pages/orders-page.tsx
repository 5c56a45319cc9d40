import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { OrderStatus } from '#shared/order-status';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { Input } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { PaginationBar } from '#web/components/ui/pagination-bar';
import { Loading } from '#web/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useOrders } from '#web/features/orders/api/get-orders';
import { ManagerOrdersTable } from '#web/features/orders/components/manager/manager-orders-table';
import { OrderDecisionPane } from '#web/features/orders/components/manager/order-decision-pane';
import { parsePage } from '#web/lib/pagination';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import { useUrlFilters } from '../use-url-filters';

/** The orders a manager works on: not delivered. Pending first, the work of the day. */
const TABS: readonly OrderStatus[] = ['Pending', 'Scheduled', 'In Transit', 'Cancelled'];
const PAGE_SIZE = 10;

/** /manager/orders: non-delivered orders by status, search and pages, with the decision pane. */
export function ManagerOrdersPage() {
  const { params, update } = useUrlFilters();
  const status = (TABS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as OrderStatus)
    : 'Pending';
  const q = params.get('q') ?? '';
  const page = parsePage(params.get('page'));
  const selected = Number(params.get('order')) || null;
  const [search, setSearch] = useState(q);
  const debounced = useDebouncedValue(search.trim(), 350);
  const pane = useRef<HTMLDivElement>(null);
  const listId = useId();
  const orders = useOrders({ status, q: q || undefined, page, page_size: PAGE_SIZE });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search term resets the page
  useEffect(() => {
    if (debounced !== q) update({ q: debounced || null, order: params.get('order') });
  }, [debounced]);

  function select(id: number) {
    update({ order: String(id), page: params.get('page') });
    // on a phone the pane sits below the list
    requestAnimationFrame(() => {
      if (window.matchMedia('(max-width: 1023px)').matches)
        pane.current?.scrollIntoView({ behavior: 'smooth' });
    });
  }

  const empty = (
    <EmptyState
      title={status === 'Pending' && !q ? 'No pending orders' : 'No orders found'}
      description={q ? `Nothing matches "${q}".` : `No ${status} orders right now.`}
    />
  );

  return (
    <div>
      <PageHeader
        title="Orders"
        description="Approve, book on trains or reject the orders not yet delivered."
      />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-4 lg:col-span-3">
          <div className="flex flex-col gap-3">
            <Tabs
              value={status}
              onValueChange={(value) => update({ status: value === 'Pending' ? null : value, order: null })}
            >
              <TabsList aria-label="Filter orders by status" className="flex-wrap">
                {TABS.map((t) => (
                  <TabsTrigger key={t} value={t} aria-controls={listId}>
                    {t}
                  </TabsTrigger>
                ))}
              </TabsList>
            </Tabs>
            <div className="relative">
              <Input
                label="Search orders"
                type="search"
                placeholder="Order number, customer, address or product"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className="pl-9"
              />
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400"
              />
            </div>
          </div>
          <Card id={listId} className="overflow-hidden">
            {orders.isError && (
              <div className="p-4">
                <QueryLoadError query={orders} title={`Failed to load the ${status} orders`} />
              </div>
            )}
            {orders.isPending ? (
              <Loading label="Loading orders..." />
            ) : orders.data === undefined ? null : (
              <>
                <ManagerOrdersTable
                  rows={orders.data.rows}
                  selectedId={selected}
                  onSelect={select}
                  empty={empty}
                />
                <div className="border-t border-slate-100 px-4 py-3">
                  <PaginationBar
                    page={page}
                    pageSize={PAGE_SIZE}
                    total={orders.data.total}
                    onPageChange={(next) =>
                      update({ page: next > 1 ? String(next) : null, order: params.get('order') })
                    }
                  />
                </div>
              </>
            )}
          </Card>
        </div>
        <div ref={pane} className="min-w-0 lg:col-span-2">
          <Card className="p-5 lg:sticky lg:top-20">
            {selected ? (
              <OrderDecisionPane key={selected} orderId={selected} />
            ) : (
              <EmptyState
                title="No order selected"
                description="Pick an order in the list to see it and decide on it."
              />
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
