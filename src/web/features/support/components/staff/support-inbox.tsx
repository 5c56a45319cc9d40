import { MessagesSquare, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SUPPORT_STATUSES, type SupportStatus } from '#shared/contract/support';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { Input } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { Loading } from '#web/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import { useSupportInbox } from '../../api/get-support-inbox';
import { SupportInboxList } from './support-inbox-list';
import { SupportRequestPane, type SupportRequestPaneProps } from './support-request-pane';

const TABS = ['Open', 'Answered', 'Closed', 'All'] as const;
type Tab = (typeof TABS)[number];

const EMPTY: Record<Tab, string> = {
  Open: 'No request is waiting for an answer.',
  Answered: 'No answered request is waiting for the customer.',
  Closed: 'No closed requests.',
  All: 'No customer has asked for help yet.',
};

/**
 * The staff support inbox (managers and admins): requests by state, newest activity first,
 * searched by number or customer, and the selected one's conversation. The state, search and
 * selected request live in the URL (?status=, ?q=, ?request=), so a notification links to one.
 */
export function SupportInbox({ orderLink }: Pick<SupportRequestPaneProps, 'orderLink'>) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Tab)
    : 'Open';
  const q = params.get('q') ?? '';
  const selected = Number(params.get('request')) || null;
  const [search, setSearch] = useState(q);
  const debounced = useDebouncedValue(search.trim(), 350);
  const pane = useRef<HTMLDivElement>(null);
  const listId = useId();
  const status: SupportStatus | null = (SUPPORT_STATUSES as readonly string[]).includes(tab)
    ? (tab as SupportStatus)
    : null;
  const inbox = useSupportInbox({ status, q });

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

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search term updates the URL
  useEffect(() => {
    if (debounced !== q) update({ q: debounced || null });
  }, [debounced]);

  function select(id: number) {
    update({ request: String(id) });
    // on a phone the pane sits below the list
    requestAnimationFrame(() => {
      if (window.matchMedia('(max-width: 1023px)').matches)
        pane.current?.scrollIntoView({ behavior: 'smooth' });
    });
  }

  const rows = inbox.data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <div className="min-w-0 space-y-4 lg:col-span-2">
        <Tabs value={tab} onValueChange={(value) => update({ status: value === 'Open' ? null : value })}>
          <TabsList aria-label="Filter requests by state" className="flex-wrap">
            {TABS.map((t) => (
              <TabsTrigger key={t} value={t} aria-controls={listId}>
                {t}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <div className="relative">
          <Input
            label="Search requests"
            type="search"
            placeholder="Customer name or #number"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400"
          />
        </div>
        <Card id={listId} className="overflow-hidden">
          {inbox.isError && (
            <div className="p-4">
              <QueryLoadError query={inbox} title="Failed to load requests" />
            </div>
          )}
          {inbox.isPending ? (
            <Loading label="Loading requests..." />
          ) : inbox.data === undefined ? null : rows.length === 0 ? (
            <EmptyState
              icon={MessagesSquare}
              title={q ? 'No requests found' : 'No requests here'}
              description={q ? `Nothing matches "${q}".` : EMPTY[tab]}
            />
          ) : (
            <>
              <SupportInboxList rows={rows} selectedId={selected} onSelect={select} />
              {inbox.hasNextPage && (
                <div className="border-t border-slate-100 px-4 py-3 text-center">
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={inbox.isFetchingNextPage}
                    onClick={() => inbox.fetchNextPage()}
                  >
                    Show older requests
                  </Button>
                </div>
              )}
            </>
          )}
        </Card>
      </div>
      <div ref={pane} className="min-w-0 lg:col-span-3">
        <Card className="p-5">
          {selected ? (
            <SupportRequestPane key={selected} requestId={selected} orderLink={orderLink} />
          ) : (
            <EmptyState
              icon={MessagesSquare}
              title="No request selected"
              description="Pick a request in the list to read the conversation and answer it."
            />
          )}
        </Card>
      </div>
    </div>
  );
}
