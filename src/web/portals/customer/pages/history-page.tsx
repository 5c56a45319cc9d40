import { FileDown, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '#shared/constants';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { PageHeader } from '#web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useExportOrders } from '#web/features/orders/api/export-orders';
import { useCustomerStats } from '#web/features/orders/api/get-customer-stats';
import { OrderHistoryList } from '#web/features/orders/components/order-history-list';
import {
  HISTORY_TABS,
  type HistoryTab,
  parseHistoryTab,
  tabCount,
  tabStatus,
} from '#web/features/orders/lib/history-tabs';
import { knownText } from '#web/i18n/known-texts';
import { type MessageKey, useT } from '#web/i18n/provider';
import { parsePage } from '#web/lib/pagination';
import { useDebouncedValue } from '#web/lib/use-debounced-value';

const TAB_WORDS: Record<HistoryTab, MessageKey> = {
  All: 'customer.history.all',
  'In Transit': 'order.status.inTransit',
  Scheduled: 'order.status.scheduled',
  Pending: 'order.status.pending',
  Delivered: 'order.status.delivered',
};

/** Order history: status tabs with counts, search, paged table and CSV export; filters live in the URL. */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const tab = parseHistoryTab(params.get('status'));
  const q = params.get('q') ?? '';
  const page = parsePage(params.get('page'));
  const [search, setSearch] = useState(q);
  const debouncedSearch = useDebouncedValue(search.trim(), 350);
  const stats = useCustomerStats();
  const exportCsv = useExportOrders();
  const t = useT();

  function update(changes: Record<string, string | null>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search term should reset the page
  useEffect(() => {
    if (debouncedSearch !== q) update({ q: debouncedSearch || null, page: null });
  }, [debouncedSearch]);

  // The URL changed elsewhere (sidebar link, back button): show its search term.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the URL only
  useEffect(() => {
    if (q !== search.trim() && q !== debouncedSearch) setSearch(q);
  }, [q]);

  const status = tabStatus(tab);
  const query = { status, q: q || undefined, page, page_size: DEFAULT_PAGE_SIZE };

  return (
    <div>
      <PageHeader
        title={t('nav.orderHistory')}
        description={t('customer.history.lead')}
        actions={
          <Button
            variant="secondary"
            onClick={() => exportCsv.mutate({ status, q: q || undefined })}
            loading={exportCsv.isPending}
          >
            {!exportCsv.isPending && <FileDown aria-hidden="true" className="size-4" />}
            {t('customer.history.export')}
          </Button>
        }
      />
      {exportCsv.isError && (
        <Alert
          variant="error"
          title={t('customer.history.exportFailed')}
          className="mb-4"
          onDismiss={() => exportCsv.reset()}
        >
          {knownText(t, exportCsv.error.message)}
        </Alert>
      )}
      <Tabs
        value={tab}
        onValueChange={(value) => update({ status: value === 'All' ? null : value, page: null })}
      >
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <TabsList aria-label={t('customer.history.filter')} className="flex-wrap">
            {HISTORY_TABS.map((value: HistoryTab) => {
              const count = tabCount(stats.data, value);
              return (
                <TabsTrigger key={value} value={value}>
                  {t(TAB_WORDS[value])}
                  {count !== null && (
                    <span className="rounded-full bg-slate-200/70 px-1.5 text-xs tabular-nums text-slate-700">
                      {count}
                    </span>
                  )}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <div className="relative lg:w-72">
            <Input
              label={t('customer.history.search')}
              type="search"
              placeholder={t('customer.history.searchHint')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400"
            />
          </div>
        </div>
        {HISTORY_TABS.map((value) => (
          <TabsContent key={value} value={value}>
            <Card className="overflow-hidden">
              <OrderHistoryList
                query={query}
                onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
              />
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
