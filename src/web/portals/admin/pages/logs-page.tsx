import { Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { Input } from '#web/components/ui/input';
import { QueryLoadError } from '#web/components/ui/load-error';
import { PageHeader } from '#web/components/ui/page-header';
import { PaginationBar } from '#web/components/ui/pagination-bar';
import { Select } from '#web/components/ui/select';
import { Loading } from '#web/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { type AuditQuery, useAuditLog } from '#web/features/audit-log/api/get-audit-log';
import { AuditList } from '#web/features/audit-log/components/audit-list';
import { useUsers } from '#web/features/users/api/users-api';
import { useDebouncedValue } from '#web/lib/use-debounced-value';

const PAGE_SIZE = 25;
const TABS = [
  { value: 'all', label: 'All' },
  { value: 'INSERT', label: 'Create' },
  { value: 'UPDATE', label: 'Update' },
  { value: 'DELETE', label: 'Delete' },
] as const;
/** The tables the database audits (migrations 0001, 0005). */
const TABLES = [
  'customers',
  'deliveries',
  'delivery_orders',
  'employees',
  'inventory_alert_dismissals',
  'item_confirmations',
  'notifications',
  'order_attachments',
  'order_items',
  'order_status_history',
  'orders',
  'products',
  'roles',
  'routes',
  'stock_movements',
  'stores',
  'support_messages',
  'support_requests',
  'train_allocations',
  'train_trips',
  'trucks',
  'users',
];

/** /admin/logs: tabs by operation, text search, table/actor/period filters and real pages. */
export function LogsPage() {
  const [tab, setTab] = useState<string>('all');
  const [filters, setFilters] = useState({ q: '', table: '', actor: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  /** Bumped by Clear filters: the actor box starts empty again. */
  const [cleared, setCleared] = useState(0);
  const pickActor = useCallback((actor: string) => {
    setFilters((f) => ({ ...f, actor }));
    setPage(1);
  }, []);
  const query: AuditQuery = {
    page,
    page_size: PAGE_SIZE,
    operation: tab === 'all' ? undefined : (tab as AuditQuery['operation']),
    q: filters.q.trim() || undefined,
    table: filters.table || undefined,
    actor: filters.actor || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const log = useAuditLog(query);
  const set = (key: keyof typeof filters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [key]: e.target.value }));
    setPage(1);
  };
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="space-y-4">
      <PageHeader
        title="Audit Logs"
        description="Every change to the business data, who made it and what it changed. The log cannot be edited."
      />
      <Tabs
        value={tab}
        onValueChange={(v) => {
          setTab(v);
          setPage(1);
        }}
      >
        <TabsList>
          {TABS.map((t) => (
            // the tabs filter the list below, not panels of their own: no aria-controls
            <TabsTrigger key={t.value} value={t.value} aria-controls={undefined}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <div className="relative lg:col-span-2">
          <Input
            label="Search"
            placeholder="Table name or operation"
            value={filters.q}
            onChange={set('q')}
            className="pl-9"
          />
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-400"
          />
        </div>
        <Select
          label="Table"
          value={filters.table}
          onChange={set('table')}
          placeholder="All tables"
          options={TABLES.map((t) => ({
            value: t,
            label: (t.charAt(0).toUpperCase() + t.slice(1)).replace(/_/g, ' '),
          }))}
        />
        <ActorFilter key={cleared} onChange={pickActor} />
        <Input
          label="From"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={set('from')}
        />
        <Input
          label="To"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={set('to')}
        />
      </div>
      {filtered && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setFilters({ q: '', table: '', actor: '', from: '', to: '' });
            setCleared((n) => n + 1);
            setPage(1);
          }}
        >
          Clear filters
        </Button>
      )}
      {log.isError && <QueryLoadError query={log} title="Failed to load the audit log" />}
      {log.isPending ? (
        <Loading label="Loading the audit log..." />
      ) : log.data === undefined ? null : log.data.rows.length === 0 ? (
        <EmptyState
          title="No audit entries found"
          description={filtered || tab !== 'all' ? 'Try other filters.' : undefined}
        />
      ) : (
        <>
          <AuditList rows={log.data.rows} />
          <PaginationBar page={page} pageSize={PAGE_SIZE} total={log.data.total} onPageChange={setPage} />
          {!log.data.exact && (
            <p className="text-xs text-slate-500">
              More than {log.data.total.toLocaleString('en-US')} entries match: narrow the filters to page
              through all of them.
            </p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Who performed it: typed, with the matching users suggested as you type (any number of users;
 * the server searches), applied when the text is one of them.
 */
function ActorFilter({ onChange }: { onChange: (actor: string) => void }) {
  const [text, setText] = useState('');
  const typed = useDebouncedValue(text.trim(), 250);
  const users = useUsers({ page: 1, page_size: 20, q: typed || undefined });
  const rows = users.data?.rows ?? [];
  const pickedId = rows.find((u) => u.user_name === text.trim())?.user_id;
  const actor = pickedId === undefined ? '' : String(pickedId);
  const emitted = useRef('');
  useEffect(() => {
    if (actor === emitted.current) return;
    emitted.current = actor;
    onChange(actor);
  }, [actor, onChange]);
  return (
    <>
      <Input
        label="Actor"
        list="audit-actors"
        placeholder="Anyone"
        autoComplete="off"
        value={text}
        hint={text.trim() && !actor && !users.isFetching ? 'Pick a user from the suggestions' : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <datalist id="audit-actors">
        {rows.map((u) => (
          <option key={u.user_id} value={u.user_name}>
            {u.role}
          </option>
        ))}
      </datalist>
    </>
  );
}
